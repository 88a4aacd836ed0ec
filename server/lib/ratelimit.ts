import type { Db } from '../db/index.ts'
import { TtlCache } from './http.ts'

/** Per database: keys over their limit, until their window ends (a flood is refused without a write each). */
const blockedByDb = new WeakMap<Db, TtlCache<number>>()
function blockedOf(db: Db): TtlCache<number> {
  const known = blockedByDb.get(db)
  if (known) return known
  const c = new TtlCache<number>(60_000, 10_000)
  blockedByDb.set(db, c)
  return c
}

/**
 * Fixed-window counter in the database, so limits hold across server processes.
 * Returns the seconds to wait when `key` went over `limit` in the current window, else 0.
 */
export async function hit(db: Db, key: string, limit: number, windowSeconds: number): Promise<number> {
  const blocked = blockedOf(db)
  const until = blocked.get(key)
  if (until !== undefined) return Math.max(1, Math.ceil((until - Date.now()) / 1000))
  const row = await db.one<{ count: number; wait: number }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING count, GREATEST(1, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now()))))::int AS wait`,
    [key, windowSeconds],
  )
  if (!row || row.count <= limit) return 0
  blocked.set(key, Date.now() + row.wait * 1000, row.wait * 1000)
  return row.wait
}

/** Seconds to wait when `key` is already over `limit` in its window (counts nothing), else 0. */
export async function blockedFor(db: Db, key: string, limit: number, windowSeconds: number): Promise<number> {
  const until = blockedOf(db).get(key)
  if (until !== undefined) return Math.max(1, Math.ceil((until - Date.now()) / 1000))
  const row = await db.one<{ wait: number }>(
    `SELECT GREATEST(1, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now()))))::int AS wait
     FROM rate_limits WHERE key = $1 AND count > $3 AND window_start >= now() - make_interval(secs => $2)`,
    [key, windowSeconds, limit],
  )
  return row?.wait ?? 0
}

export async function clear(db: Db, key: string) {
  blockedOf(db).delete(key)
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key])
}
