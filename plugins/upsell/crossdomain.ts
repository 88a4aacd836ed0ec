import { pathTo, type RuntimeConfig } from '@core'

/** The query parameter that marks the cross-domain variant of an upsell page, and the token's. */
export const CROSS_DOMAIN_PARAM = 'xd'
export const CROSS_DOMAIN_TOKEN_PARAM = 'token'

/**
 * What the `token` parameter may look like: URL-safe base64 (a one-time code, POST /api/login-code),
 * or parts joined by dots, which the auth route refuses (a login token is never accepted from a URL)
 * and so still leaves the address bar and ends on /login.
 */
const TOKEN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,4}$/

/**
 * The cross-domain variant (`?xd=1&token=<one-time code>`): a member sent by a partner domain, which
 * asked for the code with the member's session (issue 25). The code is not used here: the address to
 * go to is the auth plugin's token route, which takes it out of the address bar, exchanges it once,
 * and comes back to this page (same query, without xd and token). Null when there is nothing to do
 * (no xd=1, no token, or a value that cannot be one).
 */
export function crossDomainEntry(
  config: Pick<RuntimeConfig, 'routes' | 'redirects'>,
  pathname: string,
  search: string,
): string | null {
  const q = new URLSearchParams(search)
  if (q.get(CROSS_DOMAIN_PARAM) !== '1') return null
  const token = q.get(CROSS_DOMAIN_TOKEN_PARAM)
  if (!token || token.length > 4096 || !TOKEN.test(token)) return null
  q.delete(CROSS_DOMAIN_PARAM)
  q.delete(CROSS_DOMAIN_TOKEN_PARAM)
  const rest = q.toString()
  const back = `${pathname}${rest ? `?${rest}` : ''}`
  const to = pathTo(config, 'token-callback-token', { token })
  return to && `${to}?redirect=${encodeURIComponent(back)}`
}
