import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export type Row = Record<string, unknown>

/** The small surface both PGlite and node-postgres share, so one set of SQL runs on both. */
export interface Db {
  kind: 'pglite' | 'postgres'
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>
  one<T = Row>(text: string, params?: unknown[]): Promise<T | undefined>
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  /**
   * PostgreSQL only: LISTEN on `channel` on a connection of its own (the schema's search_path), calling
   * `onPayload` with each NOTIFY's payload, and `onLost` once if that connection fails; the function
   * returned stops and ends that connection.
   */
  listen?(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: (e: Error) => void,
  ): Promise<() => Promise<void>>
}

export interface DbOptions {
  databaseUrl?: string
  dataDir?: string
  /** PostgreSQL only: a schema of its own (tests), created if missing and dropped on close when `dropSchema`. */
  schema?: string
  dropSchema?: boolean
}

// bigint and numeric come back as strings from pg; counts are cast to int in SQL, money is in integer cents.
pg.types.setTypeParser(20, (v) => Number(v))

function wrapPglite(
  db: PGlite | Parameters<Parameters<PGlite['transaction']>[0]>[0],
  close: () => Promise<void>,
): Db {
  const self: Db = {
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      const r = await db.query<T>(text, params)
      return r.rows
    },
    async one<T>(text: string, params: unknown[] = []) {
      const r = await db.query<T>(text, params)
      return r.rows[0]
    },
    async exec(sql: string) {
      await db.exec(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (!('transaction' in db)) return fn(self)
      return (db as PGlite).transaction((tx) => fn(wrapPglite(tx, async () => {})))
    },
    close,
  }
  return self
}

function wrapPg(pool: pg.Pool, client: pg.PoolClient | undefined, close: () => Promise<void>): Db {
  const q = client ?? pool
  return {
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      const r = await q.query(text, params)
      return r.rows as T[]
    },
    async one<T>(text: string, params: unknown[] = []) {
      const r = await q.query(text, params)
      return r.rows[0] as T | undefined
    },
    async exec(sql: string) {
      await q.query(sql)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (client) return fn(wrapPg(pool, client, close))
      const c = await pool.connect()
      try {
        await c.query('BEGIN')
        const out = await fn(wrapPg(pool, c, async () => {}))
        await c.query('COMMIT')
        return out
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {})
        throw e
      } finally {
        c.release()
      }
    },
    close,
  }
}

export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    const schema = opts.schema
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`)
    if (schema) {
      const admin = new pg.Client({ connectionString: opts.databaseUrl })
      await admin.connect()
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
      await admin.end()
    }
    const options = schema ? { options: `-c search_path=${schema}` } : {}
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, ...options })
    const db = wrapPg(pool, undefined, async () => {
      if (schema && opts.dropSchema)
        await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {})
      await pool.end()
    })
    db.listen = async (channel, onPayload, onLost) => {
      const c = new pg.Client({ connectionString: opts.databaseUrl, ...options })
      await c.connect()
      let ending = false
      c.on('notification', (n) => n.channel === channel && onPayload(n.payload ?? ''))
      c.on('error', (e) => {
        if (!ending) onLost?.(e)
        ending = true
      })
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`)
      return async () => {
        ending = true
        await c.end().catch(() => {})
      }
    }
    return db
  }
  const dir = opts.dataDir ?? '.data/pglite'
  if (dir !== 'memory://' && !dir.startsWith('memory://')) mkdirSync(dir, { recursive: true })
  const db = await PGlite.create(dir)
  return wrapPglite(db, () => db.close())
}

const migrationsDir = join(import.meta.dirname, 'migrations')

/** Applies every `NNN_name.sql` not yet recorded in schema_migrations, in order, each in a transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  )
  const files = readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  const applied: string[] = []
  for (const f of files) {
    if (done.has(f)) continue
    const sql = readFileSync(join(migrationsDir, f), 'utf8')
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [f])
    })
    applied.push(f)
  }
  return applied
}
