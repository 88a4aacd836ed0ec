import type { FastifyRequest } from 'fastify'
import type { Services } from '../services.ts'
import { newAttemptId } from './coins.ts'
import { fail } from './http.ts'
import type { UserRow } from './session.ts'

/**
 * Leaving for a store (issue 26, the click): one clicks row per "Shop now", and the store's tracking
 * link with the click id in its network's sub-id parameter. The member's id never leaves the site;
 * the rate the member was shown (the Plus rate for a Plus member, when the store has one) is kept on
 * the click: it is the rate the member gets.
 */

/**
 * The network's sub-id parameter (config/networks.json), or undefined for a network it does not know,
 * or for the development network when it is off (its checkout pages are absent then).
 */
export function subIdParamOf(s: Services, network: string | null): string | undefined {
  const n = network ? s.networks.get(network) : undefined
  if (!n || (n.development && s.networks.dev !== n.id)) return undefined
  return n.subIdParam
}

/** desktop, mobile or tablet, from a User-Agent. */
export function deviceOf(userAgent: string | undefined): 'desktop' | 'mobile' | 'tablet' {
  const ua = userAgent ?? ''
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i.test(ua)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Opera Mini|IEMobile/i.test(ua)) return 'mobile'
  return 'desktop'
}

/** The tracking link with the click id: a relative link (the development network's) is on PUBLIC_URL. */
export function trackingLink(publicUrl: string, trackingUrl: string, param: string, clickId: string): string {
  const u = new URL(trackingUrl.startsWith('/') ? `${publicUrl}${trackingUrl}` : trackingUrl)
  u.searchParams.set(param, clickId)
  return u.href
}

/** The attribution cookie's sid/cid/partner (read by routes/tracking.ts), when the member's row has none. */
export type CookieAttribution = { sid: string; cid: string; partner: string } | undefined

export interface Click {
  redirect_url: string
  click_id: string
  rate: { type: 'percent' | 'flat'; value: number; plus: boolean }
}

/**
 * Records a click at a store (by internal name or id) and answers where to send the member. Undefined,
 * and nothing recorded, when the store is unknown, has no tracking link on a network that is on, or the
 * coupon or offer is not the store's: the caller says which (clickRefusal). The click redirect is on
 * every "Shop now" and its p99 is a target (scripts/bench-click.ts): two plain statements, measured
 * cheaper on PGlite than one statement with a data-modifying CTE (0.6 against 0.9 to 1.2 ms of CPU).
 */
export async function recordClick(
  s: Services,
  req: FastifyRequest,
  user: UserRow,
  store: { internalName: string } | { id: number },
  o: { couponId?: number | undefined; offerId?: number | undefined; cookie: CookieAttribution },
): Promise<Click | undefined> {
  const st = await s.db.one<{
    id: number
    network: string | null
    tracking_url: string | null
    rate_type: 'percent' | 'flat'
    rate_value: number
    plus_rate_value: number | null
  }>(
    `SELECT id, network, tracking_url, rate_type, rate_value, plus_rate_value FROM stores WHERE ${
      'internalName' in store ? 'internal_name = $1' : 'id = $1'
    }`,
    ['internalName' in store ? store.internalName : store.id],
  )
  const param = st ? subIdParamOf(s, st.network) : undefined
  if (!st?.tracking_url || !param) return undefined
  if (
    o.couponId !== undefined &&
    !(await s.db.one('SELECT 1 FROM coupons WHERE id = $1 AND store_id = $2', [o.couponId, st.id]))
  )
    return undefined
  if (
    o.offerId !== undefined &&
    !(await s.db.one('SELECT 1 FROM offers WHERE id = $1 AND store_id = $2', [o.offerId, st.id]))
  )
    return undefined
  const plus = user.plus_active && st.plus_rate_value !== null
  const rateValue = plus ? (st.plus_rate_value as number) : st.rate_value
  const a = user.sid ? user : (o.cookie ?? user)
  const id = newAttemptId()
  await s.db.query(
    `INSERT INTO clicks (id, user_id, store_id, coupon_id, offer_id, sid, cid, partner, device, rate_type, rate_value, plus)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      user.id,
      st.id,
      o.couponId ?? null,
      o.offerId ?? null,
      a.sid ?? '',
      a.cid ?? '',
      a.partner ?? '',
      deviceOf(req.headers['user-agent']),
      st.rate_type,
      rateValue,
      plus,
    ],
  )
  return {
    redirect_url: trackingLink(s.publicUrl, st.tracking_url, param, id),
    click_id: id,
    rate: { type: st.rate_type, value: rateValue, plus },
  }
}

/** Why a click at a store was not recorded: 404 unknown store, 422 not its coupon or offer, else 409 no_tracking_link. */
export async function clickRefusal(
  s: Services,
  internalName: string,
  o: { couponId?: number | undefined; offerId?: number | undefined },
) {
  const st = await s.db.one<{ coupon: boolean; offer: boolean }>(
    `SELECT ($2::int IS NULL OR EXISTS (SELECT 1 FROM coupons c WHERE c.id = $2::int AND c.store_id = s.id)) AS coupon,
       ($3::int IS NULL OR EXISTS (SELECT 1 FROM offers f WHERE f.id = $3::int AND f.store_id = s.id)) AS offer
     FROM stores s WHERE s.internal_name = $1`,
    [internalName, o.couponId ?? null, o.offerId ?? null],
  )
  if (!st) return fail(404, 'store', 'Not found')
  if (!st.coupon) return fail(422, 'coupon_id', 'This coupon is not of this store.')
  if (!st.offer) return fail(422, 'offer_id', 'This offer is not of this store.')
  return fail(
    409,
    'store',
    'This store has no tracking link yet: cash back cannot be tracked there.',
    'no_tracking_link',
  )
}
