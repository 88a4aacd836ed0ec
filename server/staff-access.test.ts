import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { staffRouteTable } from './lib/staff/route.ts'
import { STAFF_ROLES, type StaffRole, staffCookieName } from './lib/staff/session.ts'
import { client, staffMember, testServer } from './test-helpers.ts'

/**
 * Every /api/staff route, as registered (all four parts of the console: staffRouteTable is filled when
 * the app is built), refuses before doing anything: a member's token 403 staff_only, no cookie 401, a
 * role it does not admit 403 staff_role, a password-stage session on a full route 403.
 */
let app: FastifyInstance
let c: ReturnType<typeof client>
let member: Record<string, string>
const of: Partial<Record<StaffRole, Record<string, string>>> = {}
let passwordStage: Record<string, string>

/** A route's URL with its parameters filled (1: a row that need not exist, the refusal comes first). */
const urlOf = (url: string) => url.replace(/:[a-zA-Z_]+/g, '1')
const call = (method: string, url: string, headers: Record<string, string> = {}) =>
  c.raw(method as 'GET', urlOf(url), method === 'GET' || method === 'DELETE' ? undefined : {}, headers)

beforeAll(async () => {
  app = await testServer()
  c = client(app)
  member = c.bearer(await c.login())
  for (const role of STAFF_ROLES) of[role] = (await staffMember(app, role)).h
  // a session that has passed the password only
  const who = await staffMember(app, 'admin')
  const token = randomBytes(32).toString('base64url')
  await app.services.db.query(
    `INSERT INTO staff_sessions (id, staff_id, stage, expires_at) VALUES ($1, $2, 'password', now() + interval '10 minutes')`,
    [createHash('sha256').update(token).digest('hex'), who.id],
  )
  passwordStage = { cookie: `${staffCookieName(app.services.cookiePrefix)}=${token}` }
})
afterAll(() => app?.close())

describe('every staff route', () => {
  it('is in the table, under /api/staff, with the shell, queue, chat and member parts all registered', () => {
    const urls = staffRouteTable.map((r) => r.url)
    expect(urls).toContain('/api/staff/me')
    expect(urls).toContain('/api/staff/audit')
    expect(urls.every((u) => u.startsWith('/api/staff/'))).toBe(true)
  })

  it('refuses a member token with 403 staff_only', async () => {
    for (const r of staffRouteTable) {
      const res = await call(r.method, r.url, member)
      expect([r.method, r.url, res.status, res.body?.code]).toEqual([r.method, r.url, 403, 'staff_only'])
    }
  })

  it('refuses no cookie with 401 staff_sign_in_required', async () => {
    for (const r of staffRouteTable) {
      const res = await call(r.method, r.url)
      expect([r.method, r.url, res.status, res.body?.code]).toEqual([
        r.method,
        r.url,
        401,
        'staff_sign_in_required',
      ])
    }
  })

  it('refuses a staff session of a role it does not admit with 403 staff_role', async () => {
    let checked = 0
    for (const r of staffRouteTable) {
      if (r.roles === 'any') continue
      for (const role of STAFF_ROLES.filter((x) => x !== 'admin' && !(r.roles as StaffRole[]).includes(x))) {
        const res = await call(r.method, r.url, of[role])
        expect([r.method, r.url, role, res.status, res.body?.code]).toEqual([
          r.method,
          r.url,
          role,
          403,
          'staff_role',
        ])
        checked++
      }
    }
    // at least the admin's own routes (accounts, audit) refuse support and finance
    expect(checked).toBeGreaterThanOrEqual(8)
  })

  it('refuses a password-stage session on every full route with 403 staff_second_factor', async () => {
    for (const r of staffRouteTable.filter((x) => x.stage === 'full')) {
      const res = await call(r.method, r.url, passwordStage)
      expect([r.method, r.url, res.status, res.body?.code]).toEqual([
        r.method,
        r.url,
        403,
        'staff_second_factor',
      ])
    }
  })

  it(`refuses a session older than ${constants.staff.sessionHours} hours`, async () => {
    const who = await staffMember(app, 'support')
    await app.services.db.query(
      `UPDATE staff_sessions SET created_at = now() - make_interval(hours => $2), expires_at = now() - interval '1 second'
        WHERE staff_id = $1`,
      [who.id, constants.staff.sessionHours],
    )
    for (const r of staffRouteTable.slice(0, 5)) expect((await call(r.method, r.url, who.h)).status).toBe(401)
  })

  it('admits a role a route names (the check is on the role, not on everyone)', async () => {
    expect((await call('GET', '/api/staff/overview', of.support)).status).toBe(200)
    expect((await call('GET', '/api/staff/audit', of.admin)).status).toBe(200)
  })
})
