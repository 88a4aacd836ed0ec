/**
 * Imports a network's program feed into the stores (issue 26): the one import path of store rows.
 *   npm run import:feed -- --network <id> <file>
 * The network is an entry of config/networks.json with a `feed` (its format, CSV or JSON, and the
 * column of each store field). The database is the server's: DATABASE_URL, else the embedded one in
 * DATA_DIR (default .data/pglite; stop the server first, the embedded database has one user at a time).
 * Exit code: 0 when every row was imported, 1 when some rows were refused (the rest is imported),
 * 2 when nothing was (usage, unknown network, a feed that cannot be read).
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { migrate, openDb } from '../server/db/index.ts'
import { FeedError, importFeed } from '../server/lib/store-feed.ts'

const USAGE = 'Usage: npm run import:feed -- --network <id> <file>'

function usage(message?: string): never {
  if (message) console.error(message)
  console.error(USAGE)
  process.exit(2)
}

let network: string | undefined
let file: string | undefined
try {
  const { values, positionals } = parseArgs({
    options: { network: { type: 'string' } },
    allowPositionals: true,
  })
  network = values.network
  file = positionals[0]
  if (positionals.length > 1) usage(`One file at a time (got ${positionals.length}).`)
} catch (e) {
  usage((e as Error).message)
}
if (!network || !file) usage()

let text: string
try {
  text = readFileSync(file, 'utf8')
} catch (e) {
  usage(`Cannot read ${file}: ${(e as Error).message}`)
}

const env = process.env
const db = await openDb(
  env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR || '.data/pglite' },
)
let code = 0
try {
  await migrate(db)
  const r = await importFeed(db, network, text)
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
  console.log(
    `${r.network}: ${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${plural(r.rateChanges, 'rate change')}, ${r.refused.length} refused (of ${plural(r.rows, 'row')})`,
  )
  for (const x of r.refused) console.log(`  line ${x.line}${x.program ? ` (${x.program})` : ''}: ${x.reason}`)
  if (r.missing.length) {
    const shown = r.missing.slice(0, 20).join(', ')
    console.log(
      `${plural(r.missing.length, 'store')} of ${r.network} this feed does not list ${r.missing.length === 1 ? 'is' : 'are'} kept as ${r.missing.length === 1 ? 'it is' : 'they are'} (stores.feed_seen_at says when last listed): ${shown}${r.missing.length > 20 ? ', ...' : ''}`,
    )
  }
  if (r.refused.length) code = 1
} catch (e) {
  if (!(e instanceof FeedError)) throw e
  console.error(`${network}: nothing imported. ${e.message}`)
  code = 2
} finally {
  await db.close()
}
process.exit(code)
