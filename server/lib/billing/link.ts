import { createHmac } from 'node:crypto'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { keptSecret, macMatches } from '../kept-secret.ts'

/**
 * The /updatepay_method link of a declined-renewal mail (issue 27): `<subscription id>.<expiry, epoch
 * seconds>.<HMAC-SHA256>`, base64url, with a secret generated once and kept in `settings`. It works
 * `constants.billing.updateLinkDays` and can only put a new card on that one membership. Never logged:
 * the page's `token` query parameter is redacted from request logs (lib/log-redact.ts), the page sends
 * no Referer (lib/security.ts, a `token=` query), and the page posts it.
 */
const SECRET_KEY = 'billing_link_secret'
const secretOf = (db: Db) => keptSecret(db, SECRET_KEY)

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
  if (!macMatches(want, m[3]!)) return null
  return exp * 1000 > now ? id : null
}
