import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services.ts'
import { errorBody } from '../http.ts'
import { type RouteSpec, route } from '../route.ts'
import { type StaffRole, type StaffUser, staffFromRequest } from './session.ts'

type Schema = Parameters<typeof route>[2]['body']

/** Every staff route with the roles it admits: the server tests walk this table (a member token, a wrong role). */
export const staffRouteTable: {
  method: string
  url: string
  roles: readonly StaffRole[] | 'any'
  stage: 'password' | 'full'
}[] = []

export interface StaffRouteSpec<B, Q, P> extends Omit<RouteSpec<B, Q, P>, 'auth' | 'cookieAuth' | 'handler'> {
  /**
   * The roles that may call it besides admin (admin may call every staff route), or 'any' signed-in
   * staff member. support: chat, inquiries, member lookup; finance: payouts, rebate claims, adjustments.
   */
  roles: readonly StaffRole[] | 'any'
  /** 'password' also admits a session that has passed the password only (the second-factor steps). Default 'full'. */
  stage?: 'password' | 'full'
  handler: (ctx: Parameters<RouteSpec<B, Q, P>['handler']>[0] & { staff: StaffUser }) => unknown
}

/**
 * A route under /api/staff (issue 28): the staff session cookie is required (401 staff_sign_in_required);
 * a member's token without it, or a staff member of another role, is refused (403 staff_only,
 * staff_role). Registered through route(), so body, query and params are parsed and the route is
 * documented; recorded in staffRouteTable.
 */
export function staffRoute<B extends Schema, Q extends Schema, P extends Schema>(
  app: FastifyInstance,
  s: Services,
  spec: StaffRouteSpec<B, Q, P>,
) {
  if (!spec.url.startsWith('/api/staff/'))
    throw new Error(`staffRoute ${spec.url}: staff routes live under /api/staff/`)
  const stage = spec.stage ?? 'full'
  if (!staffRouteTable.some((r) => r.method === spec.method && r.url === spec.url)) {
    staffRouteTable.push({ method: spec.method, url: spec.url, roles: spec.roles, stage })
  }
  const { roles, handler, stage: _stage, ...rest } = spec
  const who = new WeakMap<object, StaffUser>()
  route(app, s, {
    ...rest,
    replies: {
      401: 'No staff session: { code: "staff_sign_in_required" }',
      403: 'A member token, a wrong role or a second factor not given: { code: "staff_only" | "staff_role" | "staff_second_factor" }',
      ...(spec.replies ?? {}),
    },
    async before(req, reply) {
      const staff = await staffFromRequest(s.db, req, s.cookiePrefix)
      if (!staff) {
        // a member's token (or any bearer) is not a staff session: 403, not a prompt to sign in
        const member = req.headers.authorization ? await s.sessions.fromRequest(req) : undefined
        if (member) {
          reply.code(403)
          return errorBody(403, { staff: ['This is for staff only.'] }, { staff: 'staff_only' })
        }
        reply.code(401)
        return errorBody(401, { staff: ['Please sign in as staff.'] }, { staff: 'staff_sign_in_required' })
      }
      if (stage === 'full' && staff.stage !== 'full') {
        reply.code(403)
        return errorBody(403, { staff: ['Give your second factor first.'] }, { staff: 'staff_second_factor' })
      }
      if (roles !== 'any' && staff.role !== 'admin' && !roles.includes(staff.role)) {
        reply.code(403)
        return errorBody(403, { staff: ['Your role cannot do this.'] }, { staff: 'staff_role' })
      }
      who.set(req, staff)
      return undefined
    },
    handler: (ctx) => handler({ ...ctx, staff: who.get(ctx.req)! }),
  })
}
