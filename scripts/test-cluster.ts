/**
 * npm run test:cluster (issue 29): three instances of the compiled server on one PostgreSQL, behind a
 * round-robin proxy (scripts/cluster-proxy.mjs), prove that what must happen once happens once and that
 * the cluster serves on when an instance dies.
 *
 * Needs DATABASE_URL (a PostgreSQL: a fresh database of its own is made on it through that connection and
 * dropped after), the built default brand (DIST_ROOT/default, `npx rsbuild build`) and the compiled server
 * (build/server/main.mjs, compiled here first). The instances run in test mode (NODE_ENV=test: the
 * test routes the flows read, the SMS and mail outbox in one shared folder), the same JWT_SECRET and
 * development network secret, PUBLIC_URL the proxy's (as behind a real balancer), the login limits lifted
 * (all load comes from one address), logs to files; the first seeds the demo member. Ports 3500-3599.
 * Nothing is pinned: the instances, the proxy, PostgreSQL and this process (the load) share the cores.
 *
 * 1. Races across the instances, 50 concurrent requests each through the proxy, each checked in SQL:
 *    withdrawals of a whole balance, copies of one network postback, promo credit, the SMS code of a phone,
 *    protection's "check now".
 * 2. 60 s of mixed traffic at 50 connections (drawn pages, catalog API, sign-in, token sync, postbacks):
 *    no error, p99 under 200 ms, except that
 * 3. one instance is killed with SIGKILL during it: no money moves twice (SQL), the other two serve on,
 *    and the only failed requests are those in flight on the killed one (their count is printed);
 * 4. it is started again and rejoins (serves requests again).
 * Exits 1 when a goal is missed.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { sign } from '../server/lib/coins.ts'
import { constants } from '../src/config/constants.ts'
import { freePort } from './bench-proc.ts'
import { p99Between, type SteadyRequest, steadyLoad } from './bench-rate.ts'
import { buildServer, SERVER_BUNDLE } from './build-server.mjs'

const root = join(import.meta.dirname, '..')
const adminUrl = process.env.DATABASE_URL
const distRoot = resolve(root, process.env.DIST_ROOT || 'dist')
/** The run: seconds of mixed traffic (after a warm-up), when the kill and the restart come, its load. */
const { MIXED_SECONDS, WARMUP_SECONDS, KILL_AT_S, RESTART_AT_S, CONNECTIONS, RATE } = {
  MIXED_SECONDS: 60,
  /** a ramp: the first half at half the rate (the instances' code is compiled as the traffic grows) */
  WARMUP_SECONDS: 20,
  KILL_AT_S: 20,
  RESTART_AT_S: 35,
  CONNECTIONS: 50,
  /**
   * Requests per second in all, over the 50 connections: a latency goal means something at a stated
   * load. Unbounded, the three instances, the proxy and the load generator share this machine's two
   * cores and the p99 measures the queue at saturation (about 1,000 req/s on 2026-11-26's machine), not
   * the cluster. 600 until 2026-11-27: on that day's slower machines of the same kind the restarted
   * instance's boot, on the same two cores, took the p99 of the restart's seconds to 250 to 330 ms and
   * the minute's to 167 to 210 ms in four runs (CI's 192).
   */
  RATE: 500,
}
/** Requests at once in each race; the mixed traffic's p99 goal; the first port of the range. */
const [RACE, GOAL_P99_MS, PORTS] = [50, 200, 3500]
const DEVNET_SECRET = randomBytes(24).toString('hex')
const PASSWORD = 'correct horse battery'
const DEMO = { email: 'demo@example.com', password: 'demo-rewards-2024' }

if (!adminUrl) {
  console.error('test:cluster needs DATABASE_URL (a PostgreSQL it may create a database on).')
  process.exit(1)
}
if (!existsSync(join(distRoot, 'default/index.html'))) {
  console.error(`test:cluster needs the built default brand in ${distRoot}/default (npx rsbuild build).`)
  process.exit(1)
}
// compiled afresh (esbuild, about a second): never a bundle older than the sources
console.log(`Compiled the server in ${await buildServer()} ms.`)

const work = mkdtempSync(join(tmpdir(), 'test-cluster-'))
const dbName = `cluster_${randomBytes(5).toString('hex')}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${dbName}`)
const u = new URL(adminUrl)
u.pathname = `/${dbName}`
const databaseUrl = u.toString()
const db = new pg.Pool({ connectionString: databaseUrl, max: 4 })
// an idle connection is ended when the database is dropped at the end
db.on('error', () => {})

/**
 * --p99-report-only: the mixed traffic's p99 is printed, MISS included, but does not fail the run (for a
 * machine too busy to measure; CI gates it). The load is a steady RATE requests a second, evenly spaced,
 * each latency counted from the moment the request was due (scripts/bench-rate.ts); autocannon's
 * overallRate sent each connection's quota for the second in a burst at its start, and measured that
 * burst's queue (649 to 930 ms). Two things made the p99 hold (CLUSTER_SECONDS=1 prints it each second):
 * - the restarted instance got its full share the moment it was ready, with its code not compiled and its
 *   caches empty: each of its first seconds had a p99 of 550 to 2,000 ms (13 to 30 ms while two served).
 *   The proxy now ramps a newly ready instance over 10 s (slow start, as real balancers do);
 * - the warm-up was 5 s at the full rate with every instance cold, and its queue reached into the first
 *   seconds measured (one run's p99 before the kill: 465 ms): it is now 20 s, the first half at half rate
 *   (10 s until 2026-11-27: on a slower machine the first 10 s measured were still 40 to 95 ms a second
 *   against 22 to 43 after, and one CI run's p99 before the kill was 197 ms).
 * Three runs after both: p99 48, 54 and 50 ms (before: 78, 199, 61, then 241, 275, 289 ms).
 */
const p99ReportOnly = process.argv.includes('--p99-report-only')
const goals: [string, boolean, string][] = []
/** Goals missed but only reported (--p99-report-only): named in the summary, not failing the run. */
const reported: string[] = []
function goal(name: string, ok: boolean, detail: string, reportOnly = false) {
  goals.push([name, ok || reportOnly, detail])
  if (!ok && reportOnly) reported.push(name)
  console.log(
    `  ${ok ? 'ok  ' : reportOnly ? 'MISS (reported, not failing: --p99-report-only)' : 'MISS'} ${name}: ${detail}`,
  )
}

// ---------------------------------------------------------------- instances and proxy
interface Instance {
  n: number
  port: number
  log: string
  child?: ChildProcess
}
const jwtSecret = randomBytes(32).toString('hex')
let publicUrl = ''
const outbox = join(work, 'outbox')

async function startInstance(i: Instance, seed: boolean) {
  const fd = openSync(i.log, 'a')
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const k of ['LOG_LEVEL', 'CATALOG_CACHE_SECONDS', 'DATA_DIR', 'PUBLIC_URL']) delete env[k]
  // CLUSTER_PROF=<folder>: each instance writes a V8 CPU profile there when it exits (not the killed one)
  const prof = process.env.CLUSTER_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CLUSTER_PROF}`] : []
  i.child = spawn(process.execPath, [...prof, '--enable-source-maps', SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      // the request log as production writes it, nothing for a request that succeeds (server/app.ts
      // ProductionRequestLog): test mode's two info lines per request, written synchronously, were 14% of
      // an instance's CPU in the mixed minute (a CLUSTER_PROF profile), which production never spends
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(i.port),
      DATABASE_URL: databaseUrl,
      DIST_ROOT: distRoot,
      JWT_SECRET: jwtSecret,
      NETWORK_SECRET_DEVNET: DEVNET_SECRET,
      SEED_DEMO: seed ? '1' : '0',
      OUTBOX_DIR: outbox,
      LOGIN_LIMIT_PER_IP: '1000000',
      LOGIN_LIMIT_PER_EMAIL: '1000000',
      SHUTDOWN_DRAIN_SECONDS: '0',
      // the cookie prefix the protection flow's cookie is named with (config/app.json)
      APP_ENV: 'local',
      // the address members use is the balancer's, the same on every instance (links, OAuth callbacks)
      PUBLIC_URL: publicUrl,
    },
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  const t0 = Date.now()
  while (Date.now() - t0 < 120_000) {
    if (i.child.exitCode !== null)
      throw new Error(
        `instance ${i.n} exited:\n${readFileSync(i.log, 'utf8').split('\n').slice(-15).join('\n')}`,
      )
    try {
      if ((await fetch(`http://127.0.0.1:${i.port}/api/health/ready`)).status === 200) return Date.now() - t0
    } catch {
      // not listening yet
    }
    await sleep(100)
  }
  throw new Error(`instance ${i.n} was not ready in 120 s (${i.log})`)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const instances: Instance[] = []
let proxy: ChildProcess | undefined
function stopAll() {
  for (const i of instances)
    if (i.child && i.child.exitCode === null && !i.child.killed) i.child.kill('SIGTERM')
  if (proxy && proxy.exitCode === null) proxy.kill('SIGTERM')
}
process.on('exit', stopAll)

interface UpStats {
  port: number
  ready: boolean
  served: number
  failed: number
  refused: number
}
let base = ''
type Took = Record<string, { n: number; p50: number; p99: number; max: number }>
const proxyStats = async () =>
  (await (await fetch(`${base}/__proxy/stats`)).json()) as {
    upstreams: UpStats[]
    took: Took
    noneReady: number
    statuses: Record<string, number>
  }
const stats = async () => (await proxyStats()).upstreams

// ---------------------------------------------------------------- HTTP through the proxy
interface Reply {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  body: any
}
async function call(method: string, path: string, body?: unknown, token?: string): Promise<Reply> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  const text = await r.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = text
  }
  return { status: r.status, body: parsed }
}
const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)))
const count = <T>(xs: T[], f: (x: T) => boolean) => xs.filter(f).length
const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) =>
  (await db.query(sql, args)).rows as T[]
/** Every instance drops what it keeps of a member whose row was changed here (lib/changes.ts 'sessions'). */
const forgetEverywhere = (uid: number) => q(`SELECT pg_notify('sessions_public', $1)`, [`user:${uid}`])

async function member(extra: Record<string, unknown> = {}) {
  const email = `cluster-${randomUUID()}@example.com`
  const r = await call('POST', '/api/web/register', {
    name: 'Cluster Member',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...extra,
  })
  if (r.status !== 200) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`)
  const id = r.body.user.user_id as number
  await q('UPDATE users SET is_verified = true, coin_onboarding = 1 WHERE id = $1', [id])
  await forgetEverywhere(id)
  return { id, email, token: r.body.login_token as string }
}

/** A click of the member at a store, as the click route records it (5 %). */
async function click(uid: number, storeId: number) {
  const id = randomBytes(16).toString('base64url')
  await q('INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value) VALUES ($1, $2, $3, $4, 500)', [
    id,
    uid,
    storeId,
    'percent',
  ])
  return id
}
function postbackPath(clickId: string, order: string) {
  const params = {
    currency: 'USD',
    ordered_at: new Date().toISOString(),
    commission_cents: '100',
    u1: clickId,
    order_id: order,
    sale_cents: '10000',
    status: 'pending',
  }
  return `/api/networks/devnet/postback?${new URLSearchParams({ ...params, sig: sign(params, 'sig', DEVNET_SECRET) })}`
}

// ---------------------------------------------------------------- the races
async function raceWithdrawals() {
  const m = await member()
  await q(
    `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, benefit_type)
     VALUES ($1, 'cashback', 'cash', 2345, 'payable', 'Cash back on a purchase', $2, 'cashback')`,
    [m.id, `test:cluster:${randomUUID()}`],
  )
  await forgetEverywhere(m.id)
  // the whole balance, each with its own idempotency key: one may book, the others find no money left
  const whole = { kind: 'cash', method: 'paypal', destination: `w${m.id}@example.com`, amount: 2345 }
  const replies = await times(RACE, () =>
    call(
      'POST',
      '/api/account/withdrawals',
      { ...whole, password: PASSWORD, idempotency_key: randomUUID() },
      m.token,
    ),
  )
  const [row] = await q<{ w: number; sum: number }>(
    `SELECT (SELECT count(*)::int FROM withdrawals WHERE user_id = $1) AS w,
       (SELECT COALESCE(sum(amount), 0)::int FROM ledger WHERE user_id = $1 AND currency = 'cash') AS sum`,
    [m.id],
  )
  const ok = count(replies, (r) => r.status === 200)
  const refused = count(replies, (r) => r.status === 422 && r.body.code === 'insufficient_balance')
  goal(
    `withdrawals: ${RACE} of the whole balance at once`,
    ok === 1 && refused === RACE - 1 && row!.w === 1 && row!.sum === 0,
    `${ok} booked, ${refused} insufficient_balance; SQL: ${row!.w} withdrawal, balance ${row!.sum} cents`,
  )
}

async function racePostbacks(storeId: number) {
  const m = await member()
  const order = `RACE-${randomUUID()}`
  const path = postbackPath(await click(m.id, storeId), order)
  const replies = await times(RACE * 2, () => call('GET', path))
  const rows = await q<{ amount: number }>(
    `SELECT l.amount FROM ledger l JOIN conversions c ON c.id = l.conversion_id
     WHERE c.network = 'devnet' AND c.order_id = $1`,
    [order],
  )
  const ok = count(replies, (r) => r.status === 200)
  goal(
    `network postbacks: ${RACE * 2} copies of one at once`,
    ok === RACE * 2 && rows.length === 1 && rows[0]!.amount === 500,
    `${ok} answered 200; SQL: ${rows.length} ledger row (${rows.map((r) => r.amount).join(', ')} cents)`,
  )
}

async function racePromo() {
  const m = await member({ register_promo: 'flow5' })
  const replies = await times(RACE, (i) =>
    call('POST', i % 2 ? '/api/give-credit?ucb=flow5' : '/api/give-credit', {}, m.token),
  )
  const rows = await q<{ source_ref: string }>(
    "SELECT source_ref FROM ledger WHERE user_id = $1 AND kind = 'promo_credit'",
    [m.id],
  )
  const paid = count(replies, (r) => r.status === 200 && r.body.already_credited === false)
  const already = count(replies, (r) => r.status === 200 && r.body.already_credited === true)
  goal(
    `promo credit: ${RACE} calls at once`,
    paid === 1 && already === RACE - 1 && rows.length === 1,
    `${paid} paid, ${already} already_credited; SQL: ${rows.length} promo_credit row`,
  )
}

async function raceSmsCode() {
  const m = await member()
  const phone = `+1555${String(Date.now()).slice(-7)}`
  const sent = await call('POST', '/api/account/phone/code', { phone }, m.token)
  if (sent.status !== 200) throw new Error(`phone code: ${sent.status} ${JSON.stringify(sent.body)}`)
  const sms = await call('GET', `/api/dev/sms?to=${encodeURIComponent(phone)}`)
  const code = (sms.body.data[0]?.body as string | undefined)?.match(/\b(\d{4,10})\b/)?.[1]
  if (!code) throw new Error(`no text message to ${phone}`)
  const replies = await times(RACE, () => call('POST', '/api/account/phone/verify', { phone, code }, m.token))
  const rows = await q<{ used: boolean }>(
    'SELECT used_at IS NOT NULL AS used FROM phone_codes WHERE user_id = $1',
    [m.id],
  )
  const ok = count(replies, (r) => r.status === 200)
  const gone = count(replies, (r) => r.status === 410)
  goal(
    `SMS codes: ${RACE} verifications of one code at once`,
    ok === 1 && gone === RACE - 1 && rows.length === 1 && rows[0]!.used,
    `${ok} verified, ${gone} answered 410; SQL: ${rows.length} code, used ${rows[0]?.used}`,
  )
}

/** Links the member's account at the development provider (consent, then the callback with the cookie). */
async function linkAmazon(token: string, cookie: string, account: string) {
  const auth = await call('POST', '/api/linked/accounts/authorize', { provider: 'amazon' }, token)
  if (auth.status !== 200) throw new Error(`authorize: ${auth.status} ${JSON.stringify(auth.body)}`)
  const url = new URL(auth.body.url, base)
  const consent = await fetch(`${base}${url.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      ...Object.fromEntries(url.searchParams),
      account,
      decision: 'allow',
    }).toString(),
  })
  const back = new URL(consent.headers.get('location') ?? '', base)
  const done = await fetch(`${base}${back.pathname}${back.search}`, {
    redirect: 'manual',
    headers: { cookie },
  })
  const to = done.headers.get('location') ?? ''
  if (!to.includes('success=1')) throw new Error(`linking failed: ${consent.status} ${done.status} ${to}`)
}

async function raceProtection() {
  const m = await member()
  const cookie = `local_${constants.loginCookieName}=${m.token}`
  await linkAmazon(m.token, cookie, `cluster-${m.id}@amazon.example`)
  // the provider's account page, as a person stages what the watcher finds: a lower price, a late
  // delivery, a lost parcel
  const [acc] = await q<{ id: string }>(
    "SELECT provider_account_id AS id FROM linked_accounts WHERE user_id = $1 AND provider = 'amazon'",
    [m.id],
  )
  for (const event of ['drop_price', 'late_delivery', 'lose_parcel']) {
    const r = await fetch(`${base}/dev-provider/accounts/${encodeURIComponent(acc!.id)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ event }).toString(),
    })
    if (r.status !== 303) throw new Error(`staging ${event}: ${r.status}`)
  }
  const replies = await times(RACE, () => call('POST', '/api/linked/sync', {}, m.token))
  const claims = await q<{ order_id: number; kind: string; status: string; amount_cents: number }>(
    'SELECT order_id, kind, status, amount_cents FROM protection_claims WHERE user_id = $1',
    [m.id],
  )
  const [twice] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM protection_claims WHERE user_id = $1
       GROUP BY order_id, kind HAVING count(*) > 1) t`,
    [m.id],
  )
  const [refunds] = await q<{ n: number; cents: number }>(
    `SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::int AS cents FROM ledger
     WHERE user_id = $1 AND kind = 'protection_refund'`,
    [m.id],
  )
  const paid = claims.filter((c) => c.status === 'paid')
  const owed = paid.reduce((n, c) => n + c.amount_cents, 0)
  const ran = count(replies, (r) => r.status === 200)
  const limited = count(replies, (r) => r.status === 429)
  goal(
    `protection claims: ${RACE} "check now" at once`,
    ran + limited === RACE &&
      ran >= 1 &&
      paid.length >= 3 &&
      twice!.n === 0 &&
      refunds!.n === paid.length &&
      refunds!.cents === owed,
    `${ran} ran, ${limited} rate_limited (the limit is in the database); SQL: ${claims.length} claims (${paid.length} paid, ${paid.map((c) => c.kind).join(', ')}), none twice for an order and kind: ${twice!.n === 0}; ${refunds!.n} refunds of ${refunds!.cents} cents (paid claims ${owed})`,
  )
}

// ---------------------------------------------------------------- mixed traffic with a kill
async function mixed(storeId: number, victim: Instance) {
  const token = (await call('POST', '/api/web/login', { ...DEMO, 'g-recaptcha-response': 'cluster' })).body
    .login_token as string
  if (!token) throw new Error('the demo member did not sign in')
  const stores: string[] = (await call('GET', '/api/stores?per_page=100')).body.data.map(
    (s: { internal_name: string }) => s.internal_name,
  )
  const buyer = await member()
  const orders = await times(200, async (i) => ({
    order: `MIX-${i}-${randomUUID()}`,
    click: await click(buyer.id, storeId),
  }))
  const postbacks = orders.map((o) => postbackPath(o.click, o.order))
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!
  // one desktop browser for every page request: a drawn page is kept per user agent (server/static.ts),
  // so the pages drawn first below must be asked with the load's own headers (fetch's own 'node' filled
  // keys no request of the load asked for)
  const html = {
    accept: 'text/html',
    'accept-encoding': 'gzip',
    'user-agent':
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  }
  const json = { 'content-type': 'application/json' }
  const login = JSON.stringify({ ...DEMO, 'g-recaptcha-response': 'cluster' })
  let lastLogin = Date.now()
  const kinds = { page: 0, catalog: 0, signin: 0, sync: 0, postback: 0 }

  const load = (duration: number, rate = RATE) =>
    steadyLoad({
      url: base,
      connections: CONNECTIONS,
      rate,
      seconds: duration,
      next: (): SteadyRequest => {
        // a sign-in costs a password hash (scrypt at OWASP's cost, about half a second of a core, by
        // design): one every 2 s, as members arrive; more would measure scrypt, not the cluster
        if (Date.now() - lastLogin > 2000) {
          lastLogin = Date.now()
          kinds.signin++
          return { method: 'POST', path: '/api/web/login', headers: json, body: login }
        }
        const x = Math.random()
        if (x < 0.25) {
          kinds.page++
          const path = pick(['/', '/stores', `/${pick(stores)}-coupons`])
          return { method: 'GET', path, headers: html }
        }
        if (x < 0.65) {
          kinds.catalog++
          const path = pick([
            `/api/stores?page=${1 + Math.floor(Math.random() * 3)}`,
            `/api/stores/${pick(stores)}`,
            '/api/categories',
          ])
          return { method: 'GET', path, headers: {} }
        }
        if (x < 0.9) {
          kinds.sync++
          return {
            method: 'POST',
            path: '/api/sync-token',
            headers: { ...json, authorization: `Bearer ${token}` },
            body: '{}',
          }
        }
        kinds.postback++
        return { method: 'GET', path: pick(postbacks), headers: {} }
      },
    })

  // the first seconds fill the caches (each page drawn, each reply read once per instance): shown apart,
  // as the bench does; the measured minute starts warm. Each instance draws each page once first.
  const pages = ['/', '/stores', ...stores.map((x) => `/${x}-coupons`)]
  await Promise.all(
    instances.map(async (i) => {
      for (const path of pages)
        await fetch(`http://127.0.0.1:${i.port}${path}`, { headers: html }).then((r) => r.arrayBuffer())
    }),
  )
  const ramp = await load(WARMUP_SECONDS / 2, RATE / 2)
  const warm = await load(WARMUP_SECONDS / 2)
  console.log(
    `  warm-up: ${WARMUP_SECONDS} s (${WARMUP_SECONDS / 2} s at ${RATE / 2} req/s, then ${RATE}), ${(ramp.sent + warm.sent).toLocaleString('en-US')} requests, p99 ${ramp.p99} then ${warm.p99} ms, ${ramp.non2xx + ramp.errors + warm.non2xx + warm.errors} failed`,
  )
  for (const k of Object.keys(kinds) as (keyof typeof kinds)[]) kinds[k] = 0
  await fetch(`${base}/__proxy/reset`)
  const run = load(MIXED_SECONDS)
  let killedAt = 0
  let restartMs = 0
  let servedAtRestart = 0
  let victimFailedAtKill = 0
  let othersServedAfterKill = 0
  const timeline = (async () => {
    await sleep(KILL_AT_S * 1000)
    victimFailedAtKill = (await stats()).find((s) => s.port === victim.port)!.failed
    const before = (await stats()).filter((s) => s.port !== victim.port).reduce((n, s) => n + s.served, 0)
    victim.child!.kill('SIGKILL')
    killedAt = Date.now()
    console.log(`  t=${KILL_AT_S}s: instance ${victim.n} (port ${victim.port}) killed with SIGKILL`)
    await sleep((RESTART_AT_S - KILL_AT_S) * 1000)
    othersServedAfterKill =
      (await stats()).filter((s) => s.port !== victim.port).reduce((n, s) => n + s.served, 0) - before
    restartMs = await startInstance(victim, false)
    servedAtRestart = (await stats()).find((s) => s.port === victim.port)!.served
    console.log(
      `  t=${Math.round((Date.now() - killedAt) / 1000) + KILL_AT_S}s: instance ${victim.n} started again, ready in ${restartMs} ms`,
    )
  })()
  const r = await run
  await timeline
  const { upstreams: end, took, noneReady, statuses } = await proxyStats()
  const v = end.find((s) => s.port === victim.port)!
  const inFlight = v.failed - victimFailedAtKill
  const othersFailed = end.filter((s) => s.port !== victim.port).reduce((n, s) => n + s.failed, 0)
  const clientFailed = r.non2xx + r.errors

  console.log(
    `  mixed: ${r.sent.toLocaleString('en-US')} requests in ${MIXED_SECONDS} s (${Math.round(r.rps)} req/s, evenly spaced; latency from each request's due time), p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms`,
  )
  // where in the minute the slow requests were: before the kill, while two serve, the restart's first
  // 10 s (a starting instance shares these two cores), and after it
  const restartAt = RESTART_AT_S + restartMs / 1000
  const phases: [string, number, number][] = [
    ['before the kill', 0, KILL_AT_S],
    ['two instances', KILL_AT_S, RESTART_AT_S],
    ['restart and its first 10 s', RESTART_AT_S, restartAt + 10],
    ['after', restartAt + 10, MIXED_SECONDS],
  ]
  console.log(
    `         p99 by phase: ${phases
      .map(([name, from, to]) => {
        const w = p99Between(r.points, from, to)
        return `${name} (${from.toFixed(0)}-${to.toFixed(0)} s) ${w.p99} ms of ${w.n}`
      })
      .join('; ')}`,
  )
  if (process.env.CLUSTER_SECONDS)
    console.log(
      `         p99 each second: ${Array.from({ length: MIXED_SECONDS }, (_, i) => `${i}:${p99Between(r.points, i, i + 1).p99}`).join(' ')}`,
    )
  console.log(
    `         ${Object.entries(kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}; per instance served ${end.map((s) => `${s.port}: ${s.served}`).join(', ')}; refused and retried ${end.reduce((n, s) => n + s.refused, 0)}`,
  )
  console.log(
    `         at the proxy: ${Object.entries(took)
      .map(([k, t]) => `${k} ${t.n} p50 ${t.p50} p99 ${t.p99} max ${t.max} ms`)
      .join('; ')}`,
  )
  if (noneReady || Object.keys(statuses).length)
    console.log(
      `         answers of 400 and above from the instances: ${
        Object.entries(statuses)
          .map(([k, n]) => `${k}: ${n}`)
          .join(', ') || 'none'
      }; no instance ready: ${noneReady}`,
    )
  goal('mixed traffic: p99', r.p99 < GOAL_P99_MS, `${r.p99} ms (goal under ${GOAL_P99_MS} ms)`, p99ReportOnly)
  goal(
    'mixed traffic: the only failed requests were in flight on the killed instance',
    clientFailed === inFlight && othersFailed === 0,
    `${inFlight} failed in flight on the killed instance; the load saw ${r.non2xx} non-2xx and ${r.errors} socket errors (${r.timeouts} of them timeouts); other instances failed ${othersFailed}`,
  )
  goal(
    'the other two served on',
    othersServedAfterKill > 0,
    `${othersServedAfterKill.toLocaleString('en-US')} requests served by them in the ${RESTART_AT_S - KILL_AT_S} s after the kill`,
  )
  goal(
    'the killed instance rejoined',
    v.served > servedAtRestart,
    `ready ${restartMs} ms after its start, then served ${v.served - servedAtRestart} requests`,
  )

  // no money moved twice: one conversion and one ledger row per order, whatever the copies
  const [money] = await q<{ conversions: number; rows: number; twice: number; cents: number }>(
    `SELECT count(DISTINCT c.id)::int AS conversions, count(l.id)::int AS rows,
       (SELECT count(*)::int FROM (SELECT c2.id FROM conversions c2 JOIN ledger l2 ON l2.conversion_id = c2.id
          WHERE c2.order_id LIKE 'MIX-%' GROUP BY c2.id HAVING count(*) > 1) t) AS twice,
       COALESCE(sum(l.amount), 0)::int AS cents
     FROM conversions c LEFT JOIN ledger l ON l.conversion_id = c.id WHERE c.order_id LIKE 'MIX-%'`,
  )
  const [dupOrders] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT order_id FROM conversions WHERE order_id LIKE 'MIX-%'
       GROUP BY network, order_id HAVING count(*) > 1) t`,
  )
  goal(
    'no money moved twice',
    money!.twice === 0 &&
      dupOrders!.n === 0 &&
      money!.rows === money!.conversions &&
      money!.cents === 500 * money!.rows,
    `${kinds.postback} postbacks of ${orders.length} orders: ${money!.conversions} conversions, ${money!.rows} ledger rows, ${money!.cents} cents; conversions booked twice ${money!.twice}, orders twice ${dupOrders!.n}`,
  )
}

// ---------------------------------------------------------------- the run
let failed = false
const t0 = Date.now()
try {
  console.log(`test:cluster: database ${dbName}, logs in ${work}`)
  const proxyPort = await freePort(PORTS)
  publicUrl = `http://127.0.0.1:${proxyPort}`
  const ports = [await freePort(PORTS), await freePort(PORTS), await freePort(PORTS)]
  for (const [k, port] of ports.entries())
    instances.push({ n: k + 1, port, log: join(work, `instance-${k + 1}.log`) })
  // the first migrates and seeds; the other two start on its database
  const first = await startInstance(instances[0]!, true)
  const rest = await Promise.all(instances.slice(1).map((i) => startInstance(i, false)))
  console.log(
    `  instances ready: ${[first, ...rest].map((ms, k) => `#${k + 1} on ${ports[k]} in ${ms} ms`).join(', ')}`,
  )

  proxy = fork(join(root, 'scripts/cluster-proxy.mjs'), [String(proxyPort), ...ports.map(String)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise((r) => proxy!.once('message', r))
  base = `http://127.0.0.1:${proxyPort}`
  while ((await stats()).some((s) => !s.ready)) await sleep(100)
  console.log(`  proxy on ${proxyPort}, round robin over the ready instances`)

  const [store] = await q<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1')
  // as in server/network-postback.test.ts: the store's cash back stays pending through the run
  await q('UPDATE stores SET confirmation_days = 30 WHERE id = $1', [store!.id])

  console.log('1. races across the instances')
  await raceWithdrawals()
  await racePostbacks(store!.id)
  await racePromo()
  await raceSmsCode()
  await raceProtection()
  const spread = await stats()
  console.log(
    `  requests served per instance so far: ${spread.map((s) => `${s.port}: ${s.served}`).join(', ')}`,
  )

  console.log(
    `2-4. ${MIXED_SECONDS} s of mixed traffic at ${CONNECTIONS} connections and ${RATE} requests/s, one instance killed and restarted`,
  )
  await mixed(store!.id, instances[1]!)
} catch (e) {
  failed = true
  console.error(`test:cluster failed: ${(e as Error).stack ?? e}`)
} finally {
  stopAll()
  await Promise.all(
    instances.map(
      (i) =>
        new Promise<void>((r) => {
          if (!i.child || i.child.exitCode !== null || i.child.signalCode !== null) return r()
          i.child.once('exit', () => r())
        }),
    ),
  )
  await db.end()
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
  // the instances' logs are kept when anything went wrong
  if (!failed && goals.every(([, ok]) => ok)) rmSync(work, { recursive: true, force: true })
  else console.log(`  the instances' logs: ${work}`)
}
const missed = goals.filter(([, ok]) => !ok)
console.log(
  `test:cluster: ${failed ? 'stopped by the error above; ' : ''}${goals.length - missed.length - reported.length} of ${goals.length} goals met in ${Math.round((Date.now() - t0) / 1000)} s${missed.length ? `; missed: ${missed.map(([n]) => n).join('; ')}` : ''}${reported.length ? `; missed, reported only (--p99-report-only): ${reported.join('; ')}` : ''}`,
)
process.exit(failed || missed.length ? 1 : 0)
