import { z } from 'zod'
import { PlanIds } from './plan-ids'

export const planSchema = z.strictObject({
  id: z
    .enum(PlanIds, { message: `A plan id is one the app sells: ${PlanIds.join(', ')}.` })
    .describe('The plan: what /api/upsell/subscribe takes and what a lander names in offer.plan.'),
  amountCents: z
    .number()
    .positive({ message: 'An amount is whole cents: 1299 for $12.99.' })
    // not .int(): its issue reads as a missing field in config:check's sentences
    .refine(Number.isInteger, { message: 'An amount is whole cents: 1299 for $12.99.' })
    .describe('What each interval costs, in cents of the currency.'),
  trialDays: z
    .number()
    .nonnegative({ message: 'Trial days are a whole number of days, 0 for none.' })
    .refine(Number.isInteger, { message: 'Trial days are a whole number of days, 0 for none.' })
    .describe('Days of the free trial (0: charged at once); the first charge comes when it ends.'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { message: "A currency is its three-letter ISO code, like 'USD'." })
    .describe('ISO 4217 code; a lander naming the plan shows its symbol.'),
  interval: z
    .enum(['month'], { message: "A plan is billed every 'month'." })
    .describe('How often it is billed.'),
})
export type PlanConfig = z.infer<typeof planSchema>

/** config/plans.json: the membership plans, the one source of their prices (server and landers). */
export const plansSchema = z
  .strictObject({
    $schema: z.string().optional(),
    plans: z.array(planSchema),
  })
  .superRefine((f, ctx) => {
    const seen = new Set<string>()
    f.plans.forEach((p, i) => {
      if (seen.has(p.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['plans', i, 'id'],
          message: `The plan '${p.id}' is listed twice: keep one.`,
        })
      }
      seen.add(p.id)
    })
    for (const id of PlanIds) {
      if (!seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['plans'],
          message: `The plan '${id}' is sold by the app: add it (id, amountCents, trialDays, currency, interval).`,
        })
      }
    }
  })
export type PlansConfig = z.infer<typeof plansSchema>

/** The symbol a price in this currency is written with in the app's money format ('$' for USD). */
export function currencySymbolOf(currency: string): string {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency })
        .formatToParts(0)
        .find((p) => p.type === 'currency')?.value ?? currency
    )
  } catch {
    return currency
  }
}
