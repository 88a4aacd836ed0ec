import { z } from 'zod/mini'
import { int, OfferTypes } from '../../src/contract'

/** API contract of the coins plugin: offers (coupon, APP, GAME, CASHBACK) and surveys. */

// The offer shapes are shared with the catalog, so the core's public module owns them.
export { Offer, OfferReply, OffersReply, OfferTypes } from '../../src/contract'

export const OffersQuery = z.object({
  type: z.optional(z.enum(OfferTypes)),
  page: z.optional(int(1, 10_000)),
  per_page: z.optional(int(1, 100)),
})
export const OfferParams = z.object({ offer_id: int(1, 2_147_483_647) })
export const CampaignParams = z.object({
  campaign: z.string().check(z.regex(/^[a-z0-9-]{1,120}$/, 'Not found')),
})

/** Beacon body of POST /api/user/offer/visit/{offer_id}: the offer, loosely. */
export const OfferVisitRequest = z.optional(z.nullable(z.object({ offer_id: z.optional(z.number()) })))

/** The click URL of an offer, for a member with a verified email. */
export const OfferStartReply = z.object({ data: z.object({ click_url: z.string() }) })

export const OnboardingSurveyReply = z.object({
  data: z.union([
    z.literal('completed'),
    z.object({
      coins_advertised: z.number(),
      survey_estimated_time_in_mins: z.number(),
      click_url: z.string(),
    }),
  ]),
})
export type OnboardingSurveyReply = z.infer<typeof OnboardingSurveyReply>

export const Survey = z.object({
  id: z.number(),
  platform: z.string(),
  title: z.string(),
  coins_advertised: z.number(),
  survey_estimated_time_in_mins: z.number(),
  coins_per_minute: z.number(),
  screen_out_percent: z.number(),
  locked: z.boolean(),
})
export type Survey = z.infer<typeof Survey>
export const SurveysReply = z.object({ data: z.array(Survey), onboarding_completed: z.boolean() })
export type SurveysReply = z.infer<typeof SurveysReply>
export const SurveyParams = z.object({ survey_id: int(1, 2_147_483_647) })
export const SurveyCompleteParams = z.object({
  platform_name: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/, 'Unknown platform.')),
})
export const SurveyCompleteRequest = z.object({ survey_id: z.number().check(z.int(), z.minimum(1)) })
export const SurveyCompleteReply = z.object({
  success: z.boolean(),
  coins_credited: z.number(),
  coin_balance: z.number(),
})
