import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { migrate, openDb } from '../server/db/index.ts'
import { lowerPasswordCostInVitest } from '../server/lib/password.ts'
import { seedDemoStaff } from '../server/seed/demo-staff.ts'
import { seed } from '../server/seed/index.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database's file (PGlite's dumpDataDir), or '' on PostgreSQL. */
    pgliteTemplate: string
  }
}

/**
 * The server tests' global set-up, once a run: an embedded database migrated and seeded the way
 * testServer() asks (small seed, demo member, demo staff), copied to a file. A new embedded database
 * is 4 to 8 s of one core (PGlite's initdb, then migrations and seed); one started from the copy is
 * about 1 s, and the server tests start about 90. Each server still runs its migrations and seed on the
 * copy (nothing to do when nothing changed), so it is the database a fresh start makes. On PostgreSQL
 * (DATABASE_URL) each server makes its own schema, as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  lowerPasswordCostInVitest()
  const db = await openDb({ dataDir: 'memory://' })
  const dir = mkdtempSync(join(tmpdir(), 'rewards-pglite-template-'))
  const file = join(dir, 'template.tar')
  try {
    await migrate(db)
    await seed(db, { root: process.cwd(), small: true, demo: true })
    await seedDemoStaff(db)
    const dump = await db.dumpDataDir!()
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await db.close()
  }
  project.provide('pgliteTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}
