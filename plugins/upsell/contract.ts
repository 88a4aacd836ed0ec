import { z } from 'zod/mini'
import { BillingReply, CardFields, PaymentMethodRequest, type PlanId, Subscription } from '../../src/contract'

/** API contract of the upsell plugin: plans, payment (sandbox processor), subscriptions and billing. */

export const Plan = z.object({
  plan: z.enum(['plus', 'shipping']),
  price_cents: z.number(),
  trial_days: z.number(),
  currency: z.string(),
})
export type Plan = z.infer<typeof Plan>
export const PlansReply = z.object({ data: z.array(Plan) })
export type PlansReply = z.infer<typeof PlansReply>

/** The card fields (the core's, shared with the account area's card form) and the plan. */
export const SubscribeRequest = z.object({
  plan: z.enum(['plus', 'shipping']),
  ...CardFields.shape,
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
export type DeclineReply = z.infer<typeof DeclineReply>

export const SubscriptionsReply = z.object({ data: z.array(Subscription) })
export type SubscriptionsReply = z.infer<typeof SubscriptionsReply>
export const CancelRequest = z.object({ plan: z.enum(['plus', 'shipping']) })
export const CancelReply = z.object({ success: z.boolean(), data: Subscription })

// the billing shapes are shared with the account area, so the core's public module owns them
export { BillingReply, PaymentMethodRequest }
