import type { FastifyInstance, FastifyReply } from 'fastify'
import { type CoinPlatform, signatureOk } from '../lib/coins.ts'
import { applyPostback, type PostbackStatus } from '../lib/postback.ts'
import { signedPostbackRoutes } from '../lib/postback-routes.ts'
import type { Services } from '../services.ts'

/** The answer in the form the platform expects (config/coins.json `reply`). */
function answer(
  reply: FastifyReply,
  p: CoinPlatform,
  status: number,
  body: { ok: true; duplicate?: boolean } | { ok: false; code: string; message: string },
) {
  reply.code(status)
  if (p.reply === 'text') return reply.type('text/plain; charset=utf-8').send(body.ok ? '1' : '0')
  return reply
    .type('application/json; charset=utf-8')
    .send(
      body.ok
        ? { status: 'ok', ...(body.duplicate ? { duplicate: true } : {}) }
        : { status: 'error', code: body.code, message: body.message },
    )
}

/** Query (GET) or body (POST, form or JSON) as flat string parameters; undefined when a value is not a string. */
function flatParams(...sources: unknown[]): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const src of sources) {
    if (src === undefined || src === null || src === '') continue
    if (typeof src !== 'object' || Array.isArray(src)) return undefined
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v)
      else if (typeof v === 'string') out[k] = v
      else return undefined
    }
  }
  return out
}

/**
 * Signed server-to-server postbacks (server/README.md "Coins: postbacks"): GET or POST
 * /api/postback/<platform>. The only way coins are credited.
 */
export async function postbackRoutes(app: FastifyInstance, s: Services) {
  signedPostbackRoutes(app, s, {
    kind: 'platform',
    url: '/api/postback/:platform',
    tag: 'coins',
    summary:
      'A survey or offer platform reports a completion, reversal or screen-out, signed with HMAC-SHA256 (server/README.md).',
    replies: {
      200: 'Accepted (or already done): "1" or {"status":"ok"}',
      400: 'A parameter is missing or malformed',
      403: 'Bad signature',
      404: 'Unknown platform or attempt',
    },
    senders: s.platforms,
    refused: 'postback refused',
    answer: (reply, p, status, error) => answer(reply, p, status, { ok: false, ...error }),
    async handler({ req, reply, method, sender: p, secret, refuse }) {
      const all = flatParams(req.query, method === 'POST' ? req.body : undefined)
      if (!all) return refuse(400, 'bad_parameters', 'Parameters must be single text values.')
      const n = p.params
      for (const k of [n.attempt, n.transaction, n.amount, n.status, n.signature]) {
        if (!all[k]) return refuse(400, 'missing_parameter', `The parameter ${k} is missing.`)
      }
      if (!signatureOk(all, n.signature, secret, all[n.signature]))
        return refuse(403, 'bad_signature', 'The signature does not match.')
      const amount = all[n.amount] as string
      const status = all[n.status] as string
      const transaction = all[n.transaction] as string
      if (!/^[0-9]{1,7}$/.test(amount))
        return refuse(400, 'bad_amount', 'The amount must be a whole number of coins.')
      if (!['complete', 'reversal', 'screenout'].includes(status))
        return refuse(400, 'bad_status', 'The status must be complete, reversal or screenout.')
      if (transaction.length > 200) return refuse(400, 'bad_transaction', 'The transaction id is too long.')
      // a platform that pays per event names its events (config/coins.json); without the parameter it is the single completion
      const event = p.events ? (all[p.events.param] ?? '') : ''
      if (event !== '' && !p.events?.names.includes(event))
        return refuse(
          400,
          'unknown_event',
          `The event ${event.slice(0, 60)} is not one this platform pays for.`,
        )
      const r = await applyPostback(
        s.db,
        p,
        {
          attempt: all[n.attempt] as string,
          transaction,
          amount: Number(amount),
          status: status as PostbackStatus,
          event,
        },
        all,
      )
      if (!r.ok) return refuse(r.status, r.code, r.message)
      if (r.userId !== null) s.sessions.forget(r.userId)
      req.log.info({ platform: p.id, transaction, status, duplicate: r.duplicate }, 'postback accepted')
      return answer(reply, p, 200, { ok: true, duplicate: r.duplicate })
    },
  })
}
