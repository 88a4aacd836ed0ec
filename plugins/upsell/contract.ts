import { z } from 'zod/mini'
import { type PlanId, Subscription } from '../../src/contract'

/** API contract of the upsell plugin: plans, payment (sandbox processor), subscriptions and billing. */

export const Plan = z.object({
  plan: z.enum(['plus', 'shipping']),
  price_cents: z.number(),
  trial_days: z.number(),
  currency: z.string(),
})
export type Plan = z.infer<typeof Plan>
export const PlansReply = z.object({ data: z.array(Plan) })

const need = (m: string) => z.string().check(z.trim(), z.minLength(1, m))

/** Card fields with the spec's messages (an empty field gets only its 'cannot be empty' message). exp is MM/YY or MM/YYYY. */
export const SubscribeRequest = z.object({
  plan: z.enum(['plus', 'shipping']),
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
  name: z.optional(z.string().check(z.maxLength(100))),
  tpsha1: z.optional(z.string().check(z.maxLength(100))),
})
export type SubscribeRequest = z.infer<typeof SubscribeRequest>

// the subscription's shape is shared with the account area, so the core's public module owns it
export { type PlanId, Subscription }
/** 200 on success; 402 with `declined: true` and the spec's decline message in errors.card_number. */
export const SubscribeReply = z.object({ success: z.boolean(), data: Subscription, redirect: z.string() })
export type SubscribeReply = z.infer<typeof SubscribeReply>

export const DeclineRequest = z.object({
  plan: z.optional(z.enum(['plus', 'shipping'])),
  tpsha1: z.optional(z.string().check(z.maxLength(100))),
})
export const DeclineReply = z.object({ success: z.boolean(), redirect: z.string() })

export const SubscriptionsReply = z.object({ data: z.array(Subscription) })
export type SubscriptionsReply = z.infer<typeof SubscriptionsReply>
export const CancelRequest = z.object({ plan: z.enum(['plus', 'shipping']) })
export const CancelReply = z.object({ success: z.boolean(), data: Subscription })

export const BillingReply = z.object({
  data: z.object({
    payment_methods: z.array(
      z.object({
        id: z.number(),
        brand: z.string(),
        last4: z.string(),
        exp_month: z.number(),
        exp_year: z.number(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.number(),
        amount_cents: z.number(),
        status: z.string(),
        description: z.string(),
        card_last4: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
})
export type BillingReply = z.infer<typeof BillingReply>
export const PaymentMethodRequest = z.object({
  card_number: SubscribeRequest.shape.card_number,
  zip: SubscribeRequest.shape.zip,
  cvv: SubscribeRequest.shape.cvv,
  exp: SubscribeRequest.shape.exp,
})
