import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { isoOf } from '../lib/present.ts'
import { route } from '../lib/route.ts'
import { nonce } from '../lib/security.ts'
import type { Services } from '../services.ts'

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

type MailRow = {
  id: number
  to_email: string
  subject: string
  body: string
  links: { label: string; url: string }[]
  created_at: Date
}

/** Development only (not registered when NODE_ENV=production): the outbox as a page and as JSON, and the tracking events. */
export async function devRoutes(app: FastifyInstance, s: Services) {
  const list = (to?: string) =>
    s.db.query<MailRow>(
      `SELECT id, to_email, subject, body, links, created_at FROM outbox
       WHERE ($1::text IS NULL OR lower(to_email) = lower($1::text)) ORDER BY id DESC LIMIT 100`,
      [to ?? null],
    )

  route(app, s, {
    method: 'GET',
    url: '/api/dev/outbox',
    tag: 'dev',
    summary: 'Development only: the latest 100 e-mails of the outbox, optionally to one address.',
    query: z.object({ to: z.optional(z.string().check(z.maxLength(254))) }),
    async handler({ query }) {
      return { data: (await list(query.to)).map((m) => ({ ...m, created_at: isoOf(m.created_at) })) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/dev/events',
    tag: 'dev',
    summary:
      'Development only: the latest tracking events (/api/elk), newest first, optionally of one action.',
    query: z.object({ action: z.optional(z.string().check(z.maxLength(100))) }),
    async handler({ query }) {
      const rows = await s.db.query<{
        id: number
        action: string
        user_id: number | null
        payload: unknown
        created_at: Date
      }>(
        `SELECT id, action, user_id, payload, created_at FROM events
         WHERE ($1::text IS NULL OR action = $1::text) ORDER BY id DESC LIMIT 100`,
        [query.action ?? null],
      )
      return { data: rows.map((r) => ({ ...r, created_at: isoOf(r.created_at) })) }
    },
  })

  app.get('/dev/mailbox', async (_req, reply) => {
    const n = nonce()
    const mails = await list()
    const items = mails
      .map(
        (
          m,
        ) => `<article><h2>${esc(m.subject)}</h2><p class="meta">To ${esc(m.to_email)} · ${esc(isoOf(m.created_at))}</p>
<pre>${esc(m.body)}</pre>${m.links.map((l) => `<p><a href="${esc(l.url)}" rel="noreferrer">${esc(l.label)}</a></p>`).join('')}</article>`,
      )
      .join('\n')
    return reply
      .header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'nonce-${n}'; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title><style nonce="${n}">body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}a{font-size:1.1rem}</style></head>
<body><h1>Development mailbox</h1><p>E-mails the server would have sent, newest first. Not served in production.</p>
${items || '<p>No e-mail yet.</p>'}</body></html>`)
  })
}
