import { z } from 'zod/mini'
import { type PlanId, PlanIds } from '../config/schemas/plan-ids'
import { listReply } from './contract-helpers'

/**
 * A membership subscription (plus, shipping): a shape two plugins share (upsell sells and serves it,
 * the account area lists and cancels it), so it lives in the core's node-safe public module.
 */
export { type PlanId, PlanIds }
export const Subscription = z.object({
  id: z.number(),
  plan: z.enum(PlanIds),
  status: z.enum(['trialing', 'active', 'past_due', 'cancelled']),
  price_cents: z.number(),
  trial_ends_at: z.nullable(z.string()),
  next_billing_at: z.nullable(z.string()),
  cancelled_at: z.nullable(z.string()),
})
export type Subscription = z.infer<typeof Subscription>
/** GET /api/account/subscriptions (answered by upsell's routes, listed by the account area too). */
export const SubscriptionsReply = listReply(Subscription)
/** POST /api/cancel-subscription: upsell's and the account area's cancel button. */
export const CancelRequest = z.object({ plan: z.enum(PlanIds) })
export const CancelReply = z.object({ success: z.boolean(), data: Subscription })
export type CancelReply = z.infer<typeof CancelReply>
