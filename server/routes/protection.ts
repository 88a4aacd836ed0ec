import type { FastifyInstance } from 'fastify'
import {
  ClaimReply,
  ClaimRequest,
  ClaimsQuery,
  ClaimsReply,
  OverviewQuery,
  OverviewReply,
  type Parcel,
  type ParcelStatus,
  ParcelsReply,
} from '../../plugins/protection/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail } from '../lib/http.ts'
import { isoOf, isoOrNull } from '../lib/present.ts'
import { fileFinding } from '../lib/protection/findings.ts'
import { claimsOf, ORDER_COLS, type OrderRow, pageFacts, toOrder } from '../lib/protection/present.ts'
import { memberRoute } from '../lib/route.ts'
import type { Services } from '../services.ts'

/** Which orders each watching page lists. */
const PAGE_ORDERS = {
  // inside the price window, or with a price claim already
  price: `o.kind = 'purchase' AND (o.ordered_at > now() - make_interval(days => $2)
    OR EXISTS (SELECT 1 FROM protection_claims c WHERE c.order_id = o.id AND c.kind = 'price'))`,
  shipping: `o.kind = 'purchase' AND o.promised_at IS NOT NULL`,
  hotel: `o.kind = 'hotel'`,
  carrental: `o.kind = 'carrental'`,
} as const

export async function protectionRoutes(app: FastifyInstance, s: Services) {
  memberRoute(app, s, {
    method: 'GET',
    url: '/api/protection/overview',
    tag: 'protection',
    summary:
      'One protection page: its watched orders, its claims, what was recovered this year, and the outage notice.',
    query: OverviewQuery,
    reply: OverviewReply,
    async handler({ query, uid }) {
      const orders = await s.db.query<OrderRow>(
        `SELECT ${ORDER_COLS} FROM protection_orders o WHERE o.user_id = $1 AND ${PAGE_ORDERS[query.kind]}
         ORDER BY o.ordered_at DESC, o.id DESC`,
        query.kind === 'price' ? [uid, constants.protection.priceWindowDays] : [uid],
      )
      return {
        orders: orders.map(toOrder),
        claims: await claimsOf(s.db, uid, { kind: query.kind }),
        ...(await pageFacts(s.db, uid, query.kind)),
      }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/protection/parcels',
    tag: 'protection',
    summary: 'Parcels of the linked accounts with their carrier scans and package claims.',
    reply: ParcelsReply,
    async handler({ uid }) {
      const orders = await s.db.query<
        OrderRow & { events: { status: ParcelStatus; at: string; location: string | null }[] }
      >(
        `SELECT ${ORDER_COLS},
           COALESCE((SELECT json_agg(json_build_object('status', e.status, 'at', e.at, 'location', e.location)
             ORDER BY e.at, e.id) FROM parcel_events e WHERE e.order_id = o.id), '[]'::json) AS events
         FROM protection_orders o
         WHERE o.user_id = $1 AND o.kind = 'purchase' AND o.carrier IS NOT NULL AND o.tracking_number IS NOT NULL
         ORDER BY o.ordered_at DESC, o.id DESC`,
        [uid],
      )
      const claims = await claimsOf(s.db, uid, { kind: 'package', orderIds: orders.map((o) => o.id) })
      const data: Parcel[] = orders.map((o) => {
        const events = o.events.map((e) => ({ status: e.status, at: isoOf(e.at), location: e.location }))
        const delivered = isoOrNull(o.delivered_at)
        return {
          order_id: o.id,
          merchant: o.merchant,
          title: o.title,
          carrier: o.carrier!,
          tracking_number: o.tracking_number!,
          status: delivered ? 'delivered' : (events.at(-1)?.status ?? 'label_created'),
          expected_at: delivered ? null : isoOrNull(o.promised_at),
          delivered_at: delivered,
          events,
          claim: claims.find((c) => c.order_id === o.id) ?? null,
        }
      })
      return { data, ...(await pageFacts(s.db, uid, 'package')) }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/protection/claims',
    tag: 'protection',
    summary:
      'Protection claims (shipping, price, hotel, carrental, package) with their timelines, optionally of one kind.',
    query: ClaimsQuery,
    reply: ClaimsReply,
    async handler({ query, uid }) {
      return { data: await claimsOf(s.db, uid, { kind: query.kind }) }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/protection/claims',
    tag: 'protection',
    summary: 'File a package (never came) or shipping (late) claim about an order of a linked account.',
    body: ClaimRequest,
    reply: ClaimReply,
    replies: {
      404: 'Not an order of this member (order_not_found)',
      409: 'That claim exists (claim_exists)',
      422: 'Not due yet (not_due), or the claims on the order already total its amount (nothing_left)',
    },
    async handler({ reply, body, uid }) {
      const o = await s.db.one<OrderRow>(
        `SELECT ${ORDER_COLS} FROM protection_orders o WHERE o.id = $1 AND o.user_id = $2 AND o.kind = 'purchase'`,
        [body.order_id, uid],
      )
      if (!o)
        throw fail(
          404,
          'order_id',
          'We could not find that order in your linked accounts.',
          'order_not_found',
        )
      const last = await s.db.one<{ status: string; at: Date }>(
        'SELECT status, at FROM parcel_events WHERE order_id = $1 ORDER BY at DESC, id DESC LIMIT 1',
        [o.id],
      )
      // a claim is paid by the provider: only one that is due may be filed (no early "missing" parcel)
      const notDue = claimNotDue(body.kind, o, last?.status, new Date())
      if (notDue) throw fail(422, 'order_id', notDue, 'not_due')
      const evidence =
        body.kind === 'package'
          ? { last_status: last?.status ?? 'label_created', last_seen_at: isoOf(last?.at ?? o.ordered_at) }
          : {
              ...(o.promised_at ? { promised_at: isoOf(o.promised_at) } : {}),
              delivered_at: isoOrNull(o.delivered_at),
            }
      const amount =
        body.kind === 'package'
          ? o.paid_cents
          : o.shipping_cents > 0
            ? o.shipping_cents
            : constants.protection.lateDeliveryCreditCents
      const id = await fileFinding(
        s.db,
        {
          userId: uid,
          orderId: o.id,
          kind: body.kind,
          merchant: o.merchant,
          reference: o.reference,
          amount,
          evidence,
        },
        new Date(),
        body.note || null,
      )
      if (
        !id &&
        (await s.db.one('SELECT 1 FROM protection_claims WHERE order_id = $1 AND kind = $2', [
          o.id,
          body.kind,
        ]))
      )
        throw fail(409, 'kind', 'A claim of this kind was filed for this order already.', 'claim_exists')
      if (!id)
        throw fail(
          422,
          'order_id',
          'The claims on this order already total what was paid for it.',
          'nothing_left',
        )
      reply.code(201)
      return { success: true, data: (await claimsOf(s.db, uid, { ids: [id] }))[0]! }
    },
  })
}

const dayOf = (d: Date | string) => new Date(d).toISOString().slice(0, 10)

/**
 * Why a member's claim is not due yet, or null when it is: a missing parcel once its expected day has
 * passed and it was not delivered; a late delivery once the promised day has passed with no delivery,
 * or a delivery after that day.
 */
export function claimNotDue(
  kind: 'package' | 'shipping',
  o: { promised_at: Date | string | null; delivered_at: Date | string | null },
  lastScan: string | undefined,
  now: Date,
): string | null {
  const today = dayOf(now)
  const promised = o.promised_at ? dayOf(o.promised_at) : null
  if (kind === 'package') {
    if (o.delivered_at || lastScan === 'delivered') return 'This parcel was delivered.'
    if (promised && promised >= today)
      return 'You can report a missing parcel once its expected day has passed.'
    return null
  }
  const late = promised && (o.delivered_at ? dayOf(o.delivered_at) > promised : today > promised)
  return late ? null : 'This delivery is not late.'
}
