import { z } from 'zod/mini'

/** API contract of the tracking plugin: attribution, events and pixels. */

const str = (max: number) => z.string().check(z.maxLength(max))
const flag = z.optional(z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]))

export const Attribution = z.object({
  sid: z.string(),
  cid: z.string(),
  partner: z.string(),
  website: z.nullable(z.string()),
  url: z.nullable(z.string()),
  origin: z.number(),
})
export type Attribution = z.infer<typeof Attribution>

export const GetCookieReply = z.object({
  success: z.boolean(),
  data: z.object({ attribution: Attribution, sid: z.string(), country_code: z.string() }),
})
export type GetCookieReply = z.infer<typeof GetCookieReply>

export const CheckSetCookieRequest = z.object({
  sid: z.optional(str(100)),
  cid: z.optional(str(100)),
  partner: z.optional(str(100)),
  website: z.optional(z.nullable(str(200))),
  url: z.optional(z.nullable(str(2000))),
})
export type CheckSetCookieRequest = z.infer<typeof CheckSetCookieRequest>
export const CheckSetCookieReply = z.object({
  success: z.boolean(),
  data: z.object({ attribution: Attribution }),
})

export const ElkQuery = z.object({
  action: z.string().check(z.regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Unknown action.')),
})
/** The event body: the attribution fields plus the fields of SPEC section 3. Unknown fields are dropped. */
export const TrackingEvent = z.object({
  action: z.optional(str(100)),
  sid: z.optional(str(100)),
  cid: z.optional(str(100)),
  partner: z.optional(str(100)),
  website: z.optional(z.nullable(str(200))),
  url: z.optional(z.nullable(str(2000))),
  origin: z.optional(z.nullable(z.union([z.number(), str(40)]))),
  reengagement: flag,
  membership_day: z.optional(z.nullable(z.number())),
  install_time: z.optional(z.nullable(z.union([z.number(), str(40)]))),
  signup_date: z.optional(z.nullable(str(40))),
  user_id: z.optional(z.nullable(z.union([z.number(), str(20)]))),
  subscriber: flag,
  webpartner_id: z.optional(z.nullable(z.union([z.number(), str(20)]))),
  web_partner_name: z.optional(z.nullable(str(100))),
  currenturl: z.optional(z.nullable(str(2000))),
  path: z.optional(str(2000)),
})
export type TrackingEvent = z.infer<typeof TrackingEvent>

export const LoadPixelQuery = z.object({
  partner: z.optional(str(100)),
  sid: z.optional(str(100)),
  cid: z.optional(str(100)),
  transaction_id: z.optional(str(100)),
  product: z.optional(str(100)),
})
export const LoadPixelReply = z.object({
  success: z.boolean(),
  registration: z.array(z.string()),
  conversion: z.array(z.string()),
})
export type LoadPixelReply = z.infer<typeof LoadPixelReply>

export const LoadPixelsRequest = z.object({
  partner: z.optional(str(100)),
  sid: z.optional(str(100)),
  cid: z.optional(str(100)),
  transaction_id: z.optional(str(100)),
  product: z.optional(str(100)),
  context: z.optional(str(100)),
  /** An array, or one value (a form with a single pixelTypes field). */
  pixelTypes: z.optional(
    z.union([
      z.array(z.enum(['conversion', 'globaldelayed'])).check(z.maxLength(5)),
      z.enum(['conversion', 'globaldelayed']),
    ]),
  ),
})
export const LoadPixelsReply = z.object({
  success: z.boolean(),
  globaldelayed: z.array(z.string()),
  conversion: z.array(z.string()),
})
export type LoadPixelsReply = z.infer<typeof LoadPixelsReply>

export const GtagClientRequest = z.object({
  user_id: z.union([z.number().check(z.int(), z.minimum(1)), z.string().check(z.regex(/^\d{1,10}$/))]),
  client_id: z.string().check(z.minLength(1), z.maxLength(100)),
})

/** POST /api/translation: the body is the English text that had no Spanish translation. */
export const TranslationRequest = z.string().check(z.minLength(1), z.maxLength(2000))
