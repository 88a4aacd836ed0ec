import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import {
  ContactReply,
  ContactRequest,
  GeoReply,
  NewsLangQuery,
  NewsListQuery,
  NewsListReply,
  NewsParams,
  NewsPostReply,
} from '../../plugins/legal/contract.ts'
import { TranslationRequest } from '../../plugins/tracking/contract.ts'
import { ipCountry } from '../lib/geo.ts'
import { fail, HttpError } from '../lib/http.ts'
import { openApiDocument } from '../lib/openapi.ts'
import { isoOf } from '../lib/present.ts'
import { hit } from '../lib/ratelimit.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

const NEWS_PER_PAGE = 6
/** Bytes: a report is one English text (the contract allows 2,000 characters). */
export const TRANSLATION_BODY_LIMIT = 2048

export async function coreRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'POST',
    url: '/api/translation',
    tag: 'core',
    summary:
      'Report an English text that has no Spanish translation (SPEC 7: ignored). Body at most 2 KB, rate limited per IP; stored once per text, the table has a row cap.',
    body: TranslationRequest,
    bodyLimit: TRANSLATION_BODY_LIMIT,
    replies: {
      204: 'Stored (or already known)',
      413: 'Body over 2 KB',
      429: 'Too many reports from this IP',
    },
    async handler({ req, body, reply }) {
      const wait = await hit(
        s.db,
        `translation:ip:${req.ip}`,
        s.limits.translationPerIp,
        s.limits.windowSeconds,
      )
      if (wait > 0) {
        throw new HttpError(
          429,
          { body: ['Too many translation reports. Please wait and try again.'] },
          { retry_after: wait },
          { body: 'rate_limited' },
        )
      }
      await s.db.query(
        `INSERT INTO translations (key, text) SELECT md5($1), $1
         WHERE (SELECT count(*) FROM translations) < $2
         ON CONFLICT (key) DO NOTHING`,
        [body, s.limits.translationRowsMax],
      )
      return reply.code(204).send()
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/geo',
    tag: 'legal',
    summary: "The signed-in member's profile country, else the IP's country.",
    auth: 'optional',
    reply: GeoReply,
    handler({ req, user }) {
      return { country_code: user?.row.country_code ?? ipCountry(req, s) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/news',
    tag: 'legal',
    summary: 'Company news, newest first, 6 per page.',
    query: NewsListQuery,
    reply: NewsListReply,
    async handler({ query }) {
      const page = query.page ?? 1
      const lang = query.lang ?? 'en'
      return s.listCache.through(`news:${lang}:${page}`, async () => {
        const rows = await s.db.query<{ slug: string; title: string; summary: string; published_at: Date }>(
          `SELECT slug, title, summary, published_at FROM news WHERE lang = $1
           ORDER BY published_at DESC, slug LIMIT $2 OFFSET $3`,
          [lang, NEWS_PER_PAGE + 1, (page - 1) * NEWS_PER_PAGE],
        )
        return {
          data: rows.slice(0, NEWS_PER_PAGE).map((r) => ({ ...r, published_at: isoOf(r.published_at) })),
          page,
          has_more: rows.length > NEWS_PER_PAGE,
        }
      })
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/news/:slug',
    tag: 'legal',
    summary: 'One news post with its body paragraphs.',
    params: NewsParams,
    query: NewsLangQuery,
    reply: NewsPostReply,
    replies: { 404: 'No such post: { errors: { slug: ["Not found"] } }' },
    async handler({ params, query }) {
      const r = await s.db.one<{
        slug: string
        title: string
        summary: string
        published_at: Date
        body: string[]
      }>('SELECT slug, title, summary, published_at, body FROM news WHERE slug = $1 AND lang = $2', [
        params.slug,
        query.lang ?? 'en',
      ])
      if (!r) throw fail(404, 'slug', 'Not found')
      return { data: { ...r, published_at: isoOf(r.published_at) } }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/contact',
    tag: 'legal',
    summary:
      'Contact form: the message goes to the support mailbox (the outbox in development). Needs the captcha response (422 captcha_required); 429 past the messages per IP in the window.',
    auth: 'optional',
    body: ContactRequest,
    reply: ContactReply,
    replies: { 429: 'Too many messages from this IP' },
    async handler({ req, body, user }) {
      const wait = await hit(s.db, `contact:ip:${req.ip}`, s.limits.contactPerIp, s.limits.windowSeconds)
      if (wait > 0)
        throw new HttpError(
          429,
          { contact: [`Too many messages. Please wait ${Math.ceil(wait / 60)} minutes and try again.`] },
          { retry_after: wait },
          { contact: 'rate_limited' },
        )
      if (!(await s.captcha.verify(body['g-recaptcha-response'], req.ip, 'contact')))
        throw fail(422, 'g-recaptcha-response', 'Please complete the captcha.', 'captcha_required')
      await s.mail.send({
        to: 'support@example.com',
        subject: `Contact: ${body.subject}`,
        body: `From ${body.name} <${body.email}>${user ? ` (member ${user.row.id})` : ''}\n\n${body.message}`,
      })
      return {
        success: true,
        code: 'contact_received',
        message: 'Thank you. We will answer within two business days.',
      }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/logos/:name',
    tag: 'core',
    summary: 'A generated SVG monogram for a store, product or offer without artwork.',
    params: z.object({ name: z.string().check(z.regex(/^[a-z0-9-]{1,100}\.svg$/, 'Not found')) }),
    handler({ params, reply }) {
      const base = params.name.slice(0, -4)
      const words = base.split('-').filter((w) => /^[a-z]/.test(w))
      const letters = ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?'
      const hue = createHash('sha1').update(base).digest()[0]! * 1.41
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${letters}"><rect width="96" height="96" rx="16" fill="hsl(${hue.toFixed(0)} 55% 38%)"/><text x="48" y="60" font-family="system-ui,sans-serif" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`
      return reply
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
        .type('image/svg+xml')
        .send(svg)
    },
  })

  // liveness: the process and its database answer
  app.get('/api/health', async () => {
    await s.db.query('SELECT 1')
    return { ok: true }
  })

  // readiness (issue 29, lib/readiness.ts): a load balancer sends traffic only on 200
  app.get('/api/health/ready', async (_req, reply) => {
    const state = app.readiness.state
    if (state !== 'ready') {
      reply.code(503).header('Retry-After', '1').header('Cache-Control', 'no-store')
      return { ready: false, state }
    }
    await s.db.query('SELECT 1')
    reply.header('Cache-Control', 'no-store')
    return { ready: true, state }
  })

  app.get('/api/docs', (_req, reply) => {
    reply.header('Cache-Control', 'no-cache')
    return openApiDocument()
  })
}
