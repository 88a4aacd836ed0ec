import { z } from 'zod/mini'

/**
 * Billing (the member's cards and payments, SPEC 2.9): calls the upsell plugin's server routes answer
 * (GET /api/account/billing, POST /api/account/payment-method) and the account area shows when upsell
 * is installed. Two plugins need the shapes and neither may import the other, so, as for the
 * subscription (./subscriptions.ts), the core's node-safe public module owns them. That is the smaller
 * change than making the billing page a part the upsell plugin provides: the page, its route and its
 * tests stay where they are, and only the shapes move (issue 32).
 */
export const PaymentCard = z.object({
  id: z.number(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
})
export type PaymentCard = z.infer<typeof PaymentCard>
export const Payment = z.object({
  id: z.number(),
  amount_cents: z.number(),
  status: z.string(),
  description: z.string(),
  card_last4: z.string(),
  created_at: z.string(),
})
export type Payment = z.infer<typeof Payment>
export const BillingReply = z.object({
  data: z.object({ payment_methods: z.array(PaymentCard), payments: z.array(Payment) }),
})
export type BillingReply = z.infer<typeof BillingReply>

const need = (m: string) => z.string().check(z.trim(), z.minLength(1, m))
/** Card fields with the spec's messages (an empty field gets only its 'cannot be empty' message). exp is MM/YY or MM/YYYY. */
export const CardFields = z.object({
  card_number: need('Card Number cannot be empty.').check(
    z.maxLength(30),
    z.regex(/^[0-9 -]*$/, 'Please enter a valid card number.'),
  ),
  zip: need('Zip Code cannot be empty.').check(
    z.maxLength(10),
    z.regex(/^[A-Za-z0-9 -]*$/, 'Please enter a valid zip code.'),
  ),
  cvv: need('Card CVV cannot be empty.').check(z.regex(/^([0-9]{3,4})?$/, 'Please enter a valid CVV.')),
  exp: need('Card Expiration cannot be empty.').check(
    z.regex(/^((0[1-9]|1[0-2]) ?\/ ?([0-9]{2}|[0-9]{4}))?$/, 'Please enter the expiration as MM/YY.'),
  ),
})
/**
 * A payment-method token of the payment provider (issue 27: card numbers never reach our server): the
 * card form posts CardFields to the provider's tokenize URL and sends us only what it answers.
 */
export const PaymentMethodToken = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Please enter your card again.'),
    z.maxLength(200),
    z.regex(/^[A-Za-z0-9_.-]*$/, 'Please enter your card again.'),
  )
/** A new card for the member's subscriptions: its token (a past-due membership is charged again at once). */
export const PaymentMethodRequest = z.object({ payment_method: PaymentMethodToken })
export type PaymentMethodRequest = z.infer<typeof PaymentMethodRequest>
/** The provider's answer to a card posted to its tokenize URL (the sandbox answers the same shape). */
export const TokenizeReply = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
})
export type TokenizeReply = z.infer<typeof TokenizeReply>
/** GET /api/billing/provider: where the card form posts the card. */
export const PaymentProviderReply = z.object({
  data: z.object({ provider: z.string(), tokenize_url: z.string() }),
})
export type PaymentProviderReply = z.infer<typeof PaymentProviderReply>
