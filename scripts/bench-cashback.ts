/**
 * The cash back loop under load (issue 26; a benchmark, not a test):
 * - signed postbacks of the development network on the embedded database (in memory), over HTTP with
 *   keep-alive from a process of its own (the server and its database have this one): new orders,
 *   approvals of earlier ones and repeats; req/s, p50 and p99 (budget: 1,000 per second or more, p99
 *   under 50 ms), and the server's CPU time per postback (what one free core would serve: 1000 / it);
 * - a report file of 100,000 rows (CSV, the development network's columns; nine in ten name a known
 *   click, the rest are parked) imported through the same path as `npm run import:report`, then the
 *   same file again (books nothing) (budget: under 60 s).
 * Usage: tsx scripts/bench-cashback.ts [--postbacks 6000] [--connections 20] [--rows 100000] [--database-url postgres://...]
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildServer } from '../server/app.ts'
import type { Db } from '../server/db/index.ts'
import { importReport } from '../server/lib/cashback/report-import.ts'
import { sign } from '../server/lib/coins.ts'
import { arg, benchDatabase, benchDatabaseUrl } from './bench-args.ts'

const POSTBACKS = Number(arg('postbacks') ?? 6000)
// 20 at once, as a network delivering a burst does; with 10 the batches are smaller (about 650/s here)
const CONNECTIONS = Number(arg('connections') ?? 20)
const ROWS = Number(arg('rows') ?? 100_000)
const databaseUrl = benchDatabaseUrl()
const BUDGET = { perSecond: 1000, p99: 50, importSeconds: 60 }

/** The load generator (a process of its own): GETs the URLs over `connections` keep-alive connections; latencies in ms. */
const CLIENT = `
const http = require('node:http')
const { base, urls, connections } = JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'))
const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
const get = (path) => new Promise((ok, fail) => {
  const req = http.get(base + path, { agent }, (res) => { res.resume(); res.on('end', () => ok(res.statusCode)) })
  req.on('error', fail)
})
;(async () => {
  const ms = new Float64Array(urls.length)
  const codes = {}
  let next = 0
  const t0 = performance.now()
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < urls.length) {
      const i = next++
      const t = performance.now()
      const code = await get(urls[i])
      ms[i] = performance.now() - t
      codes[code] = (codes[code] || 0) + 1
    }
  }))
  process.stdout.write(JSON.stringify({ seconds: (performance.now() - t0) / 1000, ms: Array.from(ms), codes }))
  agent.destroy()
})()
`

/**
 * Drives the server from another process; with the server's CPU time over the run (this process: the
 * server and its embedded database), which other work on a shared machine disturbs far less than req/s.
 */
async function drive(base: string, urls: string[], connections: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cashback-'))
  const file = join(dir, 'urls.json')
  writeFileSync(file, JSON.stringify({ base, urls, connections }))
  const c0 = process.cpuUsage()
  try {
    const out = await new Promise<string>((ok, fail) => {
      const child = spawn(process.execPath, ['-e', CLIENT, file], { stdio: ['ignore', 'pipe', 'inherit'] })
      let text = ''
      child.stdout.on('data', (d) => {
        text += d
      })
      child.once('error', fail)
      child.once('exit', (code) => (code === 0 ? ok(text) : fail(new Error(`load generator exited ${code}`))))
    })
    const cpu = process.cpuUsage(c0)
    const r = JSON.parse(out) as { seconds: number; ms: number[]; codes: Record<string, number> }
    return { ...r, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / urls.length }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

/** 1,000 members with a click each at the store (5%): the click ids. */
async function membersWithClicks(db: Db, storeId: number): Promise<string[]> {
  const users = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, is_verified, referral_code)
     SELECT 'bench-cb-' || g || '@example.com', 'Bench ' || g, true, 'BENCHCB' || g FROM generate_series(1, 1000) g
     RETURNING id`,
  )
  const clicks = users.map(() => randomBytes(16).toString('base64url'))
  await db.query(
    `INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value)
     SELECT c, u, $3, 'percent', 500 FROM unnest($1::text[], $2::int[]) AS t(c, u)`,
    [clicks, users.map((u) => u.id), storeId],
  )
  return clicks
}

const app = await buildServer({
  ...benchDatabase(databaseUrl),
  seed: 'small',
  serveStatic: false,
  // the development network is the one whose secret this process knows (on PostgreSQL too)
  devNetwork: true,
  // the production log at its default level, written nowhere: what each line costs counts
  logger: { level: 'info', file: '/dev/null' },
  payoutReleaseSeconds: 0,
  protectionWatchSeconds: 0,
  // the job runner waits until the postbacks are in: the mails they queue (job cashback_mail) are
  // written after, timed on their own (a deployment runs them beside the postbacks, or on other servers)
  jobPollSeconds: 0,
})
let failed = false
try {
  const db = app.services.db
  const net = app.services.networks.dev
  const secret = net ? app.services.networks.secret(net) : undefined
  if (!net || !secret) throw new Error('The development network is off.')
  const store = (await db.one<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1'))!
  const clicks = await membersWithClicks(db, store.id)
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const ordered = new Date().toISOString()
  const url = (order: string, click: string, status: string) => {
    const p = {
      u1: click,
      order_id: order,
      sale_cents: String(1000 + ((order.length * 37) % 9000)),
      commission_cents: '100',
      currency: 'USD',
      status,
      ordered_at: ordered,
    }
    return `/api/networks/${net}/postback?${new URLSearchParams({ ...p, sig: sign(p, 'sig', secret) })}`
  }
  // new orders, approvals of some, repeats of some: the mix a network sends
  const mix = (prefix: string, n: number) => {
    const fresh = Math.round(n * 0.7)
    const out: string[] = []
    for (let i = 0; i < fresh; i++) out.push(url(`${prefix}-${i}`, clicks[i % clicks.length]!, 'pending'))
    for (let i = 0; i < Math.round(n * 0.2); i++)
      out.push(url(`${prefix}-${i}`, clicks[i % clicks.length]!, 'approved'))
    while (out.length < n) out.push(out[out.length % fresh]!)
    return out
  }
  await drive(base, mix('warm', 500), CONNECTIONS)
  const run = await drive(base, mix('bench', POSTBACKS), CONNECTIONS)
  const sorted = [...run.ms].sort((a, b) => a - b)
  const perSecond = POSTBACKS / run.seconds
  const p50 = pct(sorted, 0.5)
  const p99 = pct(sorted, 0.99)
  const okPostbacks =
    perSecond >= BUDGET.perSecond && p99 < BUDGET.p99 && (run.codes['200'] ?? 0) === POSTBACKS
  console.log(
    `cash back postbacks (${net}, ${databaseUrl ? 'PostgreSQL' : 'embedded database'}): ${POSTBACKS} over ${CONNECTIONS} connections: ${Math.round(perSecond)}/s, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; replies ${JSON.stringify(run.codes)} (budget ${BUDGET.perSecond}/s, p99 < ${BUDGET.p99} ms): ${okPostbacks ? 'ok' : 'OVER BUDGET'}`,
  )
  console.log(
    `  server CPU per postback ${run.cpuMsPerRequest.toFixed(3)} ms (about ${Math.round(1000 / run.cpuMsPerRequest)}/s on a free core); load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs`,
  )
  const booked = await db.one<{ n: number }>(
    "SELECT count(*)::int AS n FROM ledger WHERE source_ref LIKE 'conversion:%'",
  )
  console.log(`  ledger rows of conversions after the postbacks: ${booked!.n} (one per order)`)
  const queued = await db.one<{ jobs: number; changes: number }>(
    `SELECT count(*)::int AS jobs, coalesce(sum(jsonb_array_length(payload->'changes')), 0)::int AS changes
     FROM jobs WHERE name = 'cashback_mail' AND done_at IS NULL`,
  )
  const t0 = performance.now()
  await app.jobs.runDueJobs()
  console.log(
    `  the mails they queued: ${queued!.changes} changes in ${queued!.jobs} jobs (one per postback batch), written by the job runner in ${((performance.now() - t0) / 1000).toFixed(1)} s afterwards (outbox folder)`,
  )
  await app.close().catch(() => {})

  // the report: a fresh server, so the postbacks' rows do not count
  const app2 = await buildServer({
    ...benchDatabase(databaseUrl),
    seed: 'small',
    serveStatic: false,
    devNetwork: true,
    logger: false,
    payoutReleaseSeconds: 0,
    protectionWatchSeconds: 0,
  })
  try {
    const db2 = app2.services.db
    const c2 = await membersWithClicks(db2, store.id)
    const statuses = ['pending', 'pending', 'approved', 'locked', 'reversed']
    const lines = ['Click ID,Order ID,Sale (cents),Commission (cents),Currency,Status,Order time,Program']
    for (let i = 0; i < ROWS; i++)
      lines.push(
        `${i % 10 === 9 ? `unknown-${i}` : c2[i % c2.length]},R-${i},${1000 + (i % 9000)},${50 + (i % 500)},USD,${statuses[i % statuses.length]},${ordered},`,
      )
    const text = lines.join('\n')
    const t0 = performance.now()
    const r = await importReport(app2.services, net, text)
    const s1 = (performance.now() - t0) / 1000
    const t1 = performance.now()
    const again = await importReport(app2.services, net, text)
    const s2 = (performance.now() - t1) / 1000
    const okImport = s1 < BUDGET.importSeconds && r.changed === ROWS && again.changed === 0
    console.log(
      `cash back report import: ${ROWS} rows (${(text.length / 1e6).toFixed(1)} MB) in ${s1.toFixed(1)} s (${r.changed} booked, ${r.parked} parked); the same file again in ${s2.toFixed(1)} s (${again.changed} booked) (budget < ${BUDGET.importSeconds} s): ${okImport ? 'ok' : 'OVER BUDGET'}`,
    )
    failed = !okPostbacks || !okImport
  } finally {
    await app2.close()
  }
} catch (e) {
  console.error(e)
  failed = true
  await app.close().catch(() => {})
}
process.exit(failed ? 1 : 0)
