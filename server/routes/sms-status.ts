import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { smsStatusRank } from '../adapters/sms.ts'
import { errorBody } from '../lib/http.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

const Params = z.object({ provider: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/)) })

/**
 * The SMS provider's delivery-status callbacks (issue 31): POST /api/sms/status/<provider>, the
 * provider's form-encoded report signed as it signs (Twilio: X-Twilio-Signature over the callback URL
 * made from PUBLIC_URL and the sorted parameters). A bad or missing signature answers 403 and changes
 * nothing; a good one records the status on the verification code's row (phone_codes.sms_status), never
 * going back to an earlier status (callbacks may arrive out of order).
 */
export async function smsStatusRoutes(app: FastifyInstance, s: Services) {
  await app.register(async (child) => {
    // the signature covers the parameters as sent: keep the raw text, the provider parses it
    child.removeAllContentTypeParsers()
    child.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
    route(child, s, {
      method: 'POST',
      url: '/api/sms/status/:provider',
      tag: 'account',
      summary:
        "The SMS provider reports a verification text's delivery status (queued, sent, delivered, undelivered, failed...), signed as that provider signs (server/adapters/sms.ts).",
      params: Params,
      replies: {
        200: '{"status":"ok"} (also for a message this server does not know, or an earlier status: nothing changes)',
        403: 'Bad or missing signature: nothing changes',
        404: 'Not the SMS provider of this server',
      },
      async handler({ req, reply, params }) {
        const p = s.sms
        if (p.id !== params.provider || !p.verifyStatus) {
          reply.code(404)
          return errorBody(404, { provider: ['Unknown SMS provider.'] }, { provider: 'unknown_provider' })
        }
        const raw = typeof req.body === 'string' ? req.body : ''
        const r = p.verifyStatus(raw, req.headers)
        if (!r) {
          req.log.warn({ provider: p.id }, 'sms status callback refused: bad signature')
          reply.code(403)
          return errorBody(
            403,
            { signature: ['The signature does not match.'] },
            { signature: 'bad_signature' },
          )
        }
        const changed = await s.db.transaction(async (tx) => {
          const row = await tx.one<{ id: number; sms_status: string | null }>(
            'SELECT id, sms_status FROM phone_codes WHERE sms_ref = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE',
            [r.ref],
          )
          if (!row || row.sms_status === r.status) return false
          if (smsStatusRank(r.status) < smsStatusRank(row.sms_status)) return false
          await tx.query('UPDATE phone_codes SET sms_status = $2, sms_status_at = now() WHERE id = $1', [
            row.id,
            r.status,
          ])
          return true
        })
        req.log.info({ provider: p.id, status: r.status, changed }, 'sms status callback accepted')
        return { status: 'ok', changed }
      },
    })
  })
}
