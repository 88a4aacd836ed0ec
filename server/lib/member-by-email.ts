import type { FastifyInstance } from 'fastify'
import type { z } from 'zod/mini'
import type { Db } from '../db/index.ts'
import type { Services } from '../services.ts'
import { fail } from './http.ts'
import { type RouteCtx, route } from './route.ts'

/**
 * The id of the member with this e-mail (any case), for the test-mode routes that act on a member by
 * e-mail; 404 `not_found` on the e-mail field when no member has it.
 */
export async function memberIdByEmail(db: Db, email: string): Promise<number> {
  const u = await db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email])
  if (!u) throw fail(404, 'email', 'No member has this email.', 'not_found')
  return u.id
}

/**
 * A test-mode route (POST `url`, tag dev) that acts on the member its body names by `email`: the
 * handler gets the member's id (`uid`); 404 `not_found` when no member has the e-mail.
 */
export function devMemberRoute<B extends z.ZodMiniType<{ email: string }>>(
  app: FastifyInstance,
  s: Services,
  url: string,
  spec: {
    summary: string
    body: B
    handler: (ctx: RouteCtx<B, undefined, undefined> & { uid: number }) => unknown
  },
) {
  route<B, undefined, undefined>(app, s, {
    method: 'POST',
    url,
    tag: 'dev',
    ...spec,
    handler: async (ctx) =>
      spec.handler({ ...ctx, uid: await memberIdByEmail(s.db, (ctx.body as { email: string }).email) }),
  })
}

/** For the test-mode routes: the store of this internal name, else the first store; 404 `not_found` when none. */
export async function storeForTest(db: Db, internalName: string | undefined) {
  const store = await db.one<{ id: number; name: string; internal_name: string }>(
    'SELECT id, name, internal_name FROM stores WHERE ($1::text IS NULL OR internal_name = $1::text) ORDER BY id LIMIT 1',
    [internalName ?? null],
  )
  if (!store) throw fail(404, 'store', 'No such store.', 'not_found')
  return store
}
