import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'

/**
 * The /updatepay_method link of a declined-renewal mail (issue 27): `<subscription id>.<expiry, epoch
 * seconds>.<HMAC-SHA256>`, base64url, with a secret generated once and kept in `settings`. It works
 * `constants.billing.updateLinkDays` and can only put a new card on that one membership. Never logged:
 * the page's `token` query parameter is redacted from request logs (lib/log-redact.ts), the page sends
 * no Referer (lib/security.ts, a `token=` query), and the page posts it.
 */
const SECRET_KEY = 'billing_link_secret'
const secrets = new WeakMap<object, Promise<string>>()

async function readSecret(db: Db): Promise<string> {
  const row = await db.one<{ value: string }>(
    `WITH made AS (INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING value)
     SELECT value FROM made UNION ALL SELECT value FROM settings WHERE key = $1 LIMIT 1`,
    [SECRET_KEY, randomBytes(32).toString('hex')],
  )
  return row!.value
}

function secretOf(db: Db): Promise<string> {
  let s = secrets.get(db)
  if (!s) {
    s = readSecret(db)
    s.catch(() => secrets.delete(db))
    secrets.set(db, s)
  }
  return s
}

const mac = (secret: string, subId: number, exp: number) =>
  createHmac('sha256', secret).update(`updatepay:${subId}:${exp}`).digest()

/** A signed link token for one membership, working updateLinkDays from `now`. */
export async function updateLinkToken(db: Db, subId: number, now = Date.now()): Promise<string> {
  const exp = Math.floor(now / 1000) + constants.billing.updateLinkDays * 86400
  return `${subId}.${exp}.${mac(await secretOf(db), subId, exp).toString('base64url')}`
}

/** The membership a token names when its signature is right and it has not expired; else null. */
export async function updateLinkSubscription(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<number | null> {
  const m = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!m) return null
  const id = Number(m[1])
  const exp = Number(m[2])
  const want = mac(await secretOf(db), id, exp)
  const got = Buffer.from(m[3]!, 'base64url')
  if (got.length !== want.length || !timingSafeEqual(got, want)) return null
  return exp * 1000 > now ? id : null
}
