import type { FastifyInstance } from 'fastify'
import { ClickReply, ClickRequest } from '../../plugins/catalog/contract.ts'
import { clickRefusal, recordClick } from '../lib/clicks.ts'
import { memberRoute } from '../lib/route.ts'
import type { Services } from '../services.ts'
import { readAttribution } from './tracking.ts'

/** POST /api/clicks: "Shop now" records a click and answers the store's tracking link (issue 26). */
export async function clickRoutes(app: FastifyInstance, s: Services) {
  memberRoute(app, s, {
    method: 'POST',
    url: '/api/clicks',
    tag: 'catalog',
    summary:
      "Leave for a store (its coupon or offer): records a click (the member, the attribution, the device and the rate shown: the Plus rate for a Plus member) and answers the store's tracking link with the click id in the network's sub-id parameter. The member's id never leaves the site.",
    body: ClickRequest,
    reply: ClickReply,
    replies: {
      404: 'Unknown store',
      409: 'The store has no tracking link (no_tracking_link)',
      422: 'The coupon or offer is not of this store',
    },
    async handler({ req, body, user }) {
      const o = { couponId: body.coupon_id, offerId: body.offer_id }
      const data = await recordClick(
        s,
        req,
        user.row,
        { internalName: body.store },
        {
          ...o,
          cookie: readAttribution(req, s.cookiePrefix),
        },
      )
      if (!data) throw await clickRefusal(s, body.store, o)
      return { data }
    },
  })
}
