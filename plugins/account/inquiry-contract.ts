import { listReply } from '@core/contract'
import { z } from 'zod/mini'

/**
 * Missing cash back (issue 26): a member claims a purchase that did not track. Re-exported by the
 * account plugin's contract.ts; the server (server/routes/inquiries.ts) and the screen
 * (screens/MissingCashbackPage.tsx) import these shapes.
 */

const date = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date.'))

export const InquiryStatus = z.enum(['under_review', 'matched', 'declined'])
export type InquiryStatus = z.infer<typeof InquiryStatus>

const InquiryStoreRef = z.object({ internal_name: z.string(), name: z.string(), logo_url: z.string() })

/** One inquiry of the member. */
export const Inquiry = z.object({
  id: z.number(),
  store: InquiryStoreRef,
  order_id: z.string(),
  /** the order date the member gave (YYYY-MM-DD) */
  ordered_on: z.string(),
  amount_cents: z.number(),
  status: InquiryStatus,
  /** when it was filed ("under review since") */
  created_at: z.string(),
  matched_at: z.nullable(z.string()),
})
export type Inquiry = z.infer<typeof Inquiry>

/** The member's inquiries, newest first. */
export const InquiriesReply = listReply(Inquiry)

/** File an inquiry: the store (its internal name), the order's date, number and amount. */
export const InquiryRequest = z.object({
  store: z.string().check(z.trim(), z.minLength(1, 'Please choose the store.'), z.maxLength(100)),
  ordered_on: date,
  order_id: z
    .string({ error: 'Please enter the order number.' })
    .check(z.trim(), z.minLength(1, 'Please enter the order number.'), z.maxLength(64)),
  amount_cents: z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
})
export type InquiryRequest = z.infer<typeof InquiryRequest>

/** The inquiry just filed: `matched` when a reported order matched it at once. */
export const InquiryReply = z.object({ data: Inquiry })
export type InquiryReply = z.infer<typeof InquiryReply>

/**
 * A store the member clicked in the inquiry window (the last constants.cashback.inquiryMaxDaysAfterClick
 * days): an inquiry is possible from `open_from` (the first such click + the minimum days) until
 * `open_until` (the last click + the maximum days); an order date from `order_from` (the day of the
 * first click) to `order_to` (today).
 */
export const InquiryStore = z.object({
  ...InquiryStoreRef.shape,
  last_click_at: z.string(),
  open_from: z.string(),
  open_until: z.string(),
  order_from: z.string(),
  order_to: z.string(),
})
export type InquiryStore = z.infer<typeof InquiryStore>
export const InquiryStoresReply = listReply(InquiryStore)

/**
 * The codes of a refusal (the `code` of the error answer; `date`, YYYY-MM-DD, beside too_soon and
 * too_late): no_click (no click at that store), too_soon (possible from `date`), too_late (the window
 * closed on `date`), order_in_future, order_before_click, inquiry_exists, unknown_store,
 * email_unverified.
 */
export const INQUIRY_REFUSALS = [
  'no_click',
  'too_soon',
  'too_late',
  'order_in_future',
  'order_before_click',
  'inquiry_exists',
  'unknown_store',
  'email_unverified',
] as const

/**
 * Test mode only: a click of the member at a store (internal name, else the first store) `days_ago` days
 * ago, so the end-to-end tests can file an inquiry (which needs a click at least
 * constants.cashback.inquiryMinDaysAfterClick days old).
 */
export const DevClickRequest = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(200)),
  store: z.optional(z.string().check(z.maxLength(100))),
  days_ago: z.number().check(z.minimum(0), z.maximum(400)),
})
