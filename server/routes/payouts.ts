import type { FastifyInstance } from 'fastify'
import { DevAdvanceRequest } from '../../plugins/account/contract.ts'
import { errorBody } from '../lib/http.ts'
import { releaseDuePayouts } from '../lib/ledger.ts'
import { devMemberRoute } from '../lib/member-by-email.ts'
import { settlePayout } from '../lib/payouts.ts'
import { signedWebhookRoute } from '../lib/signed-webhook.ts'
import type { Services } from '../services.ts'

/**
 * The payout provider's signed webhook (issue 27): POST /api/payouts/webhook/<provider> with the
 * provider's own body and signature, checked over the raw bytes by the provider (verifyWebhook). A
 * forged or unsigned report answers 403 and changes nothing; a repeat answers 200 and changes nothing.
 */
export async function payoutRoutes(app: FastifyInstance, s: Services) {
  await signedWebhookRoute(app, s, {
    url: '/api/payouts/webhook/:provider',
    tag: 'payouts',
    summary:
      "The payout provider reports a payout's result (paid or failed), signed as that provider signs (server/adapters/payout.ts). A failed payout returns the money to the member's balance, once.",
    replies: {
      200: '{"status":"ok"} (a repeat too: nothing changes twice)',
      403: 'Bad signature: nothing changes',
      404: 'Not the payout provider of this server, or no payout with that reference',
    },
    label: 'payout webhook',
    provider: () => {
      const p = s.payouts
      const verify = p?.verifyWebhook
      return p && verify ? { id: p.id, verify: (raw, headers) => verify(raw, headers) } : undefined
    },
    async handle(r, reply, provider) {
      const changed = await settlePayout(s, provider, r)
      if (changed === undefined) {
        reply.code(404)
        return errorBody(404, { ref: ['No payout has this reference.'] }, { ref: 'unknown_payout' })
      }
      reply.log.info({ provider, status: r.status, changed }, 'payout webhook accepted')
      return { status: 'ok', changed }
    },
  })

  if (s.mode === 'production') return
  devMemberRoute(app, s, '/api/dev/payouts/release', {
    summary:
      "Test mode only: the member's held payouts end their hold now and go to the payout provider (scheduled work sends them), or to review above the threshold.",
    body: DevAdvanceRequest,
    async handler({ uid }) {
      const r = await releaseDuePayouts(s.db, { userId: uid, all: true })
      s.sessions.forget(uid)
      return { success: true, released: r.released, review: r.review.length }
    },
  })
}
