import type { HttpClient } from '@core'
import {
  GeoReply,
  type NewsListReply,
  NewsListReply as NewsListSchema,
  type NewsPost,
  NewsPostReply,
  UnsubscribeReply,
} from './contract'

/** A mail's unsubscribe link: its token turns its list off (POST /api/unsubscribe); the reply names the list. */
export async function unsubscribe(http: HttpClient, token: string): Promise<UnsubscribeReply> {
  const reply = UnsubscribeReply.safeParse(await http.post<unknown>('/api/unsubscribe', { token }))
  if (!reply.success) throw new Error('Unexpected reply from /api/unsubscribe')
  return reply.data
}

/** The visitor's country: the signed-in member's profile country, else the IP's (GET /api/geo). */
export async function fetchCountry(http: HttpClient, signal?: AbortSignal): Promise<string> {
  const reply = GeoReply.safeParse(await http.get<unknown>('/api/geo', { signal }))
  if (!reply.success) throw new Error('Unexpected reply from /api/geo')
  return reply.data.country_code
}

/** One page of company news, newest first (GET /api/news?page=&lang=). */
export async function fetchNews(
  http: HttpClient,
  page: number,
  lang: string,
  signal?: AbortSignal,
): Promise<NewsListReply> {
  const reply = NewsListSchema.safeParse(
    await http.get<unknown>('/api/news', { params: { page, lang }, signal }),
  )
  if (!reply.success) throw new Error('Unexpected reply from /api/news')
  return reply.data
}

/** One news post (GET /api/news/:slug?lang=); an HttpError with status 404 when there is none. */
export async function fetchNewsPost(
  http: HttpClient,
  slug: string,
  lang: string,
  signal?: AbortSignal,
): Promise<NewsPost> {
  const reply = NewsPostReply.safeParse(
    await http.get<unknown>(`/api/news/${encodeURIComponent(slug)}`, { params: { lang }, signal }),
  )
  if (!reply.success) throw new Error('Unexpected reply from /api/news/:slug')
  return reply.data.data
}
