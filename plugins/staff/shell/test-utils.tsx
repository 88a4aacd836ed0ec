import type { ReactNode } from 'react'
import { afterEach } from 'vitest'
import staffEn from '../../../locales/en/staff.json'
import staffEs from '../../../locales/es/staff.json'
import {
  type FakeRoutes,
  fakeHttp,
  renderInApp,
  screenConfig,
  testI18n,
  testServices,
} from '../../../tests/unit/kit'
import type { StaffMe } from './contract'
import { setStaff } from './staff-state'

export type { FakeRoutes }

/** The moment the test runs: no date is typed into a test. */
export const now = new Date().toISOString()

/** A staff member as GET /api/staff/me gives it (finance, past the second factor), with what a test changes. */
export const staffMe = (over: Partial<StaffMe> = {}): StaffMe => ({
  id: 1,
  email: 'me@staff.example',
  name: 'Me',
  role: 'finance',
  stage: 'full',
  expires_at: now,
  must_change_password: false,
  totp_confirmed: true,
  settings: {
    adjustment_approval_above_cents: 10000,
    password_min_length: 12,
    session_hours: 12,
    chat_heartbeat_seconds: 20,
  },
  ...over,
})

/**
 * Draws a staff screen over fake HTTP with the staff texts and a part's own (its namespace's English and
 * Spanish), signed in as `me` (none: as nobody, for the sign-in); returns the calls it made.
 */
export async function showStaff(
  ui: ReactNode,
  routes: FakeRoutes,
  o: {
    me?: StaffMe | null
    lng?: 'en' | 'es'
    texts?: Record<string, [Record<string, unknown>, Record<string, unknown>]>
    path?: string
  } = {},
) {
  if (o.me !== null) setStaff(o.me ?? staffMe())
  const { http, calls } = fakeHttp(routes)
  const i18n = await testI18n(o.lng ?? 'en', { staff: [staffEn, staffEs], ...(o.texts ?? {}) })
  renderInApp(ui, {
    i18n,
    services: testServices({ http, config: screenConfig }).services,
    ...(o.path ? { path: o.path, where: true } : {}),
  })
  return calls
}

afterEach(() => setStaff(undefined))
