/**
 * npm run import:report -- --network <id> <file>
 *
 * Imports an affiliate network's commission report file (CSV or JSON, its columns in
 * config/networks.json `report`) through the one path to the ledger (server/lib/cashback/report-import.ts).
 * It opens the database as the server does (DATABASE_URL, else the embedded database in DATA_DIR,
 * default .data/pglite: stop the server first, the embedded database takes one process at a time).
 * Importing the same file twice books once.
 */
import { readFileSync } from 'node:fs'
import { buildServer } from '../server/app.ts'
import { importReport } from '../server/lib/cashback/report-import.ts'
import { optionsFromEnv } from '../server/startup.ts'

const args = process.argv.slice(2)
const at = args.indexOf('--network')
const network = at >= 0 ? args[at + 1] : undefined
const file = args.filter((_, i) => i !== at && i !== at + 1).find((a) => !a.startsWith('--'))
if (!network || !file) {
  console.error('Usage: npm run import:report -- --network <id> <file>')
  process.exit(2)
}

const app = await buildServer({
  ...optionsFromEnv(process.env),
  seed: false,
  serveStatic: false,
  logger: { level: 'warn' },
  payoutReleaseSeconds: 0,
  protectionWatchSeconds: 0,
})
let code = 0
try {
  const t0 = performance.now()
  const r = await importReport(app.services, network, readFileSync(file, 'utf8'))
  const s = ((performance.now() - t0) / 1000).toFixed(1)
  console.log(
    `${file}: ${r.rows} rows in ${s} s: ${r.changed} booked or moved on, ${r.unchanged} unchanged (repeats), ${r.parked} parked (unknown click), ${r.refused} refused`,
  )
  for (const e of r.errors) console.log(`  row ${e.row}: ${e.code}: ${e.message}`)
} catch (e) {
  console.error(`The report was not imported: ${(e as Error).message}`)
  code = 1
} finally {
  await app.close()
}
process.exit(code)
