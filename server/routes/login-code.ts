import type { FastifyInstance } from 'fastify'
import { LoginCodeExchangeRequest, LoginCodeReply, LoginReply } from '../../plugins/auth/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail } from '../lib/http.ts'
import { issueLoginCode, takeLoginCode } from '../lib/login-codes.ts'
import { memberRoute, route } from '../lib/route.ts'
import type { UserRow } from '../lib/session.ts'
import type { Services } from '../services.ts'
import { loginReply } from './auth.ts'

export const INVALID_CODE = 'This sign-in link has expired or was already used. Please sign in.'

/** The login reply for a valid one-time code (used once); 422 invalid_code otherwise. */
export async function exchangeLoginCode(s: Services, code: string) {
  const uid = await takeLoginCode(s.db, code)
  const row = uid && (await s.db.one<UserRow>('SELECT * FROM users WHERE id = $1', [uid]))
  if (!row) throw fail(422, 'code', INVALID_CODE, 'invalid_code')
  return loginReply(s, row, { recently_created: false })
}

/**
 * Issue 25: a link that signs a member in (/token/callback/<code>, an upsell page's ?xd=1&token=<code>)
 * carries a one-time code, never the login token. Whoever makes the link (the app, a partner domain
 * with the member's session) asks for the code first; the page exchanges it once.
 */
export async function loginCodeRoutes(app: FastifyInstance, s: Services) {
  memberRoute(app, s, {
    method: 'POST',
    url: '/api/login-code',
    tag: 'auth',
    summary: `A one-time sign-in code for a link (/token/callback/<code>, ?xd=1&token=<code>): 32 random bytes, base64url, only its hash is stored, valid ${constants.urlLoginCodeMinutes} minutes, exchanged once.`,
    reply: LoginCodeReply,
    handler: ({ uid }) => issueLoginCode(s.db, uid, constants.urlLoginCodeMinutes),
  })

  route(app, s, {
    method: 'POST',
    url: '/api/login-code/exchange',
    tag: 'auth',
    summary:
      'Exchanges a one-time sign-in code, once, for the login reply of POST /api/web/login. A used, expired or unknown code, or a login token, is 422 invalid_code.',
    body: LoginCodeExchangeRequest,
    reply: LoginReply,
    replies: { 422: 'invalid_code' },
    handler: ({ body }) => exchangeLoginCode(s, body.code),
  })
}
