import type { FastifyInstance } from 'fastify'
import { LoginReply } from '../../plugins/auth/contract.ts'
import { MobileCodeReply, MobileExchangeRequest } from '../../plugins/mobile/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { issueLoginCode } from '../lib/login-codes.ts'
import { memberRoute, route } from '../lib/route.ts'
import type { Services } from '../services.ts'
import { exchangeLoginCode, INVALID_CODE } from './login-code.ts'

export { INVALID_CODE }

/**
 * One-time codes for deep links into the app (issue 16): a link carries such a code, never the login
 * token; /mobile/authorized exchanges it once for a session. The codes are the sign-in codes of
 * lib/login-codes.ts (routes/login-code.ts has the general calls).
 */
export async function mobileRoutes(app: FastifyInstance, s: Services) {
  memberRoute(app, s, {
    method: 'POST',
    url: '/api/mobile/code',
    tag: 'mobile',
    summary: `A one-time code for a deep link (32 random bytes, base64url; only its hash is stored), valid ${constants.mobile.oneTimeCodeMinutes} minutes.`,
    reply: MobileCodeReply,
    handler: ({ uid }) => issueLoginCode(s.db, uid, constants.mobile.oneTimeCodeMinutes),
  })

  route(app, s, {
    method: 'POST',
    url: '/api/mobile/exchange',
    tag: 'mobile',
    summary:
      'Exchanges a one-time code, once, for the login reply of POST /api/web/login; a used, expired or unknown code is 422 invalid_code.',
    body: MobileExchangeRequest,
    reply: LoginReply,
    replies: { 422: 'invalid_code' },
    handler: ({ body }) => exchangeLoginCode(s, body.code),
  })
}
