import { expect, test } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../../../server/seed/demo-staff'
import { expectNoSeriousAxe } from '../helpers'
import { freshCode, signInStaff, totpFor } from './session'

/**
 * Issue 28, the staff console's shell: an admin signs in with the password and a TOTP code, makes a
 * finance account (its temporary password shown once), and that person's first sign-in sets a
 * password of their own and the authenticator from the QR set-up (the secret read as text), then
 * lands on the console with finance's queues. axe on the sign-in, home, accounts and audit pages.
 */
const ADMIN = 'admin@staff.example'
const ADMIN_SECRET = DEMO_STAFF.find((x) => x.email === ADMIN)!.totpSecret

// one account, two sign-ins: in order, the second waiting for the next time step (a code signs in once)
test.describe.configure({ mode: 'serial' })

test('an admin creates a finance user, who signs in for the first time with TOTP', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  await page.goto('/staff')
  // the guard sends a visitor to the sign-in page, keeping where they were going
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible()
  await expectNoSeriousAxe(page, 'sign-in')

  await page.getByLabel('E-mail').fill(ADMIN)
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Your authenticator code' })).toBeFocused()
  await page.getByLabel('Code from your authenticator app').fill(await freshCode(ADMIN_SECRET))
  await page.getByRole('button', { name: 'Sign in' }).click()

  await expect(page).toHaveURL(/\/staff$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Work waiting' })).toBeVisible()
  await expect(page.getByText('Signed in as Ada Admin (Admin)')).toBeVisible()
  const counts = page.getByTestId('staff-queue-counts')
  await expect(counts.getByRole('link')).toHaveCount(6)
  // the console is not the members' site: no site footer with its legal links (routes.json footer: false)
  await expect(page.getByTestId('footer-links')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expectNoSeriousAxe(page, 'home')

  const nav = page.getByRole('navigation', { name: 'Staff console' })
  await nav.getByRole('link', { name: 'Staff accounts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible()
  await expect(page.getByTestId('staff-accounts')).toContainText(ADMIN)
  const email = `fin-${Date.now()}-${Math.floor(Math.random() * 1e6)}@staff.example`
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Name').fill('Nia Numbers')
  await page.getByLabel('Role').selectOption('finance')
  await page.getByRole('button', { name: 'Create account' }).click()
  const made = page.getByTestId('staff-made')
  await expect(made).toBeFocused()
  const temporary = (await page.getByTestId('staff-temporary-password').textContent())?.trim() ?? ''
  expect(temporary.length).toBeGreaterThanOrEqual(constants.staff.passwordMinLength)
  await expect(
    page.getByTestId('staff-accounts').getByRole('row', { name: new RegExp(email) }),
  ).toContainText('Not signed in yet')
  await expectNoSeriousAxe(page, 'accounts')

  await nav.getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await page.getByLabel('Action', { exact: true }).fill('staff.create')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/action=staff\.create/)
  await expect(page.getByTestId('staff-audit').getByRole('row', { name: new RegExp(email) })).toContainText(
    ADMIN,
  )
  await expectNoSeriousAxe(page, 'audit')

  // the new finance user, in a browser of their own
  const theirs = await browser.newContext({ baseURL: test.info().project.use.baseURL! })
  const p2 = await theirs.newPage()
  await p2.goto('/staff/sign-in')
  await p2.getByLabel('E-mail').fill(email)
  await p2.getByLabel('Password').fill(temporary)
  await p2.getByRole('button', { name: 'Continue' }).click()
  await expect(p2.getByRole('heading', { level: 2, name: 'Finish setting up your account' })).toBeFocused()
  await expect(p2.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = (await p2.getByTestId('staff-totp-secret').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await expectNoSeriousAxe(p2, 'first sign-in')
  await p2.getByLabel('Your new password').fill('short')
  await p2.getByLabel('Code from your authenticator app').fill(totpFor(secret).generate())
  await p2.getByRole('button', { name: 'Sign in' }).click()
  // the error under its field, which takes the focus (read with the field by a screen reader)
  await expect(p2.getByLabel('Your new password')).toBeFocused()
  await expect(p2.getByLabel('Your new password')).toHaveAccessibleDescription(/That password is too short\./)
  await p2.getByLabel('Your new password').fill('numbers all day long 2026')
  await p2.getByLabel('Code from your authenticator app').fill(totpFor(secret).generate())
  await p2.getByRole('button', { name: 'Sign in' }).click()

  await expect(p2).toHaveURL(/\/staff$/)
  await expect(p2.getByText('Signed in as Nia Numbers (Finance)')).toBeVisible()
  const theirNav = p2.getByRole('navigation', { name: 'Staff console' })
  for (const queue of ['Payouts to review', 'Rebate claims', 'Protection claims', 'Adjustments to approve'])
    await expect(theirNav.getByRole('link', { name: queue })).toBeVisible()
  await expect(theirNav.getByRole('link', { name: 'Live chat' })).toHaveCount(0)
  await expect(theirNav.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0)
  await expect(p2.getByTestId('staff-queue-counts').getByRole('link')).toHaveCount(4)
  await expect(
    p2.getByTestId('staff-queue-counts').getByRole('link', { name: /Payouts to review/ }),
  ).toHaveAttribute('href', '/staff/payouts')
  await theirs.close()
})

test('signInStaff signs a demo account in through the API; sign-out ends it', async ({ page }) => {
  // the first test's code may still be current: signInStaff waits for the next one
  test.setTimeout(90_000)
  await signInStaff(page, 'admin@staff.example')
  await page.goto('/staff/audit')
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/staff\/sign-in$/)
  await page.goto('/staff/audit')
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=/)
})
