import { expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import { freshEmail, PASSWORD, pathOf, registerByApi } from './helpers'

// Issue 31 · social sign-in through OpenID Connect, in the browser, against the tests' real OpenID
// Provider (oidc-provider, started before the server by tests/e2e/with-oidc-provider.ts): the dialog's
// button, the provider's own login and consent pages, and back signed in.

/** The provider's own pages (another origin): its login form as `login`, then its consent. */
async function atProvider(page: Page, login: string) {
  await page.waitForURL(/\/interaction\//)
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}
test('a new member signs in with the provider from the dialog and lands back signed in', async ({ page }) => {
  const email = freshEmail('oidc')
  await page.goto('/stores')
  await page.getByTestId('auth-header').getByRole('button', { name: 'Sign in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  const providers = dialog.getByRole('navigation', { name: 'Sign in with another account' })
  const button = providers.getByRole('link', { name: 'Continue with Local' })
  await expect(button).toBeVisible()
  // keyboard: the provider's button is reached and followed with Tab and Enter
  await button.focus()
  await page.keyboard.press('Enter')

  // the provider's own pages (another origin): its login form, then its consent
  await atProvider(page, email)

  // back on our origin, signed in, on the page the sign-in started from
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/stores')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  // the provider vouched for the address: the member is verified, and is the one signed in
  await expect(page.getByRole('button', { name: 'Verify email' })).toHaveCount(0)
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).toContain(email)
})

test('a cancelled sign-in at the provider says so, in Spanish too', async ({ page }) => {
  await page.goto('/login?lang=es')
  const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' })
  await dialog.getByRole('link', { name: 'Continuar con Local' }).click()
  await page.waitForURL(/\/interaction\//)
  // the development login page's own "[ Cancel ]" link aborts the authorization (error=access_denied)
  await page.getByRole('link', { name: /Cancel/ }).click()
  await expect(page.getByTestId('auth-notice')).toContainText(
    'El inicio de sesión se canceló en el proveedor.',
  )
})

test("an existing member's address links the provider once that account's password is given (SPEC 4)", async ({
  page,
  request,
}) => {
  const email = freshEmail('oidc-existing')
  await registerByApi(request, email)
  await page.goto('/login')
  await page
    .getByRole('dialog', { name: 'Sign in' })
    .getByRole('link', { name: 'Continue with Local' })
    .click()
  await atProvider(page, email)

  // not signed in by the provider: the existing account's password first
  await expect(page.getByRole('heading', { name: 'Link your Local account' })).toBeVisible()
  await expect(page.getByText(`An account with ${email} already exists.`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
  await page.getByLabel('Password', { exact: true }).fill('not the password')
  await page.getByRole('button', { name: 'Link and sign in' }).click()
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Link and sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
})
