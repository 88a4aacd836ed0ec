import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { DevAdvanceRequest, DevNotifyRequest, DevPurchaseRequest } from '../../plugins/account/contract.ts'
import { advanceCash, book, releasePayouts } from '../lib/ledger.ts'
import { devMemberRoute, storeForTest } from '../lib/member-by-email.ts'
import { dataOf, withIsoCreatedAt } from '../lib/present.ts'
import { route } from '../lib/route.ts'
import { nonce } from '../lib/security.ts'
import type { Services } from '../services.ts'

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/** When a test purchase is expected to become payable (test data only). */
const DEV_PAYABLE_AFTER_DAYS = 60

/**
 * Development and test modes only (BuildOptions.mode; never registered in production, the default):
 * the outbox as a page and as JSON, and the tracking events. With SMTP_URL there is no outbox to show.
 */
export async function devRoutes(app: FastifyInstance, s: Services) {
  const list = (to?: string) => s.mail.list?.(to) ?? []

  route(app, s, {
    method: 'GET',
    url: '/api/dev/outbox',
    tag: 'dev',
    summary: 'Development only: the latest 100 e-mails of the outbox, optionally to one address.',
    query: z.object({ to: z.optional(z.string().check(z.maxLength(254))) }),
    async handler({ query }) {
      return { data: list(query.to).map(({ to, ...m }) => ({ ...m, to_email: to })) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/dev/events',
    tag: 'dev',
    summary:
      'Development only: the latest tracking events (/api/elk), newest first, optionally of one action.',
    query: z.object({ action: z.optional(z.string().check(z.maxLength(100))) }),
    handler: ({ query }) =>
      dataOf(
        s.db,
        `SELECT id, action, user_id, payload, created_at FROM events
         WHERE ($1::text IS NULL OR action = $1::text) ORDER BY id DESC LIMIT 100`,
        [query.action ?? null],
        withIsoCreatedAt<{
          id: number
          action: string
          user_id: number | null
          payload: unknown
          created_at: Date
        }>,
      ),
  })

  devMemberRoute(app, s, '/api/dev/ledger/purchase', {
    summary:
      'Test mode only: a purchase at a store (internal name, else the first store) books a pending cash back row for the member, as test money (never paid out).',
    body: DevPurchaseRequest,
    async handler({ body, uid }) {
      const store = await storeForTest(s.db, body.store)
      const id = await book(s.db, {
        userId: uid,
        kind: 'cashback',
        currency: 'cash',
        amount: body.amount_cents,
        status: 'pending',
        reason: `Cash back on a purchase at ${store.name}: confirmed after the store's return period.`,
        storeId: store.id,
        benefitType: 'cashback',
        orderAmountCents: body.amount_cents * 20,
        expectedAt: new Date(Date.now() + DEV_PAYABLE_AFTER_DAYS * 86_400_000),
        sourceRef: `dev:purchase:${crypto.randomUUID()}`,
        // booked by a test-mode route: test money, never paid out (issue 25); the automated runs
        // (NODE_ENV=test) may ask for a partner's money to walk a real payout
        test: !(body.real === true && s.mode === 'test'),
      })
      s.sessions.forget(uid)
      return { success: true, id }
    },
  })

  devMemberRoute(app, s, '/api/dev/ledger/advance', {
    summary:
      "Test mode only: the member's pending cash rows become confirmed, confirmed ones payable (a first confirmed cash back credits the referrer), and held payouts are sent.",
    body: DevAdvanceRequest,
    async handler({ uid }) {
      const { moved, credited } = await s.db.transaction((tx) => advanceCash(tx, uid))
      const released = await releasePayouts(s.db, uid, true)
      for (const id of [uid, ...credited]) s.sessions.forget(id)
      return { success: true, moved, released }
    },
  })

  devMemberRoute(app, s, '/api/dev/notifications', {
    summary: 'Test mode only: gives the member `count` new unread notifications.',
    body: DevNotifyRequest,
    async handler({ body, uid }) {
      for (let i = 1; i <= body.count; i++) {
        await s.db.query('INSERT INTO notifications (user_id, title, body) VALUES ($1, $2, $3)', [
          uid,
          `Test notice ${i}`,
          'A notification made by the test-mode route.',
        ])
      }
      return { success: true, count: body.count }
    },
  })

  app.get('/dev/mailbox', async (_req, reply) => {
    const n = nonce()
    const mails = list().map(({ to, ...m }) => ({ ...m, to_email: to }))
    const items = mails
      .map(
        (
          m,
        ) => `<article><h2>${esc(m.subject)}</h2><p class="meta">To ${esc(m.to_email)} · ${esc(m.created_at)}</p>
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
