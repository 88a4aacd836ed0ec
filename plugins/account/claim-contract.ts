import { z } from 'zod/mini'

/**
 * Rebate claims (issue 27): a Plus member claims the rebate of a benefit that pays by claim with the
 * order number, the order's date, the amount and a receipt (an image or a PDF). The server
 * (server/routes/rebate-claims.ts) and the screens (screens/RebateClaimPage.tsx, components/RebateClaims.tsx)
 * import these shapes.
 */

/** The Plus benefits that pay by claim (SPEC 2.8 rebates; cash back pays by itself). */
export const CLAIM_BENEFITS = ['shipping', 'fooddelivery', 'rideshare', 'streaming', 'grocery'] as const
export const ClaimBenefit = z.enum(CLAIM_BENEFITS)
export type ClaimBenefit = z.infer<typeof ClaimBenefit>
export const isClaimBenefit = (t: string | undefined): t is ClaimBenefit =>
  (CLAIM_BENEFITS as readonly string[]).includes(t ?? '')

/** The monthly caps in cents by benefit (SPEC 9, dollars in config/constants.json); a benefit not named has none. */
export function claimCaps(c: {
  shippingRebateMaxPerMonth: number
  rideshareRebateMaxPerMonth: number
  numberFormat: { centsDivisor: number }
}): Partial<Record<ClaimBenefit, number>> {
  return {
    shipping: c.shippingRebateMaxPerMonth * c.numberFormat.centsDivisor,
    rideshare: c.rideshareRebateMaxPerMonth * c.numberFormat.centsDivisor,
  }
}

/** The receipt types the server takes, as it reads them from the file's first bytes. */
export const RECEIPT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'application/pdf',
] as const
export type ReceiptType = (typeof RECEIPT_TYPES)[number]
/** What a file input offers (the server checks the bytes, whatever the name or type says). */
export const RECEIPT_ACCEPT =
  '.png,.jpg,.jpeg,.webp,.heic,.heif,.pdf,image/png,image/jpeg,image/webp,image/heic,application/pdf'

/** The codes of a refused claim (403/422), each with its text in the claim form's languages. */
export const CLAIM_REFUSALS = [
  'plus_required',
  'receipt_type',
  'receipt_too_big',
  'receipt_unreadable',
  'order_claimed',
  'order_too_old',
  'order_date_future',
  'over_monthly_cap',
] as const

export const ClaimStatus = z.enum(['in_review', 'approved', 'rejected'])
export type ClaimStatus = z.infer<typeof ClaimStatus>

const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter the order date.'))

/**
 * File a claim. `order_number` is an id (not a card number: the card guard lets it pass). The receipt
 * travels as base64 in this JSON body (the route alone takes a body this large).
 */
export const ClaimRequest = z.object({
  benefit_type: ClaimBenefit,
  order_number: z
    .string({ error: 'Please enter the order number.' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter the order number.'),
      z.maxLength(64),
      z.regex(/^[A-Za-z0-9][A-Za-z0-9 ._#/-]*$/, 'Please enter the order number as it is on the receipt.'),
    ),
  order_date: date,
  amount_cents: z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
  receipt: z.object({
    /** the file's name as the member chose it (shown back; never trusted for its type) */
    name: z.string().check(z.maxLength(200)),
    /** the file's bytes, base64 */
    data: z.string().check(z.minLength(1, 'Please add the receipt.')),
  }),
})
export type ClaimRequest = z.infer<typeof ClaimRequest>

export const Claim = z.object({
  id: z.number(),
  benefit_type: z.string(),
  order_number: z.string(),
  order_date: z.string(),
  amount_cents: z.number(),
  status: ClaimStatus,
  /** what staff approved (cents), when approved */
  approved_cents: z.nullable(z.number()),
  /** why staff rejected it, when rejected */
  reason: z.nullable(z.string()),
  receipt_type: z.string(),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
})
export type Claim = z.infer<typeof Claim>

/** What is left this calendar month per capped benefit (cents). */
export const ClaimsLeft = z.record(z.string(), z.number())

export const ClaimsQuery = z.object({ benefit_type: z.optional(ClaimBenefit) })
/** The member's claims, newest first, and what is left of each monthly cap. */
/** The receipt's largest size and how old an order may be (the server's rebate claim constants; none in the browser build). */
export const ClaimLimits = z.object({ receipt_max_bytes: z.number(), order_max_age_days: z.number() })
export type ClaimLimits = z.infer<typeof ClaimLimits>
export const ClaimsReply = z.object({ data: z.array(Claim), left: ClaimsLeft, limits: ClaimLimits })
export type ClaimsReply = z.infer<typeof ClaimsReply>

export const ClaimReply = z.object({ data: Claim, left: ClaimsLeft })
export type ClaimReply = z.infer<typeof ClaimReply>
