/**
 * What the server's log may say of a request or a message (issue 25: no one-time link, code or token
 * in any log line, at any level). A URL keeps its route but loses the one-time part: the segments
 * after /verify/, /pverify/, /password/reset/, /password/set/, /email/confirm/, /email/undo/ and
 * /token/callback/, the value of every query parameter that carries a code or a token, and every
 * query value long and opaque enough to be one.
 */

/** The pages whose path segments after the prefix are a one-time token (and the member's address). */
const SECRET_PATH =
  /^(?!\/api\/)(.*?\/(?:verify|pverify|password\/reset|password\/set|email\/confirm|email\/undo|token\/callback))\/[^?#]+/i

/** Query parameters whose value is a one-time code, a token or a signature. */
const SECRET_PARAMS = new Set([
  'token',
  'login_token',
  'code',
  'state',
  'key',
  'secret',
  'password',
  'sig',
  'signature',
  // the postback signatures of config/coins.json's platforms
  'hash',
  'verifier',
  'xd_token',
])

export const REDACTED = '[redacted]'

/** An affiliate network's postback (/api/networks/<id>/postback): its query is never logged. */
const NETWORK_POSTBACK = /^\/api\/networks\/[^/]+\/postback\/?$/

/**
 * A query value that looks like a token, whatever its parameter is called: 32 or more letters, digits
 * and - _ . ~ = (a base64url token is 43, a SHA-256 in hex 64, such as a pixel's e-mail hash).
 */
const OPAQUE_VALUE = /^[A-Za-z0-9_.~=-]{32,}$/

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase()
  } catch {
    return raw.toLowerCase()
  }
}

/** A request URL as it may be logged: the token-bearing path segments and query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1/${REDACTED}`)
  if (q < 0) return path
  // an affiliate network's postback: its whole query is the signed report (issue 26)
  if (NETWORK_POSTBACK.test(path)) return `${path}?${REDACTED}`
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const i = pair.indexOf('=')
      if (i < 0) return pair
      return SECRET_PARAMS.has(paramName(pair.slice(0, i))) || OPAQUE_VALUE.test(pair.slice(i + 1))
        ? `${pair.slice(0, i)}=${REDACTED}`
        : pair
    })
    .join('&')
  return `${path}?${query}`
}

/** An address as a log line may name it: a***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** A phone number as a log line may name it: its last 4 digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `***${digits.slice(-4)}`
}

/**
 * The `req` serializer of the server's logger (Fastify's default writes the full URL): method, the
 * redacted URL, host and remote address.
 */
export function requestSerializer(req: {
  method?: string
  url?: string
  host?: string
  hostname?: string
  ip?: string
  socket?: { remotePort?: number }
}) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}
