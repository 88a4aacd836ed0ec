import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { LoginReply } from '../../plugins/auth/contract.ts'
import { MobileCodeReply, MobileExchangeRequest } from '../../plugins/mobile/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail } from '../lib/http.ts'
import { route } from '../lib/route.ts'
import type { UserRow } from '../lib/session.ts'
import type { Services } from '../services.ts'
import { loginReply } from './auth.ts'

export const INVALID_CODE = 'This sign-in link has expired or was already used. Please sign in.'

const sha256 = (code: string) => createHash('sha256').update(code).digest('hex')

/**
 * One-time codes for deep links into the app (issue 16): a link carries such a code, never the login
 * token; /mobile/authorized exchanges it once for a session.
 */
export async function mobileRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'POST',
    url: '/api/mobile/code',
    tag: 'mobile',
    summary: `A one-time code for a deep link (32 random bytes, base64url; only its hash is stored), valid ${constants.mobile.oneTimeCodeMinutes} minutes.`,
    auth: 'required',
    reply: MobileCodeReply,
    async handler({ user }) {
      const code = randomBytes(32).toString('base64url')
      const row = await s.db.one<{ expires_at: Date | string }>(
        `INSERT INTO mobile_codes (hash, user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
        [sha256(code), user!.row.id, constants.mobile.oneTimeCodeMinutes],
      )
      return { code, expires_at: new Date(row!.expires_at).toISOString() }
    },
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
    async handler({ body }) {
      // one statement: of concurrent exchanges of one code, exactly one gets the row
      const used = await s.db.one<{ user_id: number }>(
        `UPDATE mobile_codes SET used_at = now()
         WHERE hash = $1 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id`,
        [sha256(body.code)],
      )
      const row = used && (await s.db.one<UserRow>('SELECT * FROM users WHERE id = $1', [used.user_id]))
      if (!row) throw fail(422, 'code', INVALID_CODE, 'invalid_code')
      return loginReply(s, row, { recently_created: false })
    },
  })
}
