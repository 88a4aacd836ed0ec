import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import {
  LoginReply,
  SocialExchangeRequest,
  SocialLinkRequest,
  SocialProvidersReply,
  SocialStartReply,
  SocialStartRequest,
} from '../../plugins/auth/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail, HttpError, parseCookies } from '../lib/http.ts'
import { OidcError, type OidcIdentity, oidcCookieName, providerLabel } from '../lib/oidc.ts'
import { route } from '../lib/route.ts'
import type { UserRow } from '../lib/session.ts'
import type { Services } from '../services.ts'
import { checkPassword, limited, loginReply, registerSocialMember } from './auth.ts'
import { addressReserved } from './email-change.ts'

const sha = (v: string) => createHash('sha256').update(v).digest('hex')
const providerParam = z.object({
  provider: z.string().check(z.regex(/^[a-z0-9]{1,20}$/, 'Unknown provider.')),
})

/** A same-origin path only (never //host or a scheme): where the member lands after the sign-in. */
const samePath = (v: string | null | undefined) =>
  v?.startsWith('/') && !v.startsWith('//') && !v.includes('\\') ? v : null

function refused(e: unknown): never {
  if (!(e instanceof OidcError)) throw e
  if (e.reason === 'unavailable')
    throw fail(503, 'provider', 'The sign-in provider is not answering.', 'social_provider_unavailable')
  if (e.reason === 'state')
    throw fail(422, 'state', 'This sign-in has expired or was already used.', 'social_state_invalid')
  throw fail(422, 'provider', 'The sign-in provider refused this sign-in.', 'social_refused')
}

/**
 * The member of a provider account: by (provider, sub) first; a new address registers (source
 * social:<provider>); an address an account already has waits for that account's password (409
 * requires_authentication with a link token, SPEC 4), so a provider never takes over an account.
 */
async function signInWith(
  s: Services,
  req: FastifyRequest,
  provider: string,
  id: OidcIdentity,
  redirect: string | null,
) {
  const linked = await s.db.one<UserRow>(
    `SELECT u.* FROM social_identities i JOIN users u ON u.id = i.user_id
     WHERE i.provider = $1 AND i.sub = $2`,
    [provider, id.sub],
  )
  if (linked) return loginReply(s, linked, { recently_created: false, redirect })
  // the whole address, never its domain: a relay address matches only itself
  const existing = await s.db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
    id.email,
  ])
  if (existing) {
    const token = randomBytes(32).toString('base64url')
    await s.db.query('DELETE FROM social_link_pending WHERE expires_at < now()')
    await s.db.query(
      `INSERT INTO social_link_pending (token_hash, provider, sub, user_id, email, private_relay, redirect, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(mins => $8))`,
      [
        sha(token),
        provider,
        id.sub,
        existing.id,
        id.email,
        id.privateRelay,
        redirect,
        constants.socialSignIn.linkMinutes,
      ],
    )
    throw new HttpError(
      409,
      { email: ['Email already in use. Please authenticate.'] },
      {
        requires_authentication: true,
        link_token: token,
        email: id.email,
        provider,
        provider_label: providerLabel(provider),
      },
      { email: 'social_account_exists' },
    )
  }
  if (await addressReserved(s.db, id.email))
    throw fail(422, 'email', 'The email has already been taken.', 'email_taken')
  const row = await registerSocialMember(s, req, {
    email: id.email,
    name: id.name,
    verified: id.emailVerified,
    source: `social:${provider}`,
  })
  await s.db.query(
    `INSERT INTO social_identities (provider, sub, user_id, email, private_relay) VALUES ($1, $2, $3, $4, $5)`,
    [provider, id.sub, row.id, id.email, id.privateRelay],
  )
  return loginReply(s, row, { recently_created: true, redirect })
}

/** A provider account waiting for the password of the account its address belongs to. */
type PendingLink = Pick<UserRow, 'email'> & {
  provider: string
  sub: string
  user_id: number
  private_relay: boolean
  redirect: string | null
}

function setFlowCookie(s: Services, reply: FastifyReply, value: string) {
  const secure = s.publicUrl.startsWith('https:') ? '; Secure' : ''
  reply.header(
    'Set-Cookie',
    `${oidcCookieName(s.cookiePrefix)}=${value}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age=${constants.socialSignIn.flowMinutes * 60}${secure}`,
  )
}

/** Issue 31 · social sign-in through OpenID Connect (server/lib/oidc.ts): the providers OIDC_<ID>_* name. */
export async function oidcRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'GET',
    url: '/api/auth/providers',
    tag: 'auth',
    summary: 'The social sign-in providers this server has (OIDC_<ID>_ISSUER, …): one button each.',
    reply: SocialProvidersReply,
    async handler() {
      return { providers: s.oidc.list }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/auth/:provider/start',
    tag: 'auth',
    summary:
      "Start a sign-in with the provider: the authorization code flow with PKCE, state and nonce (kept on the server, used once). Sets an HttpOnly cookie binding it to this browser; the answer is the provider's address to go to.",
    params: providerParam,
    body: SocialStartRequest,
    reply: SocialStartReply,
    replies: {
      404: 'unknown_provider',
      429: 'Too many sign-ins started from this IP',
      503: 'social_provider_unavailable: its discovery failed',
    },
    async handler({ req, reply, params, body }) {
      if (!s.oidc.has(params.provider)) throw fail(404, 'provider', 'Unknown provider.', 'unknown_provider')
      // each start keeps a row until it is used or expires: as many per IP as sign-ins
      await limited(s, [[`social:start:${req.ip}`, s.limits.loginPerIp]])
      try {
        const r = await s.oidc.start({
          provider: params.provider,
          redirect: samePath(body?.redirect),
          browser: parseCookies(req.headers.cookie)[oidcCookieName(s.cookiePrefix)],
        })
        setFlowCookie(s, reply, r.browser)
        return { authorization_url: r.url }
      } catch (e) {
        return refused(e)
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/auth/:provider/exchange',
    tag: 'auth',
    summary:
      'The code the provider sent to /auth/{provider}/callback: state checked (once, from this browser), the code exchanged with the PKCE verifier, the id_token and its nonce checked. Signs the provider account in, registers a new address, or answers 409 requires_authentication (with link_token) for an address an account already has.',
    params: providerParam,
    body: SocialExchangeRequest,
    reply: LoginReply,
    replies: {
      409: 'social_account_exists: give that account’s password to POST /api/auth/social/link',
      422: 'social_state_invalid (unknown, used or expired state), social_refused (code, PKCE or nonce refused)',
      503: 'social_provider_unavailable',
    },
    async handler({ req, params, body }) {
      if (!s.oidc.has(params.provider)) throw fail(404, 'provider', 'Unknown provider.', 'unknown_provider')
      let done: Awaited<ReturnType<Services['oidc']['finish']>>
      try {
        done = await s.oidc.finish({
          provider: params.provider,
          params: { code: body.code, state: body.state, ...(body.iss ? { iss: body.iss } : {}) },
          browser: parseCookies(req.headers.cookie)[oidcCookieName(s.cookiePrefix)],
        })
      } catch (e) {
        req.log.info({ provider: params.provider, reason: (e as OidcError).reason }, 'social sign-in refused')
        return refused(e)
      }
      return signInWith(s, req, params.provider, done.identity, done.redirect)
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/auth/social/link',
    tag: 'auth',
    summary:
      "Link a provider account to the existing account its address belongs to, once that account's password is given (SPEC 4), and sign in. The link token came with the exchange's 409; a wrong password keeps it (rate-limited like a sign-in).",
    body: SocialLinkRequest,
    reply: LoginReply,
    async handler({ req, body }) {
      const tokenHash = sha(body.link_token)
      const pending = await s.db.one<PendingLink>(
        `SELECT p.provider, p.sub, p.user_id, p.email, p.private_relay, p.redirect FROM social_link_pending p
         WHERE p.token_hash = $1 AND p.expires_at > now()`,
        [tokenHash],
      )
      if (!pending)
        throw fail(422, 'link_token', 'This sign-in has expired or was already used.', 'social_state_invalid')
      const member = await s.db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        pending.user_id,
      ])
      const row = member && (await checkPassword(s, req, member.email, body.password))
      if (!row || row.id !== pending.user_id)
        throw fail(422, 'password', 'These credentials do not match our records.', 'invalid_credentials')
      if (!(await s.db.one('DELETE FROM social_link_pending WHERE token_hash = $1 RETURNING 1', [tokenHash])))
        throw fail(422, 'link_token', 'This sign-in has expired or was already used.', 'social_state_invalid')
      await s.db.query(
        `INSERT INTO social_identities (provider, sub, user_id, email, private_relay) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (provider, sub) DO NOTHING`,
        [pending.provider, pending.sub, row.id, pending.email, pending.private_relay],
      )
      return loginReply(s, row, { recently_created: false, redirect: pending.redirect })
    },
  })

  // Apple answers with a form POST (response_mode form_post): the same parameters as a GET of the page
  app.post('/auth/:provider/callback', async (req, reply) => {
    const { provider } = req.params as { provider: string }
    if (!s.oidc.has(provider)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    const form = (req.body ?? {}) as Record<string, unknown>
    const q = new URLSearchParams()
    for (const k of ['code', 'state', 'iss', 'error'])
      if (typeof form[k] === 'string') q.set(k, form[k] as string)
    return reply.code(303).header('Location', `${s.publicUrl}/auth/${provider}/callback?${q}`).send()
  })
}
