import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { ClaimReply, ClaimRequest, ClaimsQuery, ClaimsReply } from '../../plugins/account/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail } from '../lib/http.ts'
import { fileClaim, leftOf, listClaims, receiptOf } from '../lib/rebate-claims.ts'
import { receiptReply } from '../lib/receipt-type.ts'
import { memberRoute, route, zId } from '../lib/route.ts'
import type { Services } from '../services.ts'

/**
 * Rebate claims (issue 27): file one (its receipt as base64 in the JSON body: the only route that takes a
 * body this large), list them with what is left of each monthly cap, read a receipt (its member only).
 * The order number travels as `order_number` (an id the card guard lets pass).
 */
export async function rebateClaimRoutes(app: FastifyInstance, s: Services) {
  // base64 is 4 bytes for 3; room for the other fields
  const bodyLimit = Math.ceil(constants.rebateClaims.receiptMaxBytes / 3) * 4 + 16 * 1024

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/rebate-claims',
    tag: 'account',
    summary:
      'File a rebate claim of a Plus benefit (order number, date, amount, receipt as base64: PNG, JPEG, WebP, HEIC or PDF by its bytes, at most rebateClaims.receiptMaxBytes). It stays in review until staff decide. 403 plus_required; 422 receipt_type, receipt_too_big, order_claimed, order_too_old, over_monthly_cap (with left_cents).',
    body: ClaimRequest,
    reply: ClaimReply,
    bodyLimit,
    replies: { 403: 'plus_required', 422: 'invalid claim or over the monthly cap' },
    async handler({ body, uid }) {
      const data = await fileClaim(s, uid, body)
      return { data, left: await leftOf(s.db, uid) }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/rebate-claims',
    tag: 'account',
    summary:
      "The member's rebate claims, newest first, with what is left this month of each capped benefit (cents).",
    query: ClaimsQuery,
    reply: ClaimsReply,
    async handler({ query, uid }) {
      return {
        data: await listClaims(s.db, uid, query.benefit_type),
        left: await leftOf(s.db, uid),
        limits: {
          receipt_max_bytes: constants.rebateClaims.receiptMaxBytes,
          order_max_age_days: constants.rebateClaims.orderMaxAgeDays,
        },
      }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/rebate-claims/:id/receipt',
    tag: 'account',
    summary: "A claim's receipt as it was uploaded, to its member only (404 for anyone else's).",
    params: z.object({ id: zId }),
    replies: { 404: 'not_found' },
    async handler({ params, reply, uid }) {
      const r = await receiptOf(s, uid, params.id)
      if (!r) throw fail(404, 'id', 'No such receipt.', 'not_found')
      return receiptReply(reply, r, params.id, 'attachment')
    },
  })

  // test mode: make a member a Plus member without the payment step (the end-to-end claim test)
  if (s.mode !== 'production')
    route(app, s, {
      method: 'POST',
      url: '/api/dev/rebate-claims/plus',
      tag: 'dev',
      summary: 'Development and test modes: the member with this e-mail becomes a Plus member (plus_active).',
      body: z.object({ email: z.string().check(z.minLength(3), z.maxLength(254)) }),
      async handler({ body }) {
        const row = await s.db.one<{ id: number }>(
          'UPDATE users SET plus_active = true WHERE lower(email) = lower($1) RETURNING id',
          [body.email],
        )
        if (!row) throw fail(404, 'email', 'No such member.', 'not_found')
        return { ok: true }
      },
    })
}
