import { expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, freshEmail, mailLink, PASSWORD, pathOf, registerByApi } from './helpers'

const DEMO = { email: 'demo@example.com', password: 'demo-rewards-2024' }

const modal = (page: Page) => page.getByTestId('signin-modal')

async function loginInModal(page: Page, email: string, password: string) {
  const m = modal(page)
  await m.getByLabel('Email').fill(email)
  await m.getByLabel('Password', { exact: true }).fill(password)
  await m.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test.describe('sign-in modal (SPEC 2.6, 5)', () => {
  test('is a labelled dialog: focus moves in, Escape closes and goes home, focus returns to the opener', async ({
    page,
  }) => {
    await page.goto('/login')
    const dialog = page.getByRole('dialog', { name: 'Sign in' })
    // a native modal <dialog> (showModal): the page behind is inert
    expect(await dialog.evaluate((d) => d.matches('dialog:modal'))).toBe(true)
    await expect(dialog.getByLabel('Email')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect.poll(() => pathOf(page)).toBe('/')
    const opener = page.getByTestId('auth-header').getByRole('button', { name: 'Join' })
    await opener.click()
    await expect(modal(page)).toHaveAttribute('data-tab', 'register')
    // Tab stays inside the dialog
    for (let i = 0; i < 15; i++) await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog:modal'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(opener).toBeFocused()
  })

  test('register: each field shows its message, keeps what was typed, nothing is sent until valid', async ({
    page,
  }) => {
    const sent: string[] = []
    page.on('request', (r) => r.url().includes('/api/web/register') && sent.push(r.url()))
    await page.goto('/register')
    const m = modal(page)
    await m.getByLabel('Email').fill('not-an-email')
    await m.getByLabel('Password', { exact: true }).fill('short')
    await m.getByRole('button', { name: 'Continue' }).click()
    await expect(m.getByText('Please enter your name.')).toBeVisible()
    await expect(m.getByText('You have entered an invalid email address!')).toBeVisible()
    await expect(m.getByText('The password must be at least 8 characters.')).toBeVisible()
    await expect(m.getByText('Please accept the Terms & Conditions.')).toBeVisible()
    await expect(m.getByLabel('Name')).toBeFocused()
    await expect(m.getByLabel('Email')).toHaveValue('not-an-email')
    await expect(m.getByText(/several words or a phrase/)).toBeVisible()
    expect(sent).toEqual([])
  })

  test('a server 422 shows its field error next to the field', async ({ page }) => {
    await page.goto('/register')
    const m = modal(page)
    await m.getByLabel('Name').fill('Dup')
    await m.getByLabel('Email').fill(DEMO.email)
    await m.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await m.getByLabel('I accept the Terms & Conditions').check()
    await m.getByRole('button', { name: 'Continue' }).click()
    await expect(m.locator('#email-error')).toHaveText('The email has already been taken.')
    await expect(m.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await expect(m.getByLabel('Name')).toHaveValue('Dup')
  })

  test('a network failure shows the normalised message and a retry works', async ({ page, request }) => {
    const email = freshEmail('net')
    await registerByApi(request, email)
    await page.route('**/api/web/login', (r) => r.abort('internetdisconnected'))
    await page.goto('/login')
    await loginInModal(page, email, PASSWORD)
    await expect(modal(page).getByRole('alert')).toHaveText('Network Error')
    await expect(modal(page).getByLabel('Email')).toHaveValue(email)
    await page.unroute('**/api/web/login')
    await modal(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByTestId('cash-balance')).toHaveText('$0.00')
  })

  test('lang=es: the modal and its messages in Spanish', async ({ page }) => {
    await page.goto('/login?lang=es')
    await expect(page.getByRole('dialog', { name: 'Iniciar sesión' })).toBeVisible()
    await modal(page).getByRole('button', { name: 'Iniciar sesión', exact: true }).click()
    await expect(modal(page).getByText('Por favor, introduce tu correo electrónico.')).toBeVisible()
    await modal(page).getByRole('tab', { name: 'Únete gratis' }).click()
    await modal(page).getByRole('button', { name: 'Continuar' }).click()
    await expect(modal(page).getByText('Por favor, introduce tu nombre.')).toBeVisible()
    await expect(modal(page).getByText('Por favor, acepta los Términos y Condiciones.')).toBeVisible()
  })

  test('axe: no serious or critical violation on either tab, at 360 and 1280 px', async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of ['/login', '/register']) {
        await page.goto(path)
        await expect(modal(page)).toBeVisible()
        await expectNoSeriousAxe(page, `${path} at ${width}`, 'dialog')
      }
    }
  })
})

test.describe('register, verify, sign out, sign in (SPEC 4, 7, 8)', () => {
  test('register, verify by the mailbox link, logout, login, wrong password', async ({ page, request }) => {
    const email = freshEmail('reg')
    await page.goto('/register')
    const m = modal(page)
    await m.getByLabel('Name').fill('New Member')
    await m.getByLabel('Email').fill(email)
    await m.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await m.getByLabel('Phone (optional)').fill('')
    await m.getByLabel('I accept the Terms & Conditions').check()
    await m.getByRole('button', { name: 'Continue' }).click()
    await expect(m).toHaveCount(0)
    await expect(page.getByTestId('cash-balance')).toHaveText('$0.00')
    await expect(page.getByRole('button', { name: 'Verify email' })).toBeVisible()
    expect(pathOf(page)).toBe('/')

    // the earning gate: 'Please verify your email' with a resend
    await page.getByRole('button', { name: 'Verify email' }).click()
    const prompt = page.getByRole('dialog', { name: 'Please verify your email' })
    await prompt.getByRole('button', { name: 'Resend the verification email' }).click()
    await expect(prompt.getByText('Please check your mailbox for verification email.')).toBeVisible()
    await prompt.getByRole('button', { name: 'Close' }).click()

    await page.goto(await mailLink(request, email, /verify/i))
    await expect(
      page.getByText('Your email is verified. You can now earn cash back and coins.'),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'Verify email' })).toHaveCount(0)

    // sign out: the message for 2 s, then /logout, then home as a visitor
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByTestId('auth-notice')).toHaveText(/You have been signed out\./)
    await expect.poll(() => pathOf(page), { timeout: 6000 }).toBe('/')
    await expect(page.getByTestId('auth-header').getByRole('button', { name: 'Sign in' })).toBeVisible()
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === constants.loginCookieName)).toBeUndefined()
    expect(await page.evaluate((k) => localStorage.getItem(k), constants.storageKeys.user)).toBeNull()

    // wrong password: the message by the field, the email kept
    await page.goto('/login')
    await loginInModal(page, email, 'wrong password!!')
    await expect(modal(page).locator('#email-error')).toHaveText(
      'These credentials do not match our records.',
    )
    await expect(modal(page).getByLabel('Email')).toHaveValue(email)
    await modal(page).getByLabel('Password', { exact: true }).fill(PASSWORD)
    await modal(page).getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByTestId('cash-balance')).toBeVisible()
    await expect.poll(() => pathOf(page)).toBe('/')

    // session restore after a reload
    await page.reload()
    await expect(page.getByTestId('cash-balance')).toHaveText('$0.00')
  })

  test('auth guard keeps the wanted path; after sign-in the member lands there', async ({ page }) => {
    await page.goto('/account/profile?tab=2')
    await expect.poll(() => pathOf(page)).toBe('/login')
    await loginInModal(page, DEMO.email, DEMO.password)
    await expect.poll(() => pathOf(page)).toBe('/account/profile?tab=2')
    await expect(page.getByTestId('cash-balance')).toHaveText('$42.73')
    // guest guard: a member opening /login goes to the account
    await page.goto('/login')
    await expect.poll(() => pathOf(page)).toBe('/account/purchase-history')
  })

  test('an off-site post-login redirect is ignored', async ({ page, request, baseURL }) => {
    const email = freshEmail('evil')
    await registerByApi(request, email)
    await page.goto('/login')
    await page.evaluate(
      (k) => localStorage.setItem(k, '//evil.example/steal'),
      constants.storageKeys.loginRedirect,
    )
    await loginInModal(page, email, PASSWORD)
    await expect(page.getByTestId('cash-balance')).toBeVisible()
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
    expect(pathOf(page)).toBe('/')
  })
})

test.describe('start-up restore (SPEC 4)', () => {
  test('a cookie token without a stored user: token sync signs in', async ({ page, request, baseURL }) => {
    const { token } = await registerByApi(request, freshEmail('sync'))
    await page.context().addCookies([{ name: constants.loginCookieName, value: token, url: baseURL! }])
    await page.goto('/stores')
    await expect(page.getByTestId('cash-balance')).toHaveText('$0.00')
    const stored = await page.evaluate(
      (k) => JSON.parse(localStorage.getItem(k) ?? '{}'),
      constants.storageKeys.user,
    )
    expect(stored.login_token).toBe(token)
  })
  test('a revoked cookie token: signed out', async ({ page, request, baseURL }) => {
    const { token } = await registerByApi(request, freshEmail('revoked'))
    await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } })
    await page.context().addCookies([{ name: constants.loginCookieName, value: token, url: baseURL! }])
    await page.goto('/')
    await expect(page.getByTestId('auth-header').getByRole('button', { name: 'Sign in' })).toBeVisible()
    expect((await page.context().cookies()).find((c) => c.name === constants.loginCookieName)).toBeUndefined()
  })
  test('a restored session ended elsewhere: the renewal gets success false, /login says "You have been logged out"', async ({
    page,
    request,
    baseURL,
  }) => {
    const { token, user } = await registerByApi(request, freshEmail('renew'))
    // signed out on another device: the server revokes the token
    await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } })
    // this browser still holds the session (SPEC 4 restore: the cookie token matches the stored user)
    await page.context().addCookies([{ name: constants.loginCookieName, value: token, url: baseURL! }])
    await page.addInitScript(
      ({ key, value }) => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1')
          localStorage.setItem(key, value)
        }
      },
      { key: constants.storageKeys.user, value: JSON.stringify({ ...user, login_token: token }) },
    )
    // two days later in the browser: the token is due for renewal (plugins/auth/renew.ts)
    await page.clock.setFixedTime(Date.now() + 2 * 86_400_000)
    const refresh = page.waitForResponse((r) => r.url().endsWith('/api/refresh'))
    await page.goto('/stores')
    expect(await (await refresh).json()).toMatchObject({ success: false })
    await expect.poll(() => pathOf(page)).toBe('/login')
    await expect(page.getByTestId('auth-notice')).toHaveText(/You have been logged out/)
    expect((await page.context().cookies()).find((c) => c.name === constants.loginCookieName)).toBeUndefined()
  })
  test('a stored user without the cookie: logout and home', async ({ page }) => {
    await page.addInitScript((k) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1')
        localStorage.setItem(k, JSON.stringify({ user_id: 5, email: 'x@example.com', login_token: 'a.b.c' }))
      }
    }, constants.storageKeys.user)
    await page.goto('/stores')
    await expect.poll(() => pathOf(page)).toBe('/')
    await expect(page.getByTestId('auth-header').getByRole('button', { name: 'Sign in' })).toBeVisible()
    expect(await page.evaluate((k) => localStorage.getItem(k), constants.storageKeys.user)).toBeNull()
  })
})

test.describe('password reset (SPEC 2.6, 7)', () => {
  test('by the mailbox link; axe on both pages', async ({ page, request }) => {
    const email = freshEmail('reset')
    await registerByApi(request, email)
    await page.goto('/password/reset')
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
    await page.getByRole('button', { name: 'Send the reset link' }).click()
    await expect(page.locator('#email-error')).toHaveText('Please enter your email address.')
    await expectNoSeriousAxe(page, 'reset request')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send the reset link' }).click()
    await expect(
      page.getByText('If an account exists for that email, we have sent a password reset link.'),
    ).toBeVisible()

    await page.goto(await mailLink(request, email, /reset/i))
    await expect(page.getByText(`For ${email}`)).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.locator('#password-error')).toHaveText('The password must be at least 8 characters.')
    await expectNoSeriousAxe(page, 'new password')
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase')
    await page.getByLabel('Confirm the new password').fill('a brand new passphrase')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect.poll(() => pathOf(page)).toBe('/')
    await expect(page.getByTestId('cash-balance')).toBeVisible()
    const login = await request.post('/api/web/login', {
      data: { email, password: 'a brand new passphrase', 'g-recaptcha-response': 'x' },
    })
    expect(login.ok()).toBe(true)
  })
  test('an expired link says so and offers a new one', async ({ page }) => {
    await page.goto('/password/reset/not-a-token/eEBleGFtcGxlLmNvbQ')
    await page.getByLabel('New password', { exact: true }).fill('long enough words')
    await page.getByLabel('Confirm the new password').fill('long enough words')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired.')
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()
  })
})

test.describe('email set and merge (SPEC 4, 8)', () => {
  test('set a new email; an address in use asks for its password, then merges', async ({ page, request }) => {
    const owner = freshEmail('owner')
    await registerByApi(request, owner, 'Owner')
    await page.goto('/register')
    const m = modal(page)
    await m.getByLabel('Name').fill('Second')
    await m.getByLabel('Email').fill(freshEmail('second'))
    await m.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await m.getByLabel('I accept the Terms & Conditions').check()
    await m.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Verify email' }).click()
    await page.getByRole('button', { name: 'Use a different email' }).click()
    const prompt = page.getByTestId('email-prompt')
    await prompt.getByLabel('Email').fill('nope@')
    await prompt.getByRole('button', { name: 'Save email' }).click()
    await expect(prompt.getByText('You have entered an invalid email address!')).toBeVisible()
    const changed = freshEmail('changed')
    await prompt.getByLabel('Email').fill(changed)
    await prompt.getByRole('button', { name: 'Save email' }).click()
    // issue 25: the new address signs in once the link mailed to it is opened
    await expect(page.getByTestId('auth-notice')).toContainText(`Check ${changed} to confirm the change.`)

    await page.getByRole('button', { name: 'Verify email' }).click()
    await page.getByRole('button', { name: 'Use a different email' }).click()
    await page.getByTestId('email-prompt').getByLabel('Email').fill(owner)
    await page.getByTestId('email-prompt').getByRole('button', { name: 'Save email' }).click()
    const merge = page.getByRole('dialog', { name: 'Email already in use. Please authenticate.' })
    await expect(merge.getByLabel('Email')).toHaveValue(owner)
    await merge.getByRole('button', { name: 'Sign in and merge' }).click()
    await expect(merge.getByText('Please enter both email and password.')).toBeVisible()
    await merge.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await merge.getByRole('button', { name: 'Sign in and merge' }).click()
    await expect(page.getByTestId('auth-notice')).toHaveText(/Successfully merged accounts and logged in\./)
    const stored = await page.evaluate(
      (k) => JSON.parse(localStorage.getItem(k) ?? '{}'),
      constants.storageKeys.user,
    )
    expect(stored.email).toBe(owner)
  })
})

test.describe('sign-in by URL token and social provider (SPEC 2.2)', () => {
  test('/token/callback/:code signs in with a one-time code; the code leaves the address bar, history and Referer', async ({
    page,
    request,
  }) => {
    const { token } = await registerByApi(request, freshEmail('tok'))
    // issue 25: whoever makes the link asks for a one-time code with the session
    const r = await request.post('/api/login-code', { headers: { authorization: `Bearer ${token}` } })
    expect(r.ok()).toBe(true)
    const { code } = (await r.json()) as { code: string }
    const referers: string[] = []
    page.on('request', (q) => referers.push(q.headers().referer ?? ''))
    await page.goto('/terms')
    const doc = await page.goto(`/token/callback/${code}?redirect=/stores`)
    expect(doc?.headers()['referrer-policy']).toBe('no-referrer')
    await expect.poll(() => pathOf(page)).toBe('/stores')
    await expect(page.getByTestId('cash-balance')).toBeVisible()
    expect(page.url()).not.toContain(code)
    await page.goBack()
    await expect.poll(() => pathOf(page)).toBe('/terms')
    expect(page.url()).not.toContain(code)
    await page.goForward()
    await expect.poll(() => pathOf(page)).toBe('/stores')
    expect(referers.filter((x) => x.includes(code))).toEqual([])
    // used once: the same link again does not sign in
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await page.goto(`/token/callback/${code}`)
    await expect.poll(() => pathOf(page)).toBe('/login')
  })
  test('a real login token in /token/callback/ is refused and ends on /login', async ({ page, request }) => {
    const { token } = await registerByApi(request, freshEmail('jwt'))
    await page.goto(`/token/callback/${token}?redirect=/stores`)
    await expect.poll(() => pathOf(page)).toBe('/login')
    await expect(modal(page)).toBeVisible()
    expect(page.url()).not.toContain(token)
    await expect(page.getByTestId('cash-balance')).toHaveCount(0)
  })
  test('a bad token goes to /login', async ({ page }) => {
    await page.goto('/token/callback/bad.token.value')
    await expect.poll(() => pathOf(page)).toBe('/login')
    await expect(modal(page)).toBeVisible()
  })
  test('the development provider signs in end to end and returns to a same-origin page only', async ({
    page,
    baseURL,
  }) => {
    const email = freshEmail('social')
    await page.goto('/oauth/dev?redirect=/stores')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Name').fill('Social Member')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect.poll(() => pathOf(page)).toBe('/stores')
    await expect(page.getByTestId('cash-balance')).toBeVisible()
    expect(page.url()).not.toContain('code=')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => pathOf(page), { timeout: 6000 }).toBe('/')

    await page.goto('/oauth/dev?redirect=//evil.example/x')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByTestId('cash-balance')).toBeVisible()
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin)
    expect(pathOf(page)).toBe('/')
  })
  test('a forged social callback does not sign in', async ({ page }) => {
    await page.goto('/auth/dev/callback?code=eyJlbWFpbCI6ImFAYi5jbyJ9&state=forged.')
    await expect.poll(() => pathOf(page)).toBe('/login')
    await expect(page.getByTestId('auth-notice')).toHaveText(/did not complete/)
  })
  test('/login-full-page-redirect signs in on a page and returns', async ({ page, request }) => {
    const email = freshEmail('full')
    await registerByApi(request, email)
    await page.goto('/login-full-page-redirect?redirect=/stores')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => pathOf(page)).toBe('/stores')
  })
})
