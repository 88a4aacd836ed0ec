/** The query parameter that marks the cross-domain variant of an upsell page, and the token's. */
export const CROSS_DOMAIN_PARAM = 'xd'
export const CROSS_DOMAIN_TOKEN_PARAM = 'token'

/** A login token as the server issues it (a JWT: URL-safe base64 parts joined by dots). */
const TOKEN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,4}$/

/**
 * The cross-domain variant (`?xd=1&token=<login token>`): a member sent by a partner domain. The
 * token is not used here: the address to go to is the auth plugin's own token route, which takes the
 * token out of the address bar, signs in, and comes back to this page (same query, without xd and
 * token). Null when there is nothing to do (no xd=1, no token, or a token that cannot be one).
 */
export function crossDomainEntry(pathname: string, search: string): string | null {
  const q = new URLSearchParams(search)
  if (q.get(CROSS_DOMAIN_PARAM) !== '1') return null
  const token = q.get(CROSS_DOMAIN_TOKEN_PARAM)
  if (!token || token.length > 4096 || !TOKEN.test(token)) return null
  q.delete(CROSS_DOMAIN_PARAM)
  q.delete(CROSS_DOMAIN_TOKEN_PARAM)
  const rest = q.toString()
  const back = `${pathname}${rest ? `?${rest}` : ''}`
  return `/token/callback/${encodeURIComponent(token)}?redirect=${encodeURIComponent(back)}`
}
