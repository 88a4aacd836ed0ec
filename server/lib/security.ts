import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { errorBody } from './http.ts'

/** Paths of SPA routes that carry a token in the URL: no Referer may leak it. */
const tokenInUrl =
  /^\/(verify|pverify|confirm|password\/reset|password\/set|token\/callback|email\/confirm|email\/undo)\//
/** A query that may carry a one-time code (an upsell page's ?xd=1&token=, /mobile/authorized?code=). */
const codeInQuery = /[?&](token|code)=/

export function nonce() {
  return randomBytes(16).toString('base64')
}

export function spaCsp(n: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${n}'`,
    `style-src 'self' 'nonce-${n}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src 'self' blob: data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

export function securityHeaders(app: FastifyInstance, opts: { allowedOrigins: string[] }) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    reply.header('X-Content-Type-Options', 'nosniff')
    reply.header('X-Frame-Options', 'DENY')
    reply.header('Cross-Origin-Opener-Policy', 'same-origin')
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    const path = req.url.split('?')[0] ?? ''
    reply.header(
      'Referrer-Policy',
      tokenInUrl.test(path) || codeInQuery.test(req.url) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    )
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/landers/')) {
      reply.header('Content-Security-Policy', apiCsp)
      reply.header('Cache-Control', 'no-store')
    }
    if (isStateChanging(req) && !sameOrigin(req, opts.allowedOrigins)) {
      reply
        .code(403)
        .send(
          errorBody(
            403,
            { origin: ['This request came from another site and was refused.'] },
            { origin: 'cross_site' },
          ),
        )
      return reply
    }
  })
}

function isStateChanging(req: FastifyRequest) {
  return req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS'
}

/** CSRF: a browser sends Origin on every cross-site POST; refuse one that is not ours. */
export function sameOrigin(req: FastifyRequest, allowed: string[]): boolean {
  const origin = req.headers.origin
  if (origin === undefined) {
    // Older browsers omit Origin on some same-origin requests; Fetch Metadata still tells a cross-site one.
    return req.headers['sec-fetch-site'] !== 'cross-site'
  }
  if (allowed.includes(origin)) return true
  try {
    const u = new URL(origin)
    // Normalise the Host header the same way (a default port is dropped by URL).
    return !!req.headers.host && new URL(`${u.protocol}//${req.headers.host}`).host === u.host
  } catch {
    return false
  }
}
