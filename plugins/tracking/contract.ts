import { attributionFields, str } from '@core/contract'
import { z } from 'zod/mini'

/** API contract of the tracking plugin: attribution, events and pixels. */

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
  ...attributionFields,
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
/** The event body: the attribution fields plus the fields of SPEC section 3 (see TrackingEventBody). */
const trackingFields = {
  action: z.optional(str(100)),
  ...attributionFields,
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
}
export const TrackingEvent = z.object(trackingFields)
export type TrackingEvent = z.infer<typeof TrackingEvent>

/** Fields an event may add to the spec's (a lander's id, step and block): a name, a plain value. */
export const EVENT_EXTRA = { maxFields: 20, maxText: 2000, name: /^[A-Za-z_][A-Za-z0-9_]{0,39}$/ } as const
/**
 * What /api/elk accepts: the spec's fields, checked, and the event's own ones (server/routes/tracking.ts
 * keeps at most EVENT_EXTRA.maxFields of them with plain values, texts cut to maxText).
 */
export const TrackingEventBody = z.looseObject(trackingFields)

/** The event's own fields, bounded as EVENT_EXTRA says; anything else is dropped. */
export function eventExtras(body: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {}
  let n = 0
  for (const [k, v] of Object.entries(body)) {
    if (k in trackingFields || !EVENT_EXTRA.name.test(k)) continue
    if (n >= EVENT_EXTRA.maxFields) break
    if (typeof v === 'string') out[k] = v.slice(0, EVENT_EXTRA.maxText)
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean' || v === null) out[k] = v
    else continue
    n++
  }
  return out
}

/** What a pixel call says of the visit: its attribution, the transaction and the product. */
const pixelQuery = {
  ...attributionFields,
  transaction_id: z.optional(str(100)),
  product: z.optional(str(100)),
}
export const LoadPixelQuery = z.object(pixelQuery)
export const LoadPixelReply = z.object({
  success: z.boolean(),
  registration: z.array(z.string()),
  conversion: z.array(z.string()),
})
export type LoadPixelReply = z.infer<typeof LoadPixelReply>

export const LoadPixelsRequest = z.object({
  ...pixelQuery,
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
