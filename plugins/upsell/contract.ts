import {
  BillingReply,
  CancelReply,
  CancelRequest,
  listReply,
  PaymentMethodRequest,
  PaymentMethodToken,
  PaymentProviderReply,
  type PlanId,
  Subscription,
  SubscriptionsReply,
  TokenizeReply,
} from '@core/contract'
import { z } from 'zod/mini'

/** API contract of the upsell plugin: plans, payment (sandbox processor), subscriptions and billing. */

export const Plan = z.object({
  plan: z.enum(['plus', 'shipping']),
  price_cents: z.number(),
  trial_days: z.number(),
  currency: z.string(),
})
export type Plan = z.infer<typeof Plan>
export const PlansReply = listReply(Plan)

/**
 * The plan and the card's payment-method token (the card form posts the card to the provider's tokenize
 * URL, GET /api/billing/provider; card numbers never reach our server).
 */
export const SubscribeRequest = z.object({
  plan: z.enum(['plus', 'shipping']),
  payment_method: PaymentMethodToken,
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

// the account area lists and cancels memberships and replaces the card too: the core's public module
// owns the subscription and billing shapes
export {
  BillingReply,
  CancelReply,
  CancelRequest,
  PaymentMethodRequest,
  PaymentProviderReply,
  SubscriptionsReply,
  TokenizeReply,
}

/** The /updatepay_method link's signed token (mailed after a declined renewal). */
export const UpdateLinkToken = z.string().check(z.minLength(1), z.maxLength(200))
/** GET /api/billing/update-method?token=: the membership the link is for. */
export const UpdateMethodQuery = z.object({ token: UpdateLinkToken })
export const UpdateMethodInfoReply = z.object({
  data: z.object({
    plan: z.enum(['plus', 'shipping']),
    status: Subscription.shape.status,
    price_cents: z.number(),
    last4: z.nullable(z.string()),
  }),
})
export type UpdateMethodInfoReply = z.infer<typeof UpdateMethodInfoReply>
/** POST /api/billing/update-method: the link's token and the new card's payment-method token. */
export const UpdateMethodRequest = z.object({ token: UpdateLinkToken, payment_method: PaymentMethodToken })
/** 200: the card is on the membership and the amount due was charged (402 when the new card is declined). */
export const UpdateMethodReply = z.object({ success: z.boolean(), data: Subscription })
export type UpdateMethodReply = z.infer<typeof UpdateMethodReply>

/** Test mode only: move a member's membership dates back by `days`, then run the due renewals. */
export const DevBillingAdvanceRequest = z.object({
  email: z.string().check(z.maxLength(254)),
  days: z.number().check(z.int(), z.minimum(1), z.maximum(400)),
})
/** Test mode only: every payment-method token of the member declines from now on (the sandbox's switch). */
export const DevBillingDeclineRequest = z.object({ email: z.string().check(z.maxLength(254)) })
