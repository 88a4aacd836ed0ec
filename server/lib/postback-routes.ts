import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import type { Services } from '../services.ts'
import { errorBody } from './http.ts'
import { route } from './route.ts'

/** Logs a refused postback and answers it in the form its sender expects. */
export type Refuse = (status: number, code: string, message: string) => FastifyReply

export interface SignedPostbacks<T> {
  /** Who sends them: the path's parameter, and the word of the codes unknown_<kind> and <kind>_unavailable. */
  kind: 'network' | 'platform'
  url: string
  tag: string
  summary: string
  /** The documented replies besides 404 (an unknown sender) and 503 (one that is off), which this answers. */
  replies: Record<number, string>
  /** The senders by id (config/networks.json, config/coins.json), and the secret of each one that is on. */
  senders: { get(id: string): T | undefined; secret(id: string): string | undefined }
  /** The log line of a refusal (with the sender and the code). */
  refused: string
  /** A refusal in the form the sender expects. */
  answer: (
    reply: FastifyReply,
    sender: T,
    status: number,
    error: { code: string; message: string },
  ) => FastifyReply
  /** The rest, once the sender is known and on. */
  handler: (ctx: {
    req: FastifyRequest
    reply: FastifyReply
    method: 'GET' | 'POST'
    sender: T
    secret: string
    refuse: Refuse
  }) => Promise<unknown>
}

/**
 * Signed server-to-server postbacks, GET and POST at `url`: first the sender the path names (404
 * unknown_<kind>, in the API's error form), then its secret (503 <kind>_unavailable, refused as the
 * handler's refusals are: logged and in the sender's form), then the handler.
 */
export function signedPostbackRoutes<T extends { id: string }>(
  app: FastifyInstance,
  s: Services,
  spec: SignedPostbacks<T>,
) {
  const { kind } = spec
  const params = z.object({ [kind]: z.string().check(z.regex(/^[a-z0-9_-]{1,40}$/, `Unknown ${kind}.`)) })
  for (const method of ['GET', 'POST'] as const) {
    route(app, s, {
      method,
      url: spec.url,
      tag: spec.tag,
      summary: spec.summary,
      params,
      replies: { 404: `Unknown ${kind}`, 503: `The ${kind} is off (no secret configured)`, ...spec.replies },
      async handler({ req, reply, params }) {
        const sender = spec.senders.get(params[kind] as string)
        if (!sender) {
          reply.code(404)
          return errorBody(404, { [kind]: [`Unknown ${kind}.`] }, { [kind]: `unknown_${kind}` })
        }
        const refuse: Refuse = (status, code, message) => {
          req.log.warn({ [kind]: sender.id, code }, spec.refused)
          return spec.answer(reply, sender, status, { code, message })
        }
        const secret = spec.senders.secret(sender.id)
        if (!secret) return refuse(503, `${kind}_unavailable`, `This ${kind} is not configured here.`)
        return spec.handler({ req, reply, method, sender, secret, refuse })
      },
    })
  }
}
