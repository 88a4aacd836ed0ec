import { createHash, randomBytes } from 'node:crypto'
import * as client from 'openid-client'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'

/**
 * Issue 31 · social sign-in through OpenID Connect (openid-client): the authorization code flow with
 * PKCE, `state` and `nonce`, for each provider OIDC_<ID>_ISSUER, _CLIENT_ID and _CLIENT_SECRET name
 * (server/startup.ts). The verifier, state and nonce stay on the server (table oidc_flows, found by the
 * hash of the state and deleted when used, so a replayed state finds nothing); an HttpOnly cookie
 * binds the row to the browser that started it. The callback address is PUBLIC_URL's.
 */

export interface OidcProviderOptions {
  /** The lower-case name of OIDC_<ID>_*: google, apple, or any other. */
  id: string
  issuer: string
  clientId: string
  clientSecret: string
}

/** What the sign-in dialog shows: one button per provider. */
export interface SocialProvider {
  id: string
  label: string
}

/** Who the provider vouches for, from its verified id_token (or its userinfo). */
export interface OidcIdentity {
  sub: string
  email: string
  emailVerified: boolean
  name: string
  /** Apple's hidden relay address (privaterelay.appleid.com): stored, never matched by domain. */
  privateRelay: boolean
}

export class OidcError extends Error {
  constructor(
    /** state: unknown, used or of another browser; unavailable: the provider did not answer; refused: a check failed. */
    readonly reason: 'state' | 'unavailable' | 'refused',
    message: string,
  ) {
    super(message)
  }
}

const sha = (v: string) => createHash('sha256').update(v).digest('hex')

/** The browser-binding cookie's name (with the environment's cookie prefix). */
export const oidcCookieName = (prefix: string) => `${prefix}oidc_flow`

/** A plain-http issuer is accepted only on this machine (the tests' provider), never elsewhere. */
export function isLocalIssuer(issuer: string): boolean {
  const u = new URL(issuer)
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)
}

export const isPrivateRelay = (email: string) =>
  email.toLowerCase().endsWith(`@${constants.socialSignIn.privateRelayDomain}`)

const APPLE_ISSUER = 'https://appleid.apple.com'

/** The label on a provider's button: config/constants.json socialSignIn.labels, else its id capitalised. */
export const providerLabel = (id: string) =>
  constants.socialSignIn.labels[id] ?? id.charAt(0).toUpperCase() + id.slice(1)

/** The start-up summary's sign-in line: the providers in use, else the dev stand-in (development, test) or none. */
export function describeSocial(providers: string, mode: 'production' | 'development' | 'test'): string {
  if (providers) return `OpenID Connect: ${providers}`
  return mode === 'production'
    ? 'none (set OIDC_<PROVIDER>_ISSUER, _CLIENT_ID and _CLIENT_SECRET, e.g. OIDC_GOOGLE_*, OIDC_APPLE_*)'
    : 'development stand-in only (/oauth/dev signs in as any address; no OIDC_<PROVIDER>_* set)'
}

export interface OidcProviders {
  list: SocialProvider[]
  has(id: string): boolean
  /** The start-up summary's line. */
  describe(): string
  /** A new authorization: its row, the cookie's value, and the provider's address to send the browser to. */
  start(o: {
    provider: string
    redirect: string | null
    browser: string | undefined
  }): Promise<{ url: string; browser: string }>
  /** The callback's code: state checked and used once, the code exchanged with the PKCE verifier, the nonce checked. */
  finish(o: {
    provider: string
    params: Record<string, string>
    browser: string | undefined
  }): Promise<{ identity: OidcIdentity; redirect: string | null }>
}

export function createOidcProviders(o: {
  db: Db
  publicUrl: string
  providers: OidcProviderOptions[]
}): OidcProviders {
  const byId = new Map(o.providers.map((p) => [p.id, p]))
  const configs = new Map<string, Promise<client.Configuration>>()
  const callbackUrl = (id: string) => `${o.publicUrl}/auth/${id}/callback`

  /** Discovery on first use (a provider down at start-up does not stop the server), kept once it worked. */
  function config(id: string): Promise<client.Configuration> {
    const p = byId.get(id)!
    let c = configs.get(id)
    if (!c) {
      c = client
        .discovery(
          new URL(p.issuer),
          p.clientId,
          p.clientSecret,
          undefined,
          isLocalIssuer(p.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((e: unknown) => {
          configs.delete(id)
          throw new OidcError('unavailable', `discovery of ${id} failed: ${(e as Error).message}`)
        })
      configs.set(id, c)
    }
    return c
  }

  return {
    list: o.providers.map((p) => ({ id: p.id, label: providerLabel(p.id) })),
    has: (id) => byId.has(id),
    describe() {
      return o.providers.length
        ? o.providers.map((p) => `${providerLabel(p.id)} (${new URL(p.issuer).host})`).join(', ')
        : ''
    },
    async start({ provider, redirect, browser }) {
      const cfg = await config(provider)
      const verifier = client.randomPKCECodeVerifier()
      const state = client.randomState()
      const nonce = client.randomNonce()
      const cookie =
        browser && /^[A-Za-z0-9_-]{43}$/.test(browser) ? browser : randomBytes(32).toString('base64url')
      await o.db.query('DELETE FROM oidc_flows WHERE expires_at < now()')
      await o.db.query(
        `INSERT INTO oidc_flows (state_hash, provider, verifier, nonce, browser_hash, redirect, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
        [sha(state), provider, verifier, nonce, sha(cookie), redirect, constants.socialSignIn.flowMinutes],
      )
      const apple = byId.get(provider)!.issuer.replace(/\/+$/, '') === APPLE_ISSUER
      const url = client.buildAuthorizationUrl(cfg, {
        redirect_uri: callbackUrl(provider),
        response_type: 'code',
        // Apple sends its answer as a form POST when the e-mail is asked for (routes/oidc.ts turns it into a GET)
        scope: apple ? 'openid email name' : 'openid email profile',
        ...(apple ? { response_mode: 'form_post' } : {}),
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      return { url: url.href, browser: cookie }
    },
    async finish({ provider, params, browser }) {
      const state = params.state ?? ''
      // used once: the row goes whatever follows (a replayed state finds nothing)
      const row = await o.db.one<{
        verifier: string
        nonce: string
        browser_hash: string
        redirect: string | null
      }>(
        `DELETE FROM oidc_flows WHERE state_hash = $1 AND provider = $2 AND expires_at > now()
         RETURNING verifier, nonce, browser_hash, redirect`,
        [sha(state), provider],
      )
      if (!row || !browser || sha(browser) !== row.browser_hash)
        throw new OidcError('state', 'unknown, used or foreign state')
      const cfg = await config(provider)
      const current = new URL(callbackUrl(provider))
      for (const [k, v] of Object.entries(params)) current.searchParams.set(k, v)
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>
      try {
        tokens = await client.authorizationCodeGrant(cfg, current, {
          pkceCodeVerifier: row.verifier,
          expectedState: state,
          expectedNonce: row.nonce,
          idTokenExpected: true,
        })
      } catch (e) {
        const unreachable = e instanceof TypeError || (e as { code?: string }).code === 'ECONNREFUSED'
        throw new OidcError(unreachable ? 'unavailable' : 'refused', (e as Error).message)
      }
      const claims = tokens.claims()!
      let email = typeof claims.email === 'string' ? claims.email : ''
      let verified = claims.email_verified === true || claims.email_verified === 'true'
      let name = typeof claims.name === 'string' ? claims.name : ''
      if (!email) {
        // a provider that keeps the address out of the id_token (oidc-provider by default) gives it here
        const info = await client.fetchUserInfo(cfg, tokens.access_token, claims.sub)
        email = typeof info.email === 'string' ? info.email : ''
        verified = info.email_verified === true || (info.email_verified as unknown) === 'true'
        name ||= typeof info.name === 'string' ? info.name : ''
      }
      if (!email) throw new OidcError('refused', 'the provider gave no e-mail address')
      const relay =
        isPrivateRelay(email) || claims.is_private_email === true || claims.is_private_email === 'true'
      return {
        identity: { sub: claims.sub, email, emailVerified: verified, name, privateRelay: relay },
        redirect: row.redirect,
      }
    },
  }
}
