import { int, listReply, str } from '@core/contract'
import { z } from 'zod/mini'

/**
 * The staff queues' API (issue 28): payouts in review, rebate claims in review, missing cash-back
 * inquiries under review and protection claims the watcher could not settle, each with its decisions.
 * Shared by server/routes/staff/queues.ts and plugins/staff/queues. Every decision is made once: a
 * second one answers 409 `already_decided`.
 */

const reasonText = z
  .string({ error: 'Please give a reason.' })
  .check(z.trim(), z.minLength(1, 'Please give a reason.'), z.maxLength(500, 'At most 500 characters.'))
const cents = int(1, 100_000_000)

/** The member a queue item belongs to. */
export const QueueMember = z.object({ id: z.number(), email: z.string(), name: z.nullable(z.string()) })
export type QueueMember = z.infer<typeof QueueMember>

/** A payout waiting for staff (withdrawals in status 'review'). */
export const ReviewPayout = z.object({
  id: z.number(),
  member: QueueMember,
  kind: z.enum(['cash', 'coin']),
  /** cents for cash, coins for coin */
  amount: z.number(),
  value_cents: z.number(),
  method: z.string(),
  destination: z.string(),
  test: z.boolean(),
  created_at: z.string(),
})
export type ReviewPayout = z.infer<typeof ReviewPayout>
export const ReviewPayoutsReply = listReply(ReviewPayout)

export const PayoutApproveRequest = z.object({ note: z.optional(str(500)) })
export type PayoutApproveRequest = z.infer<typeof PayoutApproveRequest>
/** The reason the member reads in the notification and the mail. */
export const QueueReasonRequest = z.object({ reason: reasonText })
export type QueueReasonRequest = z.infer<typeof QueueReasonRequest>

/** A rebate claim in review, with what its member has left of the benefit's cap in the claim's month. */
export const ReviewClaim = z.object({
  id: z.number(),
  member: QueueMember,
  benefit_type: z.string(),
  order_number: z.string(),
  order_date: z.string(),
  amount_cents: z.number(),
  receipt_type: z.string(),
  created_at: z.string(),
  /** what is left of the monthly cap besides this claim; null: the benefit has no cap */
  left_cents: z.nullable(z.number()),
  /** the most that may be approved: the claim's amount within what is left */
  max_cents: z.number(),
})
export type ReviewClaim = z.infer<typeof ReviewClaim>
export const ReviewClaimsReply = listReply(ReviewClaim)

export const ClaimApproveRequest = z.object({ amount_cents: cents })
export type ClaimApproveRequest = z.infer<typeof ClaimApproveRequest>

/** A click of the member at the inquiry's store. */
export const InquiryClick = z.object({ id: z.string(), created_at: z.string() })
/** A conversion the store's network reported without a click this server knows (parked). */
export const ParkedConversion = z.object({
  id: z.number(),
  order_id: z.string(),
  sale_cents: z.number(),
  ordered_at: z.string(),
  status: z.string(),
  /** the order number and the sale match the inquiry within the matching tolerances */
  likely: z.boolean(),
})
export type ParkedConversion = z.infer<typeof ParkedConversion>

/** A missing cash-back inquiry under review, with the member's clicks at that store and parked conversions. */
export const ReviewInquiry = z.object({
  id: z.number(),
  member: QueueMember,
  store: z.object({ id: z.number(), name: z.string(), network: z.nullable(z.string()) }),
  order_id: z.string(),
  ordered_on: z.string(),
  amount_cents: z.number(),
  created_at: z.string(),
  clicks: z.array(InquiryClick),
  parked: z.array(ParkedConversion),
})
export type ReviewInquiry = z.infer<typeof ReviewInquiry>
export const ReviewInquiriesReply = listReply(ReviewInquiry)

export const InquiryMatchRequest = z.object({ conversion_id: int(1, 2_147_483_647) })
export type InquiryMatchRequest = z.infer<typeof InquiryMatchRequest>
/** A manual credit: the cash back (not the order amount) and why. */
export const InquiryCreditRequest = z.object({ amount_cents: cents, reason: reasonText })
export type InquiryCreditRequest = z.infer<typeof InquiryCreditRequest>

/** Why the watcher could not settle a filed protection claim. */
export const UnsettledWhy = z.enum(['no_provider', 'no_account', 'needs_attention', 'stale'])
export type UnsettledWhy = z.infer<typeof UnsettledWhy>
export const ReviewProtectionClaim = z.object({
  id: z.number(),
  member: QueueMember,
  kind: z.string(),
  merchant: z.string(),
  reference: z.string(),
  amount_cents: z.number(),
  created_at: z.string(),
  why: UnsettledWhy,
})
export type ReviewProtectionClaim = z.infer<typeof ReviewProtectionClaim>
export const ReviewProtectionReply = listReply(ReviewProtectionClaim)

/** The reply of a decision. */
export const QueueDecisionReply = z.object({ success: z.boolean(), status: z.string() })
export type QueueDecisionReply = z.infer<typeof QueueDecisionReply>
