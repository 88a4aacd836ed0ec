import { config } from '@brand'
import { type GuardContext, HttpError, type Services } from '@core'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaffMe } from './contract'
import { nextPath, staffGuard } from './guard'
import { navOf } from './StaffLayout'
import { setStaff, staffNow } from './staff-state'

const me = (over: Partial<StaffMe> = {}): StaffMe => ({
  id: 7,
  email: 'fay@staff.example',
  name: 'Fay',
  role: 'finance',
  stage: 'full',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  must_change_password: false,
  totp_confirmed: true,
  settings: {
    adjustment_approval_above_cents: 1,
    password_min_length: 1,
    session_hours: 1,
    chat_heartbeat_seconds: 1,
  },
  ...over,
})

/** A guard context whose /api/staff/me answers `reply` (a value) or fails with it (an error). */
function ctx(href: string, reply: { data: StaffMe } | HttpError): GuardContext {
  const get = async () => {
    if (reply instanceof HttpError) throw reply
    return reply
  }
  return {
    url: new URL(href, 'http://localhost'),
    params: {},
    store: {},
    services: { config, http: { get } } as unknown as Services,
  }
}
const refused = (status: number, code: string) =>
  new HttpError('refused', 'status', status, { staff: ['no'] }, { code })

afterEach(() => setStaff(undefined))

describe('staffGuard', () => {
  it('lets a full staff session through and keeps who it is for useStaff', async () => {
    expect(await staffGuard(ctx('/staff/payouts', { data: me() }))).toBeUndefined()
    expect(staffNow()?.email).toBe('fay@staff.example')
  })
  it('sends no session (401) to the sign-in page, keeping the wanted path', async () => {
    expect(await staffGuard(ctx('/staff/audit?page=2', refused(401, 'staff_sign_in_required')))).toEqual({
      redirect: `/staff/sign-in?next=${encodeURIComponent('/staff/audit?page=2')}`,
    })
  })
  it("treats a member's token (403 staff_only) as signed out", async () => {
    setStaff(me())
    expect(await staffGuard(ctx('/staff', refused(403, 'staff_only')))).toEqual({
      redirect: `/staff/sign-in?next=${encodeURIComponent('/staff')}`,
    })
    expect(staffNow()).toBeUndefined()
  })
  it('sends a session past the password only back to the sign-in page', async () => {
    expect(await staffGuard(ctx('/staff', { data: me({ stage: 'password' }) }))).toEqual({
      redirect: `/staff/sign-in?next=${encodeURIComponent('/staff')}`,
    })
  })
  it('lets another failure (the server down) show as an error', async () => {
    await expect(staffGuard(ctx('/staff', new HttpError('down', 'network')))).rejects.toThrow('down')
  })
})

describe('nextPath', () => {
  it('keeps a console path and refuses any other place', () => {
    expect(nextPath(config, '/staff/claims?x=1')).toBe('/staff/claims?x=1')
    expect(nextPath(config, '/staff/members/12')).toBe('/staff/members/12')
    expect(nextPath(config, '/staff/sign-in')).toBeNull()
    expect(nextPath(config, '//evil.example/staff')).toBeNull()
    expect(nextPath(config, 'https://evil.example/staff')).toBeNull()
    expect(nextPath(config, '/account')).toBeNull()
    expect(nextPath(config, null)).toBeNull()
  })
})

describe('navOf', () => {
  it('shows each role its queues; only the admin the accounts and the audit log', () => {
    const routes = (role: StaffMe['role']) => navOf(me({ role })).map((n) => n.route)
    expect(routes('support')).toEqual(['staff', 'staff-inquiries', 'staff-chat', 'staff-members'])
    expect(routes('finance')).toEqual([
      'staff',
      'staff-payouts',
      'staff-claims',
      'staff-protection',
      'staff-adjustments',
      'staff-members',
    ])
    expect(routes('admin')).toEqual([
      'staff',
      'staff-payouts',
      'staff-claims',
      'staff-inquiries',
      'staff-protection',
      'staff-chat',
      'staff-adjustments',
      'staff-members',
      'staff-accounts',
      'staff-audit',
    ])
  })
})
