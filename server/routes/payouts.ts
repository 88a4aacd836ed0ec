import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import { DevAdvanceRequest } from '../../plugins/account/contract.ts'
import { errorBody } from '../lib/http.ts'
import { releaseDuePayouts } from '../lib/ledger.ts'
import { memberIdByEmail } from '../lib/member-by-email.ts'
import { settlePayout } from '../lib/payouts.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

const Params = z.object({ provider: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/)) })

/**
 * The payout provider's signed webhook (issue 27): POST /api/payouts/webhook/<provider> with the
 * provider's own body and signature, checked over the raw bytes by the provider (verifyWebhook). A
 * forged or unsigned report answers 403 and changes nothing; a repeat answers 200 and changes nothing.
 */
export async function payoutRoutes(app: FastifyInstance, s: Services) {
  await app.register(async (child) => {
    // the signature covers the raw body: keep the bytes as text, the provider parses them
    child.removeAllContentTypeParsers()
    child.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
    route(child, s, {
      method: 'POST',
      url: '/api/payouts/webhook/:provider',
      tag: 'payouts',
      summary:
        "The payout provider reports a payout's result (paid or failed), signed as that provider signs (server/adapters/payout.ts). A failed payout returns the money to the member's balance, once.",
      params: Params,
      replies: {
        200: '{"status":"ok"} (a repeat too: nothing changes twice)',
        403: 'Bad signature: nothing changes',
        404: 'Not the payout provider of this server, or no payout with that reference',
      },
      async handler({ req, reply, params }) {
        const p = s.payouts
        if (!p || p.id !== params.provider || !p.verifyWebhook) {
          reply.code(404)
          return errorBody(404, { provider: ['Unknown payout provider.'] }, { provider: 'unknown_provider' })
        }
        const raw = typeof req.body === 'string' ? req.body : ''
        const r = p.verifyWebhook(raw, req.headers)
        if (!r) {
          req.log.warn({ provider: p.id }, 'payout webhook refused: bad signature')
          reply.code(403)
          return errorBody(
            403,
            { signature: ['The signature does not match.'] },
            { signature: 'bad_signature' },
          )
        }
        const changed = await settlePayout(s, p.id, r)
        if (changed === undefined) {
          reply.code(404)
          return errorBody(404, { ref: ['No payout has this reference.'] }, { ref: 'unknown_payout' })
        }
        req.log.info({ provider: p.id, status: r.status, changed }, 'payout webhook accepted')
        return { status: 'ok', changed }
      },
    })
  })

  if (s.mode === 'production') return
  route(app, s, {
    method: 'POST',
    url: '/api/dev/payouts/release',
    tag: 'dev',
    summary:
      "Test mode only: the member's held payouts end their hold now and go to the payout provider (scheduled work sends them), or to review above the threshold.",
    body: DevAdvanceRequest,
    async handler({ body }) {
      const uid = await memberIdByEmail(s.db, body.email)
      const r = await releaseDuePayouts(s.db, { userId: uid, all: true })
      s.sessions.forget(uid)
      return { success: true, released: r.released, review: r.review.length }
    },
  })
}
