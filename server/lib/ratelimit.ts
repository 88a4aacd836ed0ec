import type { Db } from '../db/index.ts'

/**
 * Fixed-window counter in the database, so limits hold across server processes.
 * Returns the seconds to wait when `key` went over `limit` in the current window, else 0.
 */
export async function hit(db: Db, key: string, limit: number, windowSeconds: number): Promise<number> {
  const row = await db.one<{ count: number; wait: number }>(
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING count, GREATEST(1, ceil(extract(epoch FROM (window_start + make_interval(secs => $2) - now()))))::int AS wait`,
    [key, windowSeconds],
  )
  return row && row.count > limit ? row.wait : 0
}

export async function clear(db: Db, key: string) {
  await db.query('DELETE FROM rate_limits WHERE key = $1', [key])
}
