import { pathTo, type RuntimeConfig, routeAt } from '@core'
import { safePath } from './redirect'

/** A credential that arrived in the address bar and must leave it at once. */
export type UrlCredential =
  /** /token/callback/:code: a one-time code (issue 25), exchanged like the deep link's; never a login token. */
  | { kind: 'token'; token: string; cleanUrl: string; next: string | null }
  /** /auth/:provider/callback?code=…&state=…(&iss=…), or the provider's ?error= (cancelled, refused). */
  | {
      kind: 'social'
      provider: string
      code: string
      state: string
      iss?: string
      error?: string
      cleanUrl: string
    }
  /** /mobile/authorized?code=…&next=…: a one-time code (POST /api/mobile/exchange), then `next`. */
  | { kind: 'code'; code: string; cleanUrl: string; next: string }
  /** /mobile/authorized?token=…: a login token in a link is no longer accepted; it leaves the address bar. */
  | { kind: 'refused'; cleanUrl: string }

type RouteConfig = Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers' | 'absent'>

/** A credential page's address without its token (the last segment): '/token/callback/abc' is '/token/callback'. */
export function withoutToken(pathname: string): string {
  const path = pathname.replace(/\/+$/, '')
  return path.slice(0, path.lastIndexOf('/')) || '/'
}

/**
 * Finds a credential in the URL: /token/callback/:token, /mobile/authorized?code=…&next=…, or the
 * ?code=…&state=… of /auth/:provider/callback (which page it is, the route resolver says). `cleanUrl`
 * is the same address without it. Without a safe `next`, /mobile/authorized goes on to the app's
 * dashboard.
 */
export function findUrlCredential(
  config: RouteConfig,
  loc: { pathname: string; search: string },
): UrlCredential | null {
  const q = new URLSearchParams(loc.search)
  const at = routeAt(config, loc.pathname)
  const path = loc.pathname.replace(/\/+$/, '')
  if (at?.name === 'token-callback-token') {
    let token: string
    try {
      token = decodeURIComponent(path.slice(withoutToken(path).length + 1))
    } catch {
      return null
    }
    const next = safePath(q.get('redirect'))
    q.delete('redirect')
    const rest = q.toString()
    return { kind: 'token', token, cleanUrl: `${withoutToken(path)}${rest ? `?${rest}` : ''}`, next }
  }
  if (at?.name === 'mobile-authorized' && (q.get('code') || q.get('token'))) {
    const code = q.get('code')
    const next = safePath(q.get('next')) ?? pathTo(config, 'mobile-dashboard') ?? '/'
    for (const k of ['code', 'next', 'token']) q.delete(k)
    const rest = q.toString()
    const cleanUrl = `${path}${rest ? `?${rest}` : ''}`
    // a deep link carries no secret: a login token here is refused, never used
    return code ? { kind: 'code', code, cleanUrl, next } : { kind: 'refused', cleanUrl }
  }
  const provider = at?.name === 'auth-provider-callback' ? (at.params.provider ?? '') : ''
  if (/^[a-z0-9]{1,20}$/.test(provider) && (q.get('code') || q.get('error'))) {
    return {
      kind: 'social',
      provider,
      code: q.get('code') ?? '',
      state: q.get('state') ?? '',
      ...(q.get('iss') ? { iss: q.get('iss')! } : {}),
      ...(q.get('error') ? { error: q.get('error')! } : {}),
      cleanUrl: path,
    }
  }
  return null
}

/** Pages whose link carries a one-time token, by route name. */
const TOKEN_ENTRY_PAGES = [
  { route: 'token-callback-token' },
  { route: 'auth-provider-callback' },
  { route: 'oauth-provider' },
  { route: 'mobile-authorized' },
  { route: 'verify-token' },
  { route: 'pverify-token' },
  { route: 'confirm-token' },
  { route: 'password-reset' },
  { route: 'password-reset-token-email' },
  { route: 'password-set-token-email' },
  { route: 'email-confirm-token' },
  { route: 'email-undo-token' },
]

/** Pages whose link carries a one-time token (the route resolver says which page a path is): a stale stored user must not send them home. */
export function isTokenEntryPath(config: RouteConfig, pathname: string): boolean {
  const route = routeAt(config, pathname)?.name
  return TOKEN_ENTRY_PAGES.some((p) => p.route === route)
}

/** Home after sign-out (SPEC 2.6): the partner's destination, else the route named 'home'. */
export function homePath(config: Pick<RuntimeConfig, 'partner' | 'routes' | 'redirects'>): string {
  if (config.partner?.signOutPath) return config.partner.signOutPath
  return pathTo(config, 'home') ?? '/'
}
