import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import type { Services } from '../services.ts'
import { errorBody, parseWith } from './http.ts'
import { PreparedReply } from './reply-cache.ts'
import type { SessionUser } from './session.ts'

type Schema = z.ZodMiniType
type Out<S> = S extends Schema ? z.infer<S> : undefined

export interface RouteSpec<B, Q, P> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  tag: string
  summary: string
  /** required: 401 without a valid token; optional: user when a valid token is sent. */
  auth?: 'required' | 'optional'
  /** Also accept the login cookie (the linked-accounts service is called "with credentials"). */
  cookieAuth?: boolean
  body?: B
  query?: Q
  params?: P
  reply?: Schema
  replies?: Record<number, string>
  /** A smaller body limit than the server's 64 KB (bytes). */
  bodyLimit?: number
  /**
   * Runs first, before anything is parsed (the staff routes' sign-in and role check): a value other
   * than undefined is the reply, with the status it set.
   */
  before?: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>
  handler: (ctx: RouteCtx<B, Q, P>) => unknown
}

/** What a route's handler gets. */
export interface RouteCtx<B, Q, P> {
  req: FastifyRequest
  reply: FastifyReply
  body: Out<B>
  query: Out<Q>
  params: Out<P>
  user: SessionUser | undefined
  s: Services
}

export interface DocEntry {
  method: string
  url: string
  tag: string
  summary: string
  auth?: string
  body?: Schema
  query?: Schema
  params?: Schema
  reply?: Schema
  replies?: Record<number, string>
}

export const docs: DocEntry[] = []

/** Registers a route whose body, query and params are parsed by zod (422 on failure) and documents it. */
export function route<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
>(app: FastifyInstance, s: Services, spec: RouteSpec<B, Q, P>) {
  if (!docs.some((d) => d.method === spec.method && d.url === spec.url)) {
    docs.push({
      method: spec.method,
      url: spec.url,
      tag: spec.tag,
      summary: spec.summary,
      ...(spec.auth ? { auth: spec.auth } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.reply ? { reply: spec.reply } : {}),
      ...(spec.replies ? { replies: spec.replies } : {}),
    })
  }
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (req, reply) => {
      if (spec.before) {
        const refused = await spec.before(req, reply)
        if (refused !== undefined) return refused
      }
      const params = (spec.params ? parseWith(spec.params, req.params, 'params') : undefined) as Out<P>
      const query = (spec.query ? parseWith(spec.query, req.query ?? {}, 'query') : undefined) as Out<Q>
      let user: SessionUser | undefined
      if (spec.auth) {
        user = await s.sessions.fromRequest(req, spec.cookieAuth === true)
        if (!user && spec.auth === 'required') {
          reply.code(401)
          return errorBody(401, { auth: ['Please sign in to continue.'] }, { auth: 'sign_in_required' })
        }
      }
      const body = (spec.body ? parseWith(spec.body, req.body, 'body') : undefined) as Out<B>
      const out = await spec.handler({ req, reply, body, query, params, user, s })
      const prepared = out instanceof PreparedReply
      const value = prepared ? out.value : out
      // Tests run with checkReplies: every 2xx reply must match its contract.
      if (s.checkReplies && spec.reply && value !== undefined && reply.statusCode < 300 && !reply.sent) {
        const r = spec.reply.safeParse(value)
        if (!r.success) {
          throw new Error(
            `Reply of ${spec.method} ${spec.url} breaks its contract: ${JSON.stringify(r.error.issues.slice(0, 3))}`,
          )
        }
      }
      // a cached reply: its bytes as they were serialized (and compressed) once
      return prepared ? out.send(req, reply) : out
    },
  })
}

/** A member route: 401 without a valid token, and the handler gets the member (`user`) and its id (`uid`). */
export function memberRoute<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
>(
  app: FastifyInstance,
  s: Services,
  spec: Omit<RouteSpec<B, Q, P>, 'auth' | 'handler'> & {
    handler: (ctx: RouteCtx<B, Q, P> & { user: SessionUser; uid: number }) => unknown
  },
) {
  route(app, s, {
    ...spec,
    auth: 'required',
    // route() answers 401 before the handler when there is no member
    handler: (ctx) => spec.handler({ ...ctx, user: ctx.user!, uid: ctx.user!.row.id }),
  })
}

const num = (min: number, max: number) => z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max))
export const zPage = z.optional(num(1, 100_000))
export const zPerPage = z.optional(num(1, 100))
export const zId = num(1, 2_147_483_647)
export const zLang = z.optional(z.enum(['en', 'es']))
