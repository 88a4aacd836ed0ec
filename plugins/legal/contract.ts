import { z } from 'zod/mini'

/** API contract of the legal plugin: news, geo (UK privacy variant) and the contact form. */

export const GeoReply = z.object({ country_code: z.string() })
export type GeoReply = z.infer<typeof GeoReply>

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

export const ContactRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Please enter your name.'), z.maxLength(100)),
  email: z.email({ error: 'You have entered an invalid email address!' }).check(z.maxLength(254)),
  subject: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  message: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
  /** The captcha response (issue 25): a message without a valid one is refused with captcha_required. */
  'g-recaptcha-response': z.optional(z.string().check(z.maxLength(4000))),
})
export type ContactRequest = z.infer<typeof ContactRequest>
