import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PostbackBatcher } from '../lib/cashback/postback-batch.ts'
import { signatureOk } from '../lib/coins.ts'
import { bodySignatureOk, parseConversion } from '../lib/networks.ts'
import { signedPostbackRoutes } from '../lib/postback-routes.ts'
import type { Services } from '../services.ts'

/** Flat string parameters of the query and a parsed body; undefined when a value is not a single text or number. */
function flat(...sources: unknown[]): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const src of sources) {
    if (src === undefined || src === null) continue
    if (typeof src !== 'object' || Array.isArray(src)) return undefined
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      if (typeof v === 'number' && Number.isFinite(v)) out[k] = String(v)
      else if (typeof v === 'string') out[k] = v
      else if (v !== null) return undefined
    }
  }
  return out
}

/** The raw body (kept as bytes by this route's parser) as fields: JSON object or a form; null when malformed. */
function bodyFields(req: FastifyRequest): unknown {
  const raw = req.body
  if (!Buffer.isBuffer(raw) || raw.length === 0) return undefined
  const type = String(req.headers['content-type'] ?? '').toLowerCase()
  const text = raw.toString('utf8')
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const answer = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
  reply.code(status).type('application/json; charset=utf-8').send(body)

/**
 * A network's signed server-to-server postback (issue 26): GET or POST /api/networks/<network>/postback.
 * The fields are named by config/networks.json; the signature is an HMAC-SHA256 of the canonical query
 * (hmac-sha256-query, as the coin postbacks) or of the raw body (hmac-sha256-body, in a header). Answers
 * 200 {status:'ok'} for a new or repeated report, 403 bad_signature (books nothing), 400 for a
 * malformed one, 404 for an unknown network, 503 when the network is off (no secret).
 */
export async function networkPostbackRoutes(app: FastifyInstance, s: Services) {
  const batcher = new PostbackBatcher(s, (err) => app.log.error({ err }, 'after network postbacks'))
  await app.register(async (child) => {
    // this route signs its raw body: keep the bytes, parse them in the handler
    child.removeAllContentTypeParsers()
    child.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    signedPostbackRoutes(child, s, {
      kind: 'network',
      url: '/api/networks/:network/postback',
      tag: 'cashback',
      summary:
        "An affiliate network reports a conversion (tracked, approved, reversed), signed with HMAC-SHA256 as config/networks.json says (the query's canonical string, or the raw body in a header).",
      replies: {
        200: '{"status":"ok"} (a repeat too: it books nothing)',
        400: 'A field is missing or malformed, or the status is not one of the network',
        403: 'Bad signature (nothing booked)',
      },
      senders: s.networks,
      refused: 'network postback refused',
      answer: (reply, _n, status, error) => answer(reply, status, { status: 'error', ...error }),
      async handler({ req, reply, method, sender: n, secret, refuse }) {
        const body = method === 'POST' ? bodyFields(req) : undefined
        if (body === null) return refuse(400, 'bad_body', 'The body is not JSON or a form.')
        let fields: Record<string, string> | undefined
        if (n.signature.scheme === 'hmac-sha256-body') {
          if (method !== 'POST' || !Buffer.isBuffer(req.body))
            return refuse(400, 'missing_body', 'This network posts a signed body.')
          const given = req.headers[n.signature.header.toLowerCase()]
          if (!bodySignatureOk(req.body, secret, typeof given === 'string' ? given : undefined))
            return refuse(403, 'bad_signature', 'The signature does not match.')
          // only what is signed counts: the body's fields
          fields = flat(body)
        } else {
          fields = flat(req.query, body)
          if (!fields) return refuse(400, 'bad_parameters', 'Parameters must be single text values.')
          const sig = n.signature.param
          if (!signatureOk(fields, sig, secret, fields[sig]))
            return refuse(403, 'bad_signature', 'The signature does not match.')
        }
        if (!fields) return refuse(400, 'bad_parameters', 'Parameters must be single text values.')
        const all = fields
        const parsed = parseConversion(n, (k) => all[k])
        if (!parsed.ok) return refuse(400, parsed.code, parsed.message)
        await batcher.apply(parsed.input, n.development)
        req.log.info({ network: n.id, status: parsed.input.status }, 'network postback accepted')
        return answer(reply, 200, { status: 'ok' })
      },
    })
  })
}
