import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type ProviderId, ProviderIds } from '../plugins/protection/contract.ts'
import { DEFAULT_LINKED_ACCOUNTS_BASE } from '../src/config/schemas/app.ts'
import { absentPages, devPage, esc } from './lib/dev-page.ts'
import { DEV_CLIENT_ID } from './lib/protection/dev-adapter.ts'
import {
  createCode,
  DEV_EVENTS,
  type DevEvent,
  devAccount,
  ensureAccount,
  stageEvent,
} from './lib/protection/dev-provider-store.ts'
import { PROVIDERS } from './lib/protection/providers.ts'
import type { Services } from './services.ts'

/** The callback of this server, the only place the development provider sends a browser back to. */
export const CALLBACK_PATH = `${DEFAULT_LINKED_ACCOUNTS_BASE}/callback`

const money = (c: number | null) => (c == null ? '-' : `$${(c / 100).toFixed(2)}`)
const day = (d: string | null) => (d ? d.slice(0, 10) : '-')

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return devPage(reply, {
    status,
    title,
    site: 'Development provider',
    banner:
      'Development provider: a stand-in for Amazon, Walmart, Expedia and the others; no real account is read. The refunds of the claims it approves are test money, never paid out.',
    width: '44rem',
    css: 'input{font:inherit;padding:.4rem;width:100%;max-width:24rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.3rem;text-align:left;font-size:.9rem}form.inline{display:inline}',
    body,
  })
}

/**
 * The redirect address, if it is this server's own callback at its public address (PUBLIC_URL, never
 * the Host header); anything else would be an open redirect.
 */
function ownCallback(publicUrl: string, uri: string | undefined): string | undefined {
  if (!uri) return undefined
  try {
    const u = new URL(uri)
    if (!/^https?:$/.test(u.protocol) || u.pathname !== CALLBACK_PATH || u.search || u.hash) return undefined
    if (new URL(publicUrl).origin !== u.origin) return undefined
    return uri
  } catch {
    return undefined
  }
}

type Q = Record<string, string | undefined>
const providerOf = (v: string | undefined): ProviderId | undefined =>
  (ProviderIds as readonly string[]).includes(v ?? '') ? (v as ProviderId) : undefined

/**
 * The development provider: the consent page of an OAuth-style authorization code flow, and an
 * account page that stages events (a price drop, a late delivery, a lost parcel, an outage). Plain
 * server-rendered HTML in English on purpose: it is "another site", not a screen of the app.
 */
export async function devProviderRoutes(app: FastifyInstance, s: Services) {
  const bad = (reply: FastifyReply, why: string) =>
    page(reply, 400, 'Bad request', `<h1>This link request is not valid</h1><p>${esc(why)}</p>`)

  function check(q: Q) {
    const provider = providerOf(q.provider)
    if (q.client_id !== DEV_CLIENT_ID) return { error: 'Unknown client_id.' }
    if (!provider) return { error: 'Unknown provider.' }
    const redirect = ownCallback(s.publicUrl, q.redirect_uri)
    if (!redirect) return { error: 'redirect_uri is not the address registered for this client.' }
    if (!q.state) return { error: 'state is missing.' }
    return { provider, redirect, state: q.state }
  }

  app.get<{ Querystring: Q }>('/dev-provider/oauth/authorize', async (req, reply) => {
    const c = check(req.query)
    if ('error' in c) return bad(reply, c.error!)
    const name = PROVIDERS[c.provider].name
    const hidden = ['client_id', 'redirect_uri', 'state', 'provider']
      .map((k) => `<input type="hidden" name="${k}" value="${esc(req.query[k] ?? '')}">`)
      .join('')
    return page(
      reply,
      200,
      `Allow Rewards`,
      `<h1>Allow Rewards to read your ${esc(name)} orders?</h1>
<p>Rewards will see your orders, their prices and deliveries, and can file claims for you. It never sees your password.</p>
<form method="post" action="/dev-provider/oauth/authorize">${hidden}
<p><label for="account">Your ${esc(name)} account</label><br>
<input id="account" name="account" type="email" required value="shopper-${randomBytes(3).toString('hex')}@${esc(c.provider)}.example"></p>
<button class="primary" type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
    )
  })

  app.post<{ Body: Q }>('/dev-provider/oauth/authorize', async (req, reply) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Q
    const c = check(body)
    if ('error' in c) return bad(reply, c.error!)
    const back = new URL(c.redirect)
    if (body.decision !== 'allow') {
      back.searchParams.set('error', 'access_denied')
      back.searchParams.set('state', c.state)
      return reply.code(302).header('Location', back.toString()).send()
    }
    const email = (body.account ?? '').trim()
    if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 200)
      return bad(reply, 'Type the e-mail of your account.')
    const account = await ensureAccount(s.db, c.provider, email)
    back.searchParams.set('code', await createCode(s.db, account.id, c.redirect))
    back.searchParams.set('state', c.state)
    return reply.code(302).header('Location', back.toString()).send()
  })

  const labels: Record<DevEvent, string> = {
    drop_price: 'Drop a price',
    late_delivery: 'Make a delivery late',
    lose_parcel: 'Lose a parcel',
    outage_start: 'Start an outage',
    outage_end: 'End the outage',
  }

  const notFound = (reply: FastifyReply) =>
    page(reply, 404, 'Not found', '<h1>Not found</h1><p>There is no such account here.</p>')

  /**
   * The account, for the member who linked it only (issue 25): its page is opened from the app in a new
   * tab, which sends the login cookie; a bearer token works too. No one signed in: 403 with a way to
   * sign in; another member (or an account no one linked): 404, as if it did not exist.
   */
  async function ownAccount(req: FastifyRequest, reply: FastifyReply, id: string) {
    const user = await s.sessions.fromRequest(req, true)
    if (!user) {
      await page(
        reply,
        403,
        'Sign in first',
        '<h1>Sign in first</h1><p>This account page and its staged events belong to the member who linked the account. Sign in to Rewards as that member, then open it again from your linked accounts.</p><p><a href="/login">Sign in</a></p>',
      )
      return undefined
    }
    const a = await devAccount(s.db, id)
    const mine =
      a &&
      (await s.db.one(
        'SELECT 1 FROM linked_accounts WHERE provider = $1 AND provider_account_id = $2 AND user_id = $3',
        [a.provider, a.id, user.row.id],
      ))
    if (!a || !mine) {
      await notFound(reply)
      return undefined
    }
    return a
  }

  app.get<{ Params: { id: string } }>('/dev-provider/accounts/:id', async (req, reply) => {
    const a = await ownAccount(req, reply, req.params.id)
    if (!a) return reply
    const name = PROVIDERS[a.provider].name
    const rows = a.orders
      .map(
        (o) => `<tr><td>${esc(o.reference)}</td><td>${esc(o.title)}</td><td>${day(o.ordered_at)}</td>
<td>${money(o.paid_cents)}</td><td>${money(o.current_cents)}</td>
<td>${o.kind === 'purchase' ? `${esc(o.carrier ?? '')} ${esc(o.tracking_number ?? '')}: ${esc(o.parcel_events.at(-1)?.status.replace(/_/g, ' ') ?? 'no scan')}, promised ${day(o.promised_at)}${o.delivered_at ? `, delivered ${day(o.delivered_at)}` : ''}` : `${day(o.starts_at)} to ${day(o.ends_at)}${o.refundable ? '' : ', non-refundable'}`}</td></tr>`,
      )
      .join('')
    const action = `/dev-provider/accounts/${encodeURIComponent(a.id)}`
    const buttons = DEV_EVENTS.filter((e) => (a.outage ? e !== 'outage_start' : e !== 'outage_end'))
      .map(
        (e) =>
          `<form class="inline" method="post" action="${action}"><button type="submit" name="event" value="${e}">${labels[e]}</button></form>`,
      )
      .join('')
    return page(
      reply,
      200,
      `${name} account`,
      `<h1>${esc(name)} account ${esc(a.email)}</h1>
${a.outage ? '<p><strong>Outage: this provider does not answer.</strong></p>' : ''}
${a.orders.length ? `<table><thead><tr><th>Order</th><th>What</th><th>Ordered</th><th>Paid</th><th>Now</th><th>Delivery or dates</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No orders to watch on this account.</p>'}
<h2>Stage an event</h2><p>${buttons}</p>`,
    )
  })

  app.post<{ Params: { id: string }; Body: Q }>('/dev-provider/accounts/:id', async (req, reply) => {
    const a = await ownAccount(req, reply, req.params.id)
    if (!a) return reply
    const event = (req.body as Q | undefined)?.event as DevEvent | undefined
    if (!event || !DEV_EVENTS.includes(event)) return bad(reply, 'Unknown event.')
    await stageEvent(s.db, a.id, event)
    return reply
      .code(303)
      .header('Location', `/dev-provider/accounts/${encodeURIComponent(a.id)}`)
      .send()
  })
}

/** Without the development provider its pages are absent: 404, not the SPA (the route table stays the same). */
export function devProviderAbsent(app: FastifyInstance) {
  absentPages(app, [
    ['GET', '/dev-provider/oauth/authorize'],
    ['POST', '/dev-provider/oauth/authorize'],
    ['GET', '/dev-provider/accounts/:id'],
    ['POST', '/dev-provider/accounts/:id'],
  ])
}
