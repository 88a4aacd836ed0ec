import { int, OfferStartReply, OfferTypes } from '@core/contract'
import { z } from 'zod/mini'

/** API contract of the coins plugin: offers (coupon, APP, GAME, CASHBACK) and surveys. */

// The offer shapes are shared with the catalog, so the core's public module owns them.
export { Offer, OfferReply, OffersReply, OfferTypes } from '@core/contract'

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

// the catalog starts offers too, so the core's public module owns the start reply
export { OfferStartReply }

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
  /** How often members are screened out, in percent: from finished attempts once there are enough
   * (constants coins.screenOutMinAttempts), else the platform's estimate; `screen_out_from_history` says which. */
  screen_out_percent: z.number(),
  screen_out_from_history: z.boolean(),
  /** Locked until the onboarding survey is completed. */
  locked: z.boolean(),
  is_onboarding: z.boolean(),
  /** Needs a verified phone (/account/survey/smsVerify first). */
  needs_phone: z.boolean(),
  /** Asks targeting questions (/account/survey/targeting/{id}) before it starts. */
  has_targeting: z.boolean(),
  /** The signed-in member finished it (completed or screened out): not offered again. */
  done: z.boolean(),
})
export type Survey = z.infer<typeof Survey>
export const SurveysReply = z.object({ data: z.array(Survey), onboarding_completed: z.boolean() })
export type SurveysReply = z.infer<typeof SurveysReply>
export const SurveyReply = z.object({ data: Survey })
export const SurveyParams = z.object({ survey_id: int(1, 2_147_483_647) })

/**
 * POST /api/surveys/{survey_id}/start and POST /api/offers/{offer_id}/start: the member leaves for the
 * platform at click_url; attempt_id is the subid the platform echoes in its postback.
 * Refusals (error code in `errors` codes): 401; 403 email_unverified ('Please verify your email'),
 * onboarding_required, phone_required, not_qualified, terms_required (an iOS offer without
 * app_tracking_allowed: 'You need to agree with the terms'); 409 targeting_required; 503
 * platform_unavailable (a platform with no secret configured).
 */
export const StartRequest = z.optional(
  z.nullable(z.object({ app_tracking_allowed: z.optional(z.boolean()) })),
)
export const StartReply = z.object({ data: z.object({ click_url: z.string(), attempt_id: z.string() }) })
export type StartReply = z.infer<typeof StartReply>

export const AttemptStatus = z.enum(['started', 'completed', 'screened_out', 'reversed'])
export type AttemptStatus = z.infer<typeof AttemptStatus>
/** GET /api/coins/attempt?platform=&attempt=: one attempt of the member (the given one, else their latest on that platform). */
export const AttemptQuery = z.object({
  platform: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/, 'Unknown platform.')),
  attempt: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not found'))),
})
export const AttemptReply = z.object({
  data: z.object({
    attempt_id: z.string(),
    platform: z.string(),
    kind: z.enum(['survey', 'offer']),
    title: z.string(),
    status: AttemptStatus,
    coins_advertised: z.number(),
    /** Coins booked for it (0 until the platform's postback arrives). */
    coins_credited: z.number(),
    coin_balance: z.number(),
    created_at: z.string(),
  }),
})
export type AttemptReply = z.infer<typeof AttemptReply>

/**
 * GET /api/surveys/{survey_id}/precheck (auth): what stands between the member and this survey, in
 * the order the client handles it, and a survey paying clearly more per minute that the member
 * qualifies for (/account/promoteBetterOffer), else null.
 */
export const PrecheckReply = z.object({
  data: z.object({
    needs: z.nullable(z.enum(['verify', 'onboarding', 'phone', 'targeting', 'not_qualified'])),
    better: z.nullable(Survey),
  }),
})
export type PrecheckReply = z.infer<typeof PrecheckReply>

/** Phone verification (/account/survey/smsVerify). Numbers in E.164 (+ and 8 to 15 digits). */
export const Phone = z
  .string()
  .check(z.regex(/^\+[1-9][0-9]{7,14}$/, 'Enter the number with its country code, like +15551234567.'))
export const PhoneReply = z.object({
  data: z.object({ phone: z.nullable(z.string()), verified: z.boolean() }),
})
export const PhoneCodeRequest = z.object({ phone: Phone })
export const PhoneCodeReply = z.object({
  data: z.object({ sent_to: z.string(), expires_in_s: z.number(), resend_in_s: z.number() }),
})
export const PhoneVerifyRequest = z.object({
  phone: Phone,
  code: z.string().check(z.regex(/^[0-9]{4,10}$/, 'Enter the code from the message.')),
})

/** Targeting (/account/survey/targeting/{offer_id}, offer = a survey). Texts: coins locale targeting.q.<key>, targeting.a.<key>.<option>. */
export const TargetingQuestion = z.object({ key: z.string(), options: z.array(z.string()) })
export type TargetingQuestion = z.infer<typeof TargetingQuestion>
export const TargetingReply = z.object({
  data: z.object({
    survey: Survey,
    questions: z.array(TargetingQuestion),
    /** The member's saved answers (all keys they ever answered), to prefill. */
    answers: z.record(z.string(), z.string()),
  }),
})
export type TargetingReply = z.infer<typeof TargetingReply>
export const TargetingRequest = z.object({ answers: z.record(z.string(), z.string()) })
export const TargetingSaveReply = z.object({ data: z.object({ qualified: z.boolean() }) })
