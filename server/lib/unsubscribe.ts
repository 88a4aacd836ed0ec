import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Db } from '../db/index.ts'

/**
 * Unsubscribe links (issue 26): `<member id>.<HMAC-SHA256 of the list and the id>`, base64url, with a
 * secret generated once and kept in `settings`. The link keeps working (a mail read a year later still
 * unsubscribes) and names no address; it can only turn a list of mails off. Never logged: the link's
 * `token` query parameter is redacted from request logs (lib/log-redact.ts), and the page posts it.
 */
export const UNSUB_LISTS = { cashback: 'email_rebates' } as const
export type UnsubList = keyof typeof UNSUB_LISTS

const SECRET_KEY = 'unsubscribe_secret'
const secrets = new WeakMap<object, Promise<string>>()

/** One statement: the kept secret, or the one this call keeps (two servers starting at once keep one). */
async function readSecret(db: Db): Promise<string> {
  const row = await db.one<{ value: string }>(
    `WITH made AS (INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING value)
     SELECT value FROM made UNION ALL SELECT value FROM settings WHERE key = $1 LIMIT 1`,
    [SECRET_KEY, randomBytes(32).toString('hex')],
  )
  return row!.value
}

/** The secret, read (or made) once per database. */
export function unsubSecret(db: Db): Promise<string> {
  let s = secrets.get(db)
  if (!s) {
    s = readSecret(db)
    s.catch(() => secrets.delete(db))
    secrets.set(db, s)
  }
  return s
}

const mac = (secret: string, list: UnsubList, userId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:${list}:${userId}`).digest()

export const unsubToken = (secret: string, list: UnsubList, userId: number) =>
  `${userId}.${mac(secret, list, userId).toString('base64url')}`

/** The member a token names, when its signature is right for that list; else null. */
export function unsubMember(secret: string, list: UnsubList, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return null
  const id = Number(m[1])
  const want = mac(secret, list, id)
  const got = Buffer.from(m[2]!, 'base64url')
  return got.length === want.length && timingSafeEqual(got, want) ? id : null
}
