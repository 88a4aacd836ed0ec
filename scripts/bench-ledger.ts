/**
 * The history page's API at 10,000 ledger rows for one member (issue 13: p99 under 50 ms on the
 * embedded database). Builds the server in this process on an in-memory PGlite (or DATABASE_URL),
 * books 10,000 rows for one member, listens on a free port and times requests one after another
 * (one member reading their history: no queue in front of the one PGlite connection).
 * Usage: tsx scripts/bench-ledger.ts [--requests 400] [--database-url postgres://...]
 */
import { buildServer } from '../server/app.ts'
import { arg, benchDatabase, benchDatabaseUrl } from './bench-args.ts'

const requests = Number(arg('requests') ?? 400)
const databaseUrl = benchDatabaseUrl()
const ROWS = 10_000
const BUDGET_P99_MS = 50

const app = await buildServer({
  ...benchDatabase(databaseUrl),
  seed: 'small',
  serveStatic: false,
  logger: false,
})
try {
  const db = app.services.db
  const user = (await db.one<{ id: number }>(
    `INSERT INTO users (email, name, is_verified, referral_code) VALUES ('bench-ledger@example.com', 'Bench Ledger', true, 'BENCHLEDGER')
     RETURNING id`,
  ))!
  // a year of history: cash back in every status, coins, withdrawals
  await db.query(
    `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, store_id, benefit_type, created_at, source_ref)
     SELECT $1,
       (ARRAY['cashback', 'plus_rebate', 'coin_survey', 'coin_offer', 'withdrawal'])[g % 5 + 1],
       CASE WHEN g % 5 IN (2, 3) THEN 'coin' ELSE 'cash' END,
       CASE WHEN g % 5 = 4 THEN -(g % 900 + 100) ELSE g % 2000 + 10 END,
       CASE WHEN g % 5 = 4 THEN 'paid' ELSE (ARRAY['pending', 'confirmed', 'payable', 'paid', 'declined'])[g % 7 % 5 + 1] END,
       'Bench row ' || g,
       CASE WHEN g % 5 IN (0, 1) THEN (SELECT id FROM stores ORDER BY id LIMIT 1) END,
       CASE WHEN g % 5 = 0 THEN 'cashback' WHEN g % 5 = 1 THEN 'shipping' END,
       now() - make_interval(mins => g * 50),
       'bench:' || g
     FROM generate_series(1, ${ROWS}) g`,
    [user.id],
  )
  await db.exec('ANALYZE ledger')
  const { token } = await app.services.sessions.issue(user.id)
  const base = await app.listen({ port: 0, host: '127.0.0.1' })
  const headers = { authorization: `Bearer ${token}` }

  async function time(path: string) {
    const ms: number[] = []
    for (let i = 0; i < requests + 20; i++) {
      const t = performance.now()
      const r = await fetch(base + path, { headers })
      await r.arrayBuffer()
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`)
      if (i >= 20) ms.push(performance.now() - t) // the first 20 warm up
    }
    ms.sort((a, b) => a - b)
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!
    return {
      path,
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      over: ms.filter((x) => x >= BUDGET_P99_MS).length,
    }
  }

  console.log(
    `\nHistory API at ${ROWS.toLocaleString('en-US')} ledger rows for one member (${databaseUrl ? 'PostgreSQL' : 'PGlite in memory'}, ${requests} requests each, one at a time)`,
  )
  let over = false
  for (const path of [
    '/api/account/ledger',
    '/api/account/ledger?page=250',
    '/api/account/ledger?kind=cashback&status=pending',
    '/api/account/ledger?currency=coin&per_page=100&page=20',
    '/api/account/balances',
  ]) {
    const r = await time(path)
    const ok = r.p99 < BUDGET_P99_MS
    if (!ok && path === '/api/account/ledger') over = true
    console.log(
      `GET ${r.path.replace('/api/account/', '').padEnd(48)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p90 ${r.p90.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  (${r.over} of ${requests} at 50 ms or more)${ok ? '' : '  OVER'}`,
    )
  }
  const t = performance.now()
  const csv = await fetch(`${base}/api/account/ledger.csv`, { headers })
  const lines = (await csv.text()).trimEnd().split('\n').length - 1
  console.log(
    `GET ledger.csv: ${lines.toLocaleString('en-US')} rows in ${(performance.now() - t).toFixed(0)} ms`,
  )
  console.log(
    `budget: p99 of the history page (GET ledger) under ${BUDGET_P99_MS} ms: ${over ? 'OVER' : 'ok'}`,
  )
  if (over) process.exitCode = 1
} finally {
  await app.close()
}
