import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testServer } from './test-helpers.ts'

/** Each table of the server's database with its number of rows, by name. */
async function contents(app: FastifyInstance) {
  const db = app.services.db
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  const rows: Record<string, number> = {}
  for (const { name } of tables)
    rows[name] = (await db.one<{ c: number }>(`SELECT count(*)::int AS c FROM "${name}"`))!.c
  return rows
}

// tests/server-template.ts: on the embedded database the server tests start from one migrated and seeded
// copy; on PostgreSQL (DATABASE_URL) there is none, and both servers below are made anew in schemas of their own
describe('the server tests’ template database', () => {
  let fromTemplate: FastifyInstance
  let fresh: FastifyInstance
  beforeAll(async () => {
    fromTemplate = await testServer()
    // root: the same folder, said out loud, which makes testServer create the database anew
    fresh = await testServer({ root: process.cwd() })
  })
  afterAll(async () => {
    await fromTemplate.close()
    await fresh.close()
  })

  it('a server started from it holds what a fresh start seeds: the same tables with the same number of rows', async () => {
    const made = await contents(fresh)
    expect(Object.keys(made).length).toBeGreaterThan(20)
    expect(made.users).toBeGreaterThan(0)
    expect(made.staff).toBeGreaterThan(0)
    expect(await contents(fromTemplate)).toEqual(made)
  })

  it('a server started from it is a database of its own: a change there is not in the next one', async () => {
    await fromTemplate.services.db.query(`DELETE FROM stores`)
    const next = await testServer()
    try {
      const n = await next.services.db.one<{ c: number }>('SELECT count(*)::int AS c FROM stores')
      expect(n!.c).toBeGreaterThan(0)
    } finally {
      await next.close()
    }
  })
})
