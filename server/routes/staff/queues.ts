import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import {
  ClaimApproveRequest,
  InquiryCreditRequest,
  InquiryMatchRequest,
  PayoutApproveRequest,
  QueueDecisionReply,
  QueueReasonRequest,
  ReviewClaimsReply,
  ReviewInquiriesReply,
  ReviewPayoutsReply,
  ReviewProtectionReply,
} from '../../../plugins/staff/queues/contract.ts'
import { fail } from '../../lib/http.ts'
import { receiptReply } from '../../lib/receipt-type.ts'
import { zId } from '../../lib/route.ts'
import {
  claimReceipt,
  claimsInReview,
  decideClaim,
  decideInquiry,
  decidePayout,
  decideProtection,
  inquiriesUnderReview,
  payoutsInReview,
  unsettledProtectionClaims,
} from '../../lib/staff/queues.ts'
import { staffRoute } from '../../lib/staff/route.ts'
import type { StaffUser } from '../../lib/staff/session.ts'
import type { Services } from '../../services.ts'

const params = z.object({ id: zId })
const decided = {
  404: 'No such item: { code: "not_found" }',
  409: 'Decided already (a decision is made once): { code: "already_decided" }',
}

/**
 * Issue 28, the staff console's queues (server/lib/staff/queues.ts): payouts in review, rebate claims
 * and protection claims (finance), missing cash-back inquiries (support). Every decision is audited in
 * its own transaction and made once (409 already_decided).
 */
export async function staffQueueRoutes(app: FastifyInstance, s: Services) {
  const finance = ['finance'] as const
  const support = ['support'] as const
  type Roles = typeof finance | typeof support

  /** A queue's list: GET /api/staff/<url>. */
  const list = <R extends z.ZodMiniType>(
    url: string,
    roles: Roles,
    summary: string,
    reply: R,
    load: () => Promise<unknown[]>,
  ) =>
    staffRoute(app, s, {
      method: 'GET',
      url: `/api/staff/${url}`,
      tag: 'staff',
      summary,
      roles,
      reply,
      handler: async () => ({ data: await load() }),
    })

  /** A decision on one item: POST /api/staff/<url> with the item's id, made once (409 after), audited. */
  const decision = <B extends z.ZodMiniType | undefined>(
    url: string,
    roles: Roles,
    summary: string,
    body: B,
    run: (
      id: number,
      body: B extends z.ZodMiniType ? z.infer<B> : undefined,
      staff: StaffUser,
    ) => Promise<string>,
    refusals: Record<number, string> = {},
  ) =>
    staffRoute(app, s, {
      method: 'POST',
      url: `/api/staff/${url}`,
      tag: 'staff',
      summary,
      roles,
      params,
      body,
      reply: QueueDecisionReply,
      replies: { ...decided, ...refusals },
      handler: async ({ params: p, body: b, staff }) => ({
        success: true,
        status: await run(p.id, b as B extends z.ZodMiniType ? z.infer<B> : undefined, staff),
      }),
    })

  list(
    'payouts',
    finance,
    'Payouts in review (worth more than payouts.reviewAboveCents), oldest first, with their member.',
    ReviewPayoutsReply,
    () => payoutsInReview(s.db),
  )
  decision(
    'payouts/:id/approve',
    finance,
    'Approve a payout in review: scheduled work sends it through the payout provider. Audited.',
    PayoutApproveRequest,
    (id, b, staff) => decidePayout(s, staff, id, { approve: true, note: b.note?.trim() ?? '' }),
  )
  decision(
    'payouts/:id/reject',
    finance,
    'Reject a payout in review with the reason the member reads: the money returns to the balance (notification and mail). Audited.',
    QueueReasonRequest,
    (id, b, staff) => decidePayout(s, staff, id, { approve: false, reason: b.reason }),
  )

  list(
    'claims',
    finance,
    "Rebate claims in review, oldest first, with what is left of the member's monthly cap of the benefit (max_cents: the most that may be approved).",
    ReviewClaimsReply,
    () => claimsInReview(s.db),
  )
  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/claims/:id/receipt',
    tag: 'staff',
    summary: "A claim's receipt as uploaded (image or PDF), inline, with its type.",
    roles: finance,
    params,
    replies: { 404: 'not_found' },
    async handler({ params: p, reply }) {
      const r = await claimReceipt(s, p.id)
      if (!r) throw fail(404, 'id', 'No such receipt.', 'not_found')
      return receiptReply(reply, r, p.id, 'inline')
    },
  })
  decision(
    'claims/:id/approve',
    finance,
    "Approve a rebate claim in review for an amount within what it asked and the member's remaining cap (422 over_claim, over_monthly_cap): booked once in the ledger, the member notified. Audited.",
    ClaimApproveRequest,
    (id, b, staff) => decideClaim(s, staff, id, { approve: true, amountCents: b.amount_cents }),
    { 422: 'over_claim | over_monthly_cap | invalid_amount' },
  )
  decision(
    'claims/:id/reject',
    finance,
    'Reject a rebate claim in review with the reason the member sees (and is notified of). Audited.',
    QueueReasonRequest,
    (id, b, staff) => decideClaim(s, staff, id, { approve: false, reason: b.reason }),
  )

  list(
    'inquiries',
    support,
    "Missing cash-back inquiries under review, oldest first, each with the member's clicks at the store and the parked conversions of the store's network (closest first; likely: within the matching tolerances).",
    ReviewInquiriesReply,
    () => inquiriesUnderReview(s.db),
  )
  decision(
    'inquiries/:id/match',
    support,
    "Match an inquiry to a parked conversion of its store's network: the conversion becomes the member's and books its cash back (409 conversion_taken; 422 not_this_network). Audited.",
    InquiryMatchRequest,
    (id, b, staff) => decideInquiry(s, staff, id, { do: 'match', conversionId: b.conversion_id }),
    { 422: 'not_this_network' },
  )
  decision(
    'inquiries/:id/credit',
    support,
    'Credit an inquiry by hand: a payable cash back row (at most the order amount: 422 over_order_amount) with the reason, booked once; the member notified. Audited.',
    InquiryCreditRequest,
    (id, b, staff) =>
      decideInquiry(s, staff, id, { do: 'credit', amountCents: b.amount_cents, reason: b.reason }),
    { 422: 'over_order_amount' },
  )
  decision(
    'inquiries/:id/decline',
    support,
    'Decline an inquiry with the reason the member is told. Audited.',
    QueueReasonRequest,
    (id, b, staff) => decideInquiry(s, staff, id, { do: 'decline', reason: b.reason }),
  )

  list(
    'protection',
    finance,
    'Filed protection claims the watcher cannot settle: no provider, no linked account behind the order, an account that needs the member, or filed longer than staff.protectionUnsettledAfterHours ago.',
    ReviewProtectionReply,
    () => unsettledProtectionClaims(s),
  )
  decision(
    'protection/:id/approve',
    finance,
    "Approve a filed protection claim: its refund is booked once ('protection:<id>', as the watcher would), the member notified. Audited.",
    undefined,
    (id, _b, staff) => decideProtection(s, staff, id, { approve: true }),
  )
  decision(
    'protection/:id/decline',
    finance,
    'Decline a filed protection claim with the reason the member is told. Audited.',
    QueueReasonRequest,
    (id, b, staff) => decideProtection(s, staff, id, { approve: false, reason: b.reason }),
  )
}
