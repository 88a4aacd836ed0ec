import { expect, type Page } from '@playwright/test'
import { TOTP } from 'otpauth'
import constants from '../../../config/constants.json' with { type: 'json' }
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../../server/seed/demo-staff'

/** A TOTP generator for a base32 secret with the console's settings (constants.staff.totp). */
export const totpFor = (secret: string) =>
  new TOTP({
    secret,
    digits: constants.staff.totp.digits,
    period: constants.staff.totp.periodSeconds,
    algorithm: 'SHA1',
  })

/** The current code of a secret, or the next time step's when the current one was already used. */
export async function freshCode(secret: string, afterStep = -1): Promise<string> {
  const t = totpFor(secret)
  while (t.counter() <= afterStep) await new Promise((r) => setTimeout(r, Math.min(1000, t.remaining() + 50)))
  return t.generate()
}

/**
 * Signs a demo staff account (server/seed/demo-staff.ts: the published password and TOTP secret) in
 * through the API: the password, then a code. A code signs in once: on 422 totp_reused (another
 * sign-in of this account in the same time step) it waits for the next step. The page's browser
 * context then carries the staff cookie (HttpOnly, Path=/api/staff), so /staff pages open signed in.
 */
export async function signInStaff(page: Page, email: string): Promise<void> {
  const who = DEMO_STAFF.find((s) => s.email === email)
  if (!who) throw new Error(`signInStaff: ${email} is not a demo staff account (server/seed/demo-staff.ts)`)
  const r = await page.request.post('/api/staff/sign-in', { data: { email, password: DEMO_STAFF_PASSWORD } })
  expect(r.status(), `${email} passes the password step`).toBe(200)
  let step = -1
  for (let i = 0; i < 3; i++) {
    const code = await freshCode(who.totpSecret, step)
    step = totpFor(who.totpSecret).counter()
    const v = await page.request.post('/api/staff/totp/verify', { data: { code } })
    if (v.ok()) return
    const body = (await v.json()) as { code?: string }
    expect(body.code, `${email}: the code is refused only as reused`).toBe('totp_reused')
  }
  throw new Error(`signInStaff: ${email} could not give a fresh code`)
}
