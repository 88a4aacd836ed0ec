import { z } from 'zod'
import { routePath, screenId, translationKey } from './common'

export const stepBlocks = [
  'signup',
  'payment',
  'age-gate',
  'eligibility',
  'wheel',
  'quiz',
  'exit-intent',
  'upsell',
  'offer-terms',
] as const

/**
 * The offer fields each step block writes into its text: a lander using the block must set them.
 * (offer-terms: the monthly billing sentence; payment: the trial and plan summary; upsell: its price —
 * these name a plan of config/plans.json, whose amount and trial days they show; wheel and
 * exit-intent's cash-back variant: the first-order cash back.)
 */
export const blockNeeds: Readonly<Partial<Record<(typeof stepBlocks)[number], readonly string[]>>> = {
  payment: ['plan'],
  'offer-terms': ['plan'],
  upsell: ['plan'],
  wheel: ['firstOrderCashback'],
}

const landerShape = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/, { message: 'A lander id uses lower-case letters, digits and dashes.' }),
  paths: z.array(routePath).min(1, { message: 'A lander needs at least one path.' }),
  steps: z
    .array(
      z.strictObject({
        block: z.enum(stepBlocks, { message: `A step block is one of: ${stepBlocks.join(', ')}.` }),
        props: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
      }),
    )
    .min(1, { message: 'A lander needs at least one step.' }),
  offer: z
    .strictObject({
      plan: z
        .string()
        .regex(/^[a-z0-9-]+$/, { message: 'A plan id of config/plans.json, like "plus".' })
        .optional()
        .describe(
          'The plan of config/plans.json this lander sells: its amount, trial days and currency fill planAmount, trialDays and price.',
        ),
      trialDays: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe("Filled from the plan; if written, config:check refuses it when it is not the plan's."),
      price: z
        .number()
        .nonnegative()
        .optional()
        .describe(
          'What is charged today (0 during a trial), filled from the plan; if written, it must agree.',
        ),
      planAmount: z
        .number()
        .nonnegative()
        .optional()
        .describe('The monthly amount in dollars, filled from the plan; if written, it must agree.'),
      currencySymbol: z.string().max(3).default('$'),
      firstOrderCashback: z.number().nonnegative().optional(),
      cashbackOverride: z.number().nonnegative().optional(),
      start_date: z.string().optional(),
      merchant: z.string().optional(),
    })
    .default({ currencySymbol: '$' }),
  copy: z.record(z.string(), translationKey).default({}),
  endsOn: z
    .strictObject({
      accepted: routePath.optional(),
      declined: routePath.optional(),
      failure: routePath.optional(),
    })
    .default({}),
})

export const landerSchema = landerShape.superRefine((l, ctx) => {
  l.steps.forEach((step) => {
    for (const field of blockNeeds[step.block] ?? []) {
      if ((l.offer as Record<string, unknown>)[field] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['offer', field],
          message:
            field === 'plan'
              ? `The '${step.block}' step shows the price of a plan: name it with "plan" (an id of config/plans.json) in this lander's offer.`
              : `The '${step.block}' step shows the offer field '${field}': add "${field}" to this lander's offer.`,
        })
      }
    }
  })
})

/** config/landers.json: marketing landers, composed from step blocks. */
export const landersSchema = z.strictObject({
  $schema: z.string().optional(),
  screen: screenId.describe('The screen that renders every lander.'),
  landers: z.array(landerSchema),
})
export type Lander = z.infer<typeof landerSchema>
export type LandersConfig = z.infer<typeof landersSchema>
