import { int, listReply, paged } from '@core/contract'
import { z } from 'zod/mini'

/**
 * Member lookup, lock and manual adjustments (issue 28): the shapes server/routes/staff/members.ts
 * answers and the screens of this folder read.
 */

/** Why a staff member locks, unlocks, adjusts or rejects: said in a few words, kept in the audit log. */
export const MemberActionReason = z
  .string()
  .check(
    z.trim(),
    z.minLength(3, 'Please say why (at least 3 characters).'),
    z.maxLength(500, 'Please keep the reason under 500 characters.'),
  )

export const MemberIdParams = z.object({ id: int(1, 2_147_483_647) })
export const AdjustmentIdParams = z.object({ id: int(1, 2_147_483_647) })

/** Lookup by e-mail (the whole address or a part of it) or by member id. */
export const MemberSearchQuery = z.object({
  q: z.string().check(z.trim(), z.minLength(1, 'Please enter an e-mail or a member id.'), z.maxLength(200)),
})

/** A member or a staff member as a list names them. */
const Who = z.object({ id: z.number(), email: z.string() })

/** A member the lookup found (locked: staff locked the account). */
export const MemberSummary = z.object({
  ...Who.shape,
  name: z.string(),
  created_at: z.string(),
  locked: z.boolean(),
})
export const MemberSearchReply = listReply(MemberSummary)

export const MemberLinkedAccount = z.object({
  id: z.number(),
  provider: z.string(),
  account_email: z.string(),
  status: z.string(),
  created_at: z.string(),
  last_synced_at: z.nullable(z.string()),
  sync_error: z.nullable(z.string()),
})

/**
 * What the app keeps of a member's sessions: a sign-in is a signed token (constants.loginLifeDays)
 * that the server does not record, so there is no list of devices. It keeps when every earlier token
 * was last made invalid (a password reset, a merge, a lock) and the one-time sign-in links it issued.
 */
export const MemberSessions = z.object({
  token_life_days: z.number(),
  /** tokens issued before this are refused; null when that never happened */
  signed_out_everywhere_at: z.nullable(z.string()),
  sign_in_links: z.array(
    z.object({ created_at: z.string(), expires_at: z.string(), used_at: z.nullable(z.string()) }),
  ),
})

export const MemberDetail = z.object({
  id: z.number(),
  email: z.string(),
  pending_email: z.nullable(z.string()),
  name: z.string(),
  phone: z.nullable(z.string()),
  country_code: z.string(),
  is_verified: z.boolean(),
  created_at: z.string(),
  partner: z.string(),
  plus_active: z.boolean(),
  locked_at: z.nullable(z.string()),
  locked_reason: z.nullable(z.string()),
  balances: z.object({
    cash_pending_cents: z.number(),
    cash_payable_cents: z.number(),
    coin_pending: z.number(),
    coin_payable: z.number(),
  }),
  linked_accounts: z.array(MemberLinkedAccount),
  sessions: MemberSessions,
})
export const MemberReply = z.object({ data: MemberDetail })

export const MemberPageQuery = z.object({ page: z.optional(int(1, 100_000)) })

export const MemberLedgerRow = z.object({
  id: z.number(),
  kind: z.string(),
  currency: z.enum(['cash', 'coin']),
  amount: z.number(),
  status: z.string(),
  reason: z.string(),
  source_ref: z.string(),
  created_at: z.string(),
  test: z.boolean(),
})
export const MemberLedgerReply = paged(MemberLedgerRow)

export const MemberClick = z.object({
  id: z.string(),
  store: z.string(),
  rate_type: z.enum(['percent', 'flat']),
  rate_value: z.number(),
  device: z.string(),
  created_at: z.string(),
})
export const MemberClicksReply = paged(MemberClick)

export const MemberLockRequest = z.strictObject({ reason: MemberActionReason })

/** pending: waits for a second staff member; booked: in the ledger; rejected: not booked, with the reason. */
export const ADJUSTMENT_STATUSES = ['pending', 'booked', 'rejected'] as const
export const Adjustment = z.object({
  id: z.number(),
  member: Who,
  /** cash, in cents: a credit above zero, a debit below */
  amount_cents: z.number(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requested_by: Who,
  decided_by: z.nullable(Who),
  decision_reason: z.nullable(z.string()),
  ledger_id: z.nullable(z.number()),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
})
export const AdjustmentReply = z.object({ data: Adjustment })
export const AdjustmentsReply = listReply(Adjustment)

/**
 * A manual cash adjustment (cents, not zero; a debit is negative). One whose absolute amount is above
 * the staff adjustmentApprovalAboveCents of config/constants.json waits for a second staff member's approval.
 */
export const AdjustmentRequest = z.strictObject({
  amount_cents: z.number().check(
    z.int('Please enter an amount in whole cents.'),
    z.minimum(-10_000_000),
    z.maximum(10_000_000),
    z.refine((n) => n !== 0, 'Please enter an amount other than zero.'),
  ),
  reason: MemberActionReason,
})
export const AdjustmentRejectRequest = z.strictObject({ reason: MemberActionReason })
export const AdjustmentsQuery = z.object({ status: z.optional(z.enum(ADJUSTMENT_STATUSES)) })

// the shapes' types, for the screens and the server
export type MemberSummary = z.infer<typeof MemberSummary>
export type MemberLinkedAccount = z.infer<typeof MemberLinkedAccount>
export type MemberSessions = z.infer<typeof MemberSessions>
export type MemberDetail = z.infer<typeof MemberDetail>
export type MemberReply = z.infer<typeof MemberReply>
export type MemberPageQuery = z.infer<typeof MemberPageQuery>
export type MemberLedgerRow = z.infer<typeof MemberLedgerRow>
export type MemberLedgerReply = z.infer<typeof MemberLedgerReply>
export type MemberClick = z.infer<typeof MemberClick>
export type MemberClicksReply = z.infer<typeof MemberClicksReply>
export type MemberLockRequest = z.infer<typeof MemberLockRequest>
export type Adjustment = z.infer<typeof Adjustment>
export type AdjustmentReply = z.infer<typeof AdjustmentReply>
export type AdjustmentRequest = z.infer<typeof AdjustmentRequest>
export type AdjustmentRejectRequest = z.infer<typeof AdjustmentRejectRequest>
