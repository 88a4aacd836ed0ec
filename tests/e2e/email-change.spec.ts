import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import { freshEmail, mailLink, PASSWORD, pathOf, registerByApi } from './helpers'

/** Issue 25: a new email signs in only once the link mailed to it is opened; the old one can undo. */

/** The path of the newest link in a mail to `to` whose subject matches (the test-mode outbox). */

async function signInAt(page: Page, email: string) {
  await page.goto('/login')
  const m = page.getByTestId('signin-modal')
  await m.getByLabel('Email').fill(email)
  await m.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await m.getByRole('button', { name: 'Sign in', exact: true }).click()
}

const signsInByApi = async (request: APIRequestContext, email: string) =>
  (
    await request.post('/api/web/login', {
      data: { email, password: PASSWORD, 'g-recaptcha-response': 'e2e' },
    })
  ).ok()

async function askForChange(page: Page, next: string) {
  await page.getByRole('button', { name: 'Verify email' }).click()
  await page.getByRole('button', { name: 'Use a different email' }).click()
  const prompt = page.getByTestId('email-prompt')
  await prompt.getByLabel('Email').fill(next)
  await prompt.getByRole('button', { name: 'Save email' }).click()
  await expect(page.getByTestId('auth-notice')).toContainText(`Check ${next} to confirm the change.`)
}

test.describe('changing the email (issue 25)', () => {
  test('the new email signs in only after its link is opened; then every device signs in again', async ({
    page,
    request,
  }) => {
    const old = freshEmail('old')
    const next = freshEmail('next')
    await registerByApi(request, old, 'Changer')
    await signInAt(page, old)
    await expect(page.getByTestId('signin-modal')).toHaveCount(0)
    await askForChange(page, next)

    // the pending address shows, with a way to send the link again; the old address still signs in
    await page.getByRole('button', { name: 'Verify email' }).click()
    const pending = page.getByTestId('verify-prompt').getByTestId('pending-email')
    await expect(pending).toContainText(`Waiting for you to confirm ${next}`)
    await pending.getByRole('button', { name: 'Send the link again' }).click()
    await expect(pending.getByRole('status')).toHaveText(`We sent the link again to ${next}.`)
    await page.getByTestId('verify-prompt').getByRole('button', { name: 'Close' }).click()
    expect(await signsInByApi(request, old)).toBe(true)
    expect(await signsInByApi(request, next)).toBe(false)

    // the old address was told, with an undo link
    expect(await mailLink(request, old, /Your email is being changed/)).toMatch(/^\/email\/undo\//)

    const link = await mailLink(request, next, /Confirm your new email/)
    expect(link).toMatch(/^\/email\/confirm\//)
    await page.goto(link)
    const done = page.getByTestId('email-change-page')
    await expect(page.getByTestId('email-change-status')).toHaveText(
      `Your email is now ${next}. Every device was signed out: please sign in with your new email.`,
    )
    // the token left the address bar
    expect(pathOf(page)).toBe('/email/confirm')
    await done.getByRole('link', { name: 'Sign in' }).click()
    await expect.poll(() => pathOf(page)).toBe('/login')
    const m = page.getByTestId('signin-modal')
    await m.getByLabel('Email').fill(next)
    await m.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await m.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(m).toHaveCount(0)
    await expect(page.getByTestId('cash-balance')).toBeVisible()
    expect(await signsInByApi(request, old)).toBe(false)

    // a link opened twice does nothing the second time
    await page.goto(link)
    await expect(page.getByTestId('email-change-status')).toHaveText('This link is invalid or has expired.')
  })

  test('the undo link mailed to the old address gives it back after the switch', async ({
    page,
    request,
  }) => {
    const old = freshEmail('undo-old')
    const next = freshEmail('undo-new')
    const m = await registerByApi(request, old, 'Undoer')
    const asked = await request.post('/api/set-email', {
      data: { email: next },
      headers: { authorization: `Bearer ${m.token}` },
    })
    expect(asked.ok()).toBe(true)
    const confirm = await mailLink(request, next, /Confirm your new email/)
    expect(
      (await request.post('/api/email/confirm', { data: { token: confirm.split('/').pop() } })).ok(),
    ).toBe(true)
    await page.goto(await mailLink(request, old, /Your email is being changed/))
    await expect(page.getByTestId('email-change-status')).toHaveText(
      `The change is undone: ${old} is your sign-in email and every device was signed out. Please sign in and reset your password.`,
    )
    expect(pathOf(page)).toBe('/email/undo')
    expect(await signsInByApi(request, old)).toBe(true)
    expect(await signsInByApi(request, next)).toBe(false)
  })
})
