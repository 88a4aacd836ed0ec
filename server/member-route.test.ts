import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { HttpError } from './lib/http.ts'
import { devMemberRoute } from './lib/member-by-email.ts'
import { docs, memberRoute } from './lib/route.ts'
import type { SessionUser } from './lib/session.ts'
import type { Services } from './services.ts'

/** Just what route() reads of the services: the session of a request and the members by e-mail. */
function stubServices(members: Record<string, number>) {
  const sessions = {
    // the test's "token" is the member id itself
    fromRequest: async (req: { headers: Record<string, unknown> }) => {
      const id = Number(req.headers['x-member'])
      return id ? ({ row: { id, email: `m${id}@example.com` } } as unknown as SessionUser) : undefined
    },
  }
  const db = {
    one: async (_sql: string, params: unknown[]) => {
      const id = members[String(params[0]).toLowerCase()]
      return id === undefined ? undefined : { id }
    },
  }
  return { sessions, db, checkReplies: true } as unknown as Services
}

let app: FastifyInstance | undefined
afterEach(() => app?.close())

describe('memberRoute', () => {
  it('answers 401 sign_in_required without a member, and never runs the handler', async () => {
    app = Fastify()
    let ran = false
    memberRoute(app, stubServices({}), {
      method: 'GET',
      url: '/api/test/member-401',
      tag: 'test',
      summary: 'A member route of this test.',
      handler: () => {
        ran = true
        return { ok: true }
      },
    })
    const r = await app.inject({ method: 'GET', url: '/api/test/member-401' })
    expect(r.statusCode).toBe(401)
    expect(r.json().code).toBe('sign_in_required')
    expect(ran).toBe(false)
  })

  it("gives the handler the member and the member's id, and documents the route as auth required", async () => {
    app = Fastify()
    memberRoute(app, stubServices({}), {
      method: 'GET',
      url: '/api/test/member-uid',
      tag: 'test',
      summary: 'A member route of this test.',
      reply: z.object({ uid: z.number(), email: z.string() }),
      handler: ({ uid, user }) => ({ uid, email: user.row.email }),
    })
    const r = await app.inject({ method: 'GET', url: '/api/test/member-uid', headers: { 'x-member': '42' } })
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual({ uid: 42, email: 'm42@example.com' })
    expect(docs.find((d) => d.url === '/api/test/member-uid')?.auth).toBe('required')
  })
})

describe('devMemberRoute', () => {
  /** The route of this test on a server of its own, asked for the member of `email`. */
  async function post(email: string) {
    app = Fastify()
    // as server/app.ts answers an HttpError
    app.setErrorHandler((e, _req, reply) =>
      e instanceof HttpError ? reply.code(e.statusCode).send(e.body()) : reply.send(e),
    )
    devMemberRoute(app, stubServices({ 'known@example.com': 7 }), '/api/test/dev-member', {
      summary: 'A test-mode route of this test.',
      body: z.object({ email: z.string() }),
      handler: ({ uid }) => ({ uid }),
    })
    return app.inject({ method: 'POST', url: '/api/test/dev-member', payload: { email } })
  }

  it('gives the handler the id of the member the body names by e-mail (any case), as a POST of tag dev', async () => {
    const r = await post('Known@Example.com')
    expect(r.statusCode).toBe(200)
    expect(r.json()).toEqual({ uid: 7 })
    expect(docs.find((d) => d.url === '/api/test/dev-member')).toMatchObject({ method: 'POST', tag: 'dev' })
  })

  it('answers 404 not_found on the email field when no member has the e-mail', async () => {
    const r = await post('nobody@example.com')
    expect(r.statusCode).toBe(404)
    expect(r.json().code).toBe('not_found')
    expect(Object.keys(r.json().errors)).toEqual(['email'])
  })
})
