import { ContactReply, ContactRequest, GeoReply } from '@core/contract'
import { z } from 'zod/mini'

/** API contract of the legal plugin: news, geo (UK privacy variant) and the contact form. */

// the catalog asks the country too, so the core's public module owns the geo reply
export { GeoReply }

export const NewsListQuery = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000))),
  lang: z.optional(z.enum(['en', 'es'])),
})
export const NewsItem = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  published_at: z.string(),
})
export type NewsItem = z.infer<typeof NewsItem>
export const NewsListReply = z.object({ data: z.array(NewsItem), page: z.number(), has_more: z.boolean() })
export type NewsListReply = z.infer<typeof NewsListReply>

export const NewsParams = z.object({ slug: z.string().check(z.regex(/^[a-z0-9-]{1,120}$/, 'Not found')) })
export const NewsLangQuery = z.object({ lang: z.optional(z.enum(['en', 'es'])) })
export const NewsPost = z.object({ ...NewsItem.shape, body: z.array(z.string()) })
export type NewsPost = z.infer<typeof NewsPost>
export const NewsPostReply = z.object({ data: NewsPost })

// the contact call is also sent by the account area's message form: the core owns its shapes
export { ContactReply, ContactRequest }

/**
 * POST /api/unsubscribe (issues 26, 27): the token of a mail's unsubscribe link (/unsub/<list>?token=…,
 * /un?token=… for all) turns that list of mails off for the member it names; `list` says which (cashback:
 * users.settings.email_rebates, offers: email_offers, all: both). The token is signed for its list.
 * POST /api/unsubscribe/one-click?token=… (RFC 8058, the List-Unsubscribe header of a mail) answers the same.
 */
export const UnsubscribeRequest = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
})
export type UnsubscribeRequest = z.infer<typeof UnsubscribeRequest>
export const UNSUBSCRIBE_LISTS = ['cashback', 'offers', 'all'] as const
export const UnsubscribeReply = z.object({ success: z.boolean(), list: z.enum(UNSUBSCRIBE_LISTS) })
export type UnsubscribeReply = z.infer<typeof UnsubscribeReply>
export const OneClickQuery = z.object({ token: z.optional(z.string().check(z.maxLength(200))) })
