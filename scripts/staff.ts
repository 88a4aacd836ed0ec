/**
 * Staff accounts from the command line (issue 28): how the first admin is made.
 *
 *   npm run staff -- add EMAIL --role support|finance|admin [--name "Full Name"]
 *
 * Opens the database as the server does (DATABASE_URL, else the embedded PGlite in DATA_DIR, default
 * .data/pglite: stop the server first, the embedded database has one user at a time), migrates it,
 * makes the account and prints its temporary password ONCE, to this terminal only (never a log). The
 * first sign-in at /staff/sign-in sets a password of the person's own and the TOTP second factor.
 * Audited as 'staff.create' with the actor 'command line'.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type Db, migrate, openDb } from '../server/db/index.ts'
import { staffCommand } from '../server/lib/staff/command.ts'

async function main() {
  const url = process.env.DATABASE_URL
  const dataDir = process.env.DATA_DIR || '.data/pglite'
  if (!url && dataDir.startsWith('memory://')) {
    console.error('DATA_DIR is memory://: nothing would be kept. Set DATA_DIR or DATABASE_URL.')
    process.exit(2)
  }
  // PGlite keeps postmaster.pid in its folder while a process has it open: one user at a time
  if (!url && existsSync(join(dataDir, 'postmaster.pid'))) {
    console.error(
      `The embedded database in ${dataDir} is in use (a running server?). Stop the server, then run this again. ` +
        `(If no server runs, a crash left ${join(dataDir, 'postmaster.pid')} behind: remove that file.)`,
    )
    process.exit(1)
  }
  let db: Db
  try {
    db = await openDb(url ? { databaseUrl: url } : { dataDir })
  } catch (e) {
    console.error(
      `Cannot open the database${url ? '' : ` in ${dataDir} (is the server running on it? stop it first)`}: ${(e as Error).message}`,
    )
    process.exit(1)
  }
  try {
    await migrate(db)
    process.exitCode = await staffCommand(db, process.argv.slice(2), (line) =>
      process.stdout.write(`${line}\n`),
    )
  } finally {
    await db.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
