import { z } from 'zod/mini'

/**
 * A membership subscription (plus, shipping): a shape two plugins share (upsell sells and serves it,
 * the account area lists and cancels it), so it lives in the core's node-safe public module.
 */
export const PlanIds = ['plus', 'shipping'] as const
export type PlanId = (typeof PlanIds)[number]
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
