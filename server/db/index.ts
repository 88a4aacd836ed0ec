import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
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
   * Embedded only: openDb created this database (a data folder without one), and closed and opened it
   * again once it was prepared (openDb's `prepare`).
   */
  reopened?: true
  /** Embedded only: a copy of the data folder (PGlite's dumpDataDir), for DbOptions.loadDataDir. */
  dumpDataDir?(): Promise<Blob>
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
  /**
   * PGlite only: start from this copy of a data folder (PGlite's dumpDataDir) instead of an empty one.
   * The server tests start each server from one migrated and seeded copy (tests/server-template.ts).
   */
  loadDataDir?: Blob
}

/**
 * The embedded database's buffer pool (PostgreSQL's shared_buffers; PGlite's default is 128MB). All of
 * it is resident inside PGlite's WebAssembly memory from the start, whatever the data (issue 29,
 * scripts/measure-start.ts: 128MB held about 130 MB more at rest than 32MB did). 64MB holds twice the
 * seeded database (27 MB of tables and indexes); a page not in it is read from the data folder.
 */
export const EMBEDDED_SHARED_BUFFERS = '64MB'

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
  if ('dumpDataDir' in db) self.dumpDataDir = () => db.dumpDataDir('none')
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

/**
 * Opens the database, and runs `prepare` (the migrations and the seed) on it before returning it. An
 * embedded database on disk that this call creates is then closed, opened again, and followed by one
 * full garbage collection (issue 29). Creating it leaves some 430 MB of garbage (PGlite's initdb
 * instance with its own WebAssembly memory, and 225 MB of buffers), and the set-up touches all of the
 * instance's WebAssembly memory, which never shrinks; V8 frees garbage only at a full collection, which
 * a server at rest may never make. Measured by scripts/measure-start.ts: a first start held 841 MB at
 * rest and a later one 408 MB; now about 410 and 350 MB (with EMBEDDED_SHARED_BUFFERS). PostgreSQL and
 * memory:// are opened once, as before.
 */
export async function openDb(opts: DbOptions, prepare?: (db: Db) => Promise<void>): Promise<Db> {
  const dir = opts.dataDir ?? '.data/pglite'
  const creates = !opts.databaseUrl && !dir.startsWith('memory://') && !existsSync(join(dir, 'PG_VERSION'))
  if (!creates) {
    const db = await openOnce(opts)
    await prepare?.(db)
    return db
  }
  await createAndPrepare(opts, prepare)
  const db = await openOnce(opts)
  db.reopened = true
  collectGarbage()
  return db
}

/** A new embedded database, prepared and closed: nothing of it stays reachable once this returns. */
async function createAndPrepare(opts: DbOptions, prepare?: (db: Db) => Promise<void>) {
  const db = await openOnce(opts)
  try {
    await prepare?.(db)
  } finally {
    await db.close()
  }
}

/**
 * One full garbage collection now: V8's gc() from a context made with --expose-gc turned on (as Jest's
 * leak detector gets it), since the server runs without the flag. Only after a database was created.
 */
function collectGarbage() {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

async function openOnce(opts: DbOptions): Promise<Db> {
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
  const db = await PGlite.create(dir, {
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  })
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
