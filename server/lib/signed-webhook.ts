import type { IncomingHttpHeaders } from 'node:http'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod/mini'
import type { Services } from '../services.ts'
import { errorBody } from './http.ts'
import { route } from './route.ts'

const Params = z.object({ provider: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/)) })

/** An outside provider that signs what it posts to this server, checked over the raw text of the body. */
export interface SigningProvider<R> {
  id: string
  /** What the report says when the signature is right; null (or undefined) when it is wrong or missing. */
  verify: (raw: string, headers: IncomingHttpHeaders) => R | null | undefined
}

export interface SignedWebhookSpec<R> {
  /** With `:provider`, which must be the id of the provider this server uses. */
  url: string
  tag: string
  summary: string
  replies: Record<number, string>
  /** Named in the log lines: 'payout webhook', 'sms status callback'. */
  label: string
  /** The provider of this server that signs these reports, if it has one that does. */
  provider: () => SigningProvider<R> | undefined
  /** Acts on a report whose signature is right; its reply is the route's. */
  handle: (report: R, reply: FastifyReply, providerId: string) => Promise<unknown>
}

/**
 * POST <url>/:provider for a provider's signed reports (payout results, SMS delivery statuses): the raw
 * body kept as text (the signature covers the bytes as sent), 404 for a provider this server does not
 * use, 403 and nothing changed for a bad or missing signature, then `handle`.
 */
export async function signedWebhookRoute<R>(app: FastifyInstance, s: Services, spec: SignedWebhookSpec<R>) {
  await app.register(async (child) => {
    child.removeAllContentTypeParsers()
    child.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
    route(child, s, {
      method: 'POST',
      url: spec.url,
      tag: spec.tag,
      summary: spec.summary,
      params: Params,
      replies: spec.replies,
      async handler({ req, reply, params }) {
        const p = spec.provider()
        if (!p || p.id !== params.provider) {
          reply.code(404)
          return errorBody(404, { provider: ['Unknown provider.'] }, { provider: 'unknown_provider' })
        }
        const report = p.verify(typeof req.body === 'string' ? req.body : '', req.headers)
        if (!report) {
          req.log.warn({ provider: p.id }, `${spec.label} refused: bad signature`)
          reply.code(403)
          return errorBody(
            403,
            { signature: ['The signature does not match.'] },
            { signature: 'bad_signature' },
          )
        }
        return spec.handle(report, reply, p.id)
      },
    })
  })
}
