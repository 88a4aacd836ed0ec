// Issue 29 (memory at rest, server/db/index.ts): the embedded database's buffer pool is smaller than
// PGlite's default, and an embedded database that a start creates is closed and opened again once
// migrated and seeded, which lets V8 free what creating it held. What that saves is measured, not
// asserted here: scripts/measure-start.ts prints the resident memory.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { type Db, EMBEDDED_SHARED_BUFFERS, openDb } from './db/index.ts'
import { client, testServer } from './test-helpers.ts'

const dirs: string[] = []
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rewards-reopen-'))
  dirs.push(dir)
  return join(dir, 'pglite')
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** openDb with a preparation that writes a row, and the database that preparation was given. */
async function openPrepared(where: Parameters<typeof openDb>[0]) {
  let prepared: Db | undefined
  const db = await openDb(where, async (d) => {
    prepared = d
    await d.exec('CREATE TABLE IF NOT EXISTS kept (v int); INSERT INTO kept VALUES (7)')
  })
  return { db, prepared: prepared as Db }
}

describe('opening the database', () => {
  it("sets the embedded database's buffer pool (shared_buffers), which is all resident, below PGlite's 128MB", async () => {
    const db = await openDb({ dataDir: 'memory://' })
    try {
      const row = await db.one<{ shared_buffers: string }>('SHOW shared_buffers')
      expect(row?.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS)
      expect(EMBEDDED_SHARED_BUFFERS).not.toBe('128MB')
    } finally {
      await db.close()
    }
  })

  // a new PGlite database on disk (initdb), twice: slow on a busy machine
  it('closes an embedded database it created once prepared, and returns it opened again with what the preparation wrote', {
    timeout: 120_000,
  }, async () => {
    const dataDir = newDataDir()
    const { db, prepared } = await openPrepared({ dataDir })
    try {
      expect(db.reopened).toBe(true)
      expect(db).not.toBe(prepared)
      await expect(prepared.query('SELECT 1')).rejects.toThrow(/closed/i)
      expect(await db.query('SELECT v FROM kept')).toEqual([{ v: 7 }])
    } finally {
      await db.close()
    }
    // the next open finds the database there: prepared and returned as it is, open once
    const next = await openPrepared({ dataDir })
    try {
      expect(next.db).toBe(next.prepared)
      expect(next.db.reopened).toBeUndefined()
      expect(await next.db.query('SELECT v FROM kept')).toEqual([{ v: 7 }, { v: 7 }])
    } finally {
      await next.db.close()
    }
  })

  it('opens PostgreSQL (DATABASE_URL), or an embedded database in memory, once', async () => {
    const url = process.env.DATABASE_URL
    const { db, prepared } = await openPrepared(
      url
        ? { databaseUrl: url, schema: `t_${randomBytes(6).toString('hex')}`, dropSchema: true }
        : { dataDir: 'memory://' },
    )
    try {
      expect(db).toBe(prepared)
      expect(db.reopened).toBeUndefined()
      expect(await db.query('SELECT v FROM kept')).toEqual([{ v: 7 }])
    } finally {
      await db.close()
    }
  })
})

describe('a first start on a new embedded database', () => {
  it('migrates and seeds it, opens it again, then serves the seeded catalog', {
    timeout: 120_000,
  }, async () => {
    const lines: { msg?: string }[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l))
        done()
      },
    })
    // embedded even when the other server tests run on PostgreSQL
    const app = await testServer({
      databaseUrl: undefined,
      dataDir: newDataDir(),
      logger: { level: 'info', stream },
    })
    try {
      const msgs = lines.map((l) => l.msg)
      const seeded = msgs.indexOf('database seeded')
      expect(seeded).toBeGreaterThan(msgs.indexOf('migrations applied'))
      expect(msgs.indexOf('database created, then opened again after its set-up')).toBeGreaterThan(seeded)
      expect(app.services.db.reopened).toBe(true)
      const stores = await client(app).get('/api/stores?per_page=5')
      expect(stores.status).toBe(200)
      expect(stores.body.data).toHaveLength(5)
    } finally {
      await app.close()
    }
  })
})
