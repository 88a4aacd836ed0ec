import type { FastifyInstance } from 'fastify'
import { smsStatusRank } from '../adapters/sms.ts'
import { signedWebhookRoute } from '../lib/signed-webhook.ts'
import type { Services } from '../services.ts'

/**
 * The SMS provider's delivery-status callbacks (issue 31): POST /api/sms/status/<provider>, the
 * provider's form-encoded report signed as it signs (Twilio: X-Twilio-Signature over the callback URL
 * made from PUBLIC_URL and the sorted parameters). A bad or missing signature answers 403 and changes
 * nothing; a good one records the status on the verification code's row (phone_codes.sms_status), never
 * going back to an earlier status (callbacks may arrive out of order).
 */
export async function smsStatusRoutes(app: FastifyInstance, s: Services) {
  await signedWebhookRoute(app, s, {
    url: '/api/sms/status/:provider',
    tag: 'account',
    summary:
      "The SMS provider reports a verification text's delivery status (queued, sent, delivered, undelivered, failed...), signed as that provider signs (server/adapters/sms.ts).",
    replies: {
      200: '{"status":"ok"} (also for a message this server does not know, or an earlier status: nothing changes)',
      403: 'Bad or missing signature: nothing changes',
      404: 'Not the SMS provider of this server',
    },
    label: 'sms status callback',
    provider: () => {
      const verify = s.sms.verifyStatus
      return verify ? { id: s.sms.id, verify: (raw, headers) => verify(raw, headers) } : undefined
    },
    async handle(r, reply, provider) {
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
      reply.log.info({ provider, status: r.status, changed }, 'sms status callback accepted')
      return { status: 'ok', changed }
    },
  })
}
