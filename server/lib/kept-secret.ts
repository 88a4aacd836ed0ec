import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/index.ts'

/**
 * A signing secret generated once and kept in `settings` under `key` (the unsubscribe links, the
 * /updatepay_method links): read or made in one statement, so two servers starting at once keep one, and
 * read once per database and key.
 */
const kept = new WeakMap<object, Map<string, Promise<string>>>()

async function readSecret(db: Db, key: string): Promise<string> {
  const row = await db.one<{ value: string }>(
    `WITH made AS (INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING value)
     SELECT value FROM made UNION ALL SELECT value FROM settings WHERE key = $1 LIMIT 1`,
    [key, randomBytes(32).toString('hex')],
  )
  return row!.value
}

export function keptSecret(db: Db, key: string): Promise<string> {
  let byKey = kept.get(db)
  if (!byKey) {
    byKey = new Map()
    kept.set(db, byKey)
  }
  let s = byKey.get(key)
  if (!s) {
    s = readSecret(db, key)
    s.catch(() => byKey.delete(key))
    byKey.set(key, s)
  }
  return s
}

/** Whether a base64url MAC from a link is the one wanted, compared in constant time. */
export function macMatches(want: Buffer, gotBase64url: string): boolean {
  const got = Buffer.from(gotBase64url, 'base64url')
  return got.length === want.length && timingSafeEqual(got, want)
}
