import { type APIRequestContext, expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import {
  expectNoSeriousAxe as axe,
  freshEmail,
  PASSWORD,
  pathOf,
  registerByApi,
  signedInMember,
} from './helpers'

/** Issue 7, the pages built last: sweepstakes (static page, rules, verify), gift redemption, card update, /upsell2?xd=1. */

const register = (request: APIRequestContext, tag: string) =>
  registerByApi(request, freshEmail(tag), 'Page Tester')
/** Signed in the way a restored session looks (cookie token = stored user's token). */
const member = (page: Page, request: APIRequestContext) =>
  signedInMember(page, request, 'pages', 'Page Tester')

test.describe('sweepstakes', () => {
  test('/sweepstakes is the static page: facts, no external resources, links to the rules in both languages', async ({
    page,
  }) => {
    const foreign: string[] = []
    page.on('request', (r) => {
      if (!r.url().startsWith(test.info().project.use.baseURL!)) foreign.push(r.url())
    })
    await page.goto('/sweepstakes')
    await expect.poll(() => pathOf(page)).toBe('/pages/sweepstakes.html')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Win a $100.00 gift card every month')
    await expect(page.locator('main')).toContainText('No purchase necessary')
    await expect(page.locator('main')).toContainText(`${constants.minimumAge} or older`)
    // the stylesheet next to it applies (the server sets no CSP on static pages, but no inline style is used)
    expect(
      await page.getByRole('link', { name: 'Join free to enter' }).evaluate((a) => getComputedStyle(a).color),
    ).toBe('rgb(255, 255, 255)')
    await axe(page, 'static sweepstakes page')
    expect(foreign).toEqual([])
    await page.getByRole('link', { name: 'Lee las reglas oficiales en español' }).click()
    await expect.poll(() => pathOf(page)).toBe('/sweepstakes-rules?lang=es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Sorteo mensual de tarjetas de regalo: reglas oficiales',
    )
    const rules = page.getByTestId('sweepstakes-rules')
    await expect(rules).toContainText(`${constants.minimumAge} años o más`)
    await expect(rules).toContainText('del 1 de enero de 2026 al 31 de diciembre de 2026')
    await expect(rules).toContainText('No es necesario comprar')
    await axe(page, 'rules es')
  })

  test('the rules in English: eligibility, period, entry, prizes, odds, winners, notice, sponsor', async ({
    page,
  }) => {
    await page.goto(`/sweepstakes-rules?${constants.languageQueryParam}=en`)
    const rules = page.getByTestId('sweepstakes-rules')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Monthly Gift Card Sweepstakes: Official Rules',
    )
    for (const h of [
      'Who can enter',
      'Entry period',
      'How to enter',
      'Prizes',
      'Odds of winning',
      'How winners are picked',
      'How winners are told',
      'Sponsor',
    ]) {
      await expect(rules.getByRole('heading', { level: 2, name: h })).toBeVisible()
    }
    await expect(rules).toContainText(`who are ${constants.minimumAge} or older`)
    await expect(rules).toContainText('50 United States and the District of Columbia')
    await expect(rules).toContainText('No purchase necessary')
    await expect(rules).toContainText(
      'a $100.00 digital gift card. 12 prizes in all, with a total value of $1,200.00',
    )
    await expect(rules).toContainText('sponsored by Rewards Technologies, Inc.')
    await axe(page, 'rules en')
  })

  test('/sweepstakes/verify: missing, malformed and well-formed codes; never claims a confirmation', async ({
    page,
  }) => {
    const verify = page.getByTestId('sweepstakes-verify')
    await page.goto(`/sweepstakes/verify?${constants.languageQueryParam}=en`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your sweepstakes entry')
    await expect(verify.getByRole('alert')).toContainText('This link has no confirmation code')
    await axe(page, 'verify missing')
    await page.goto('/sweepstakes/verify?token=%3Cb%3Ehi%3C%2Fb%3E')
    await expect(verify.getByRole('alert')).toContainText('This confirmation link is not valid')
    await expect(page.locator('b', { hasText: 'hi' })).toHaveCount(0)
    await page.goto('/sweepstakes/verify?token=Abc123Def456Ghi789_-xyz')
    await expect(verify.getByRole('status')).toContainText('We received your confirmation link.')
    await expect(verify).toContainText('cannot tell you whether your entry counts')
    await expect(verify).not.toContainText(/entry is confirmed/i)
    await axe(page, 'verify well-formed')
    await verify.getByRole('link', { name: 'Read the Official Rules' }).click()
    await expect.poll(() => pathOf(page)).toBe('/sweepstakes-rules')
  })
})

test.describe('/gift/redeem (members only)', () => {
  test('a visitor is sent to sign in', async ({ page }) => {
    await page.goto('/gift/redeem')
    await expect.poll(() => pathOf(page)).toBe('/login')
  })

  test('field checks, the server answer under the field, then the demo code with its amount', async ({
    page,
    request,
  }) => {
    await member(page, request)
    await page.goto('/gift/redeem')
    const code = page.getByLabel('Gift card code')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redeem a gift card')
    await axe(page, 'gift form')
    await page.getByRole('button', { name: 'Redeem' }).click()
    await expect(code).toHaveAttribute('aria-invalid', 'true')
    await expect(code).toBeFocused()
    await expect(page.locator('#gift-code-error')).toHaveText('Please enter the gift card code.')
    await code.fill('WELCOME<5>')
    await page.getByRole('button', { name: 'Redeem' }).click()
    await expect(page.locator('#gift-code-error')).toHaveText(
      'A gift card code has only letters, numbers and dashes.',
    )
    await code.fill('NOT-A-REAL-CODE')
    await page.getByRole('button', { name: 'Redeem' }).click()
    await expect(page.locator('#gift-code-error')).toHaveText(
      'This gift card code is not valid or was already used.',
    )
    await expect(code).toHaveValue('NOT-A-REAL-CODE')
    await axe(page, 'gift server error')
    await code.fill('welcome-5-gift')
    await page.getByRole('button', { name: 'Redeem' }).click()
    const ok = page.getByTestId('gift-success')
    await expect(ok).toContainText('Done: $5.00 was added to your cash balance.')
    await expect(ok).toContainText('Your cash balance is now $')
    await expect(ok).toBeFocused()
    await axe(page, 'gift success')
    // the code is used now
    await page.getByRole('button', { name: 'Redeem another code' }).click()
    await page.getByLabel('Gift card code').fill('WELCOME-5-GIFT')
    await page.getByRole('button', { name: 'Redeem' }).click()
    await expect(page.locator('#gift-code-error')).toHaveText(
      'This gift card code is not valid or was already used.',
    )
  })

  test('in Spanish', async ({ page, request }) => {
    await member(page, request)
    await page.goto(`/gift/redeem?${constants.languageQueryParam}=es`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Canjear una tarjeta de regalo')
    await page.getByRole('button', { name: 'Canjear' }).click()
    await expect(page.locator('#gift-code-error')).toHaveText('Escribe el código de la tarjeta de regalo.')
    await page.getByLabel('Código de la tarjeta de regalo').fill('NOPE-NOPE')
    await page.getByRole('button', { name: 'Canjear' }).click()
    await expect(page.locator('#gift-code-error')).toHaveText(
      'Este código de tarjeta de regalo no es válido o ya se usó.',
    )
  })
})

test.describe('/updatepay_method (guests)', () => {
  test('names a known card brand, explains the sign-in, and lands on billing after it', async ({
    page,
    request,
  }) => {
    const m = await register(request, 'card')
    await page.goto('/updatepay_method?brand=visa')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Update your Visa card')
    await expect(page.getByTestId('update-payment')).toContainText('can only be changed after you sign in')
    await axe(page, 'update payment')
    await page.getByRole('button', { name: 'Sign in to update my card' }).click()
    const dialog = page.getByTestId('signin-modal')
    await dialog.getByLabel('Email').fill(m.email)
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect.poll(() => pathOf(page)).toBe('/account/billing')
  })

  test('an unknown or hostile ?brand= is not echoed', async ({ page }) => {
    await page.goto('/updatepay_method?brand=%3Cimg%20src%3Dx%3ECall%20555')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Update your payment card')
    await expect(page.getByTestId('update-payment')).not.toContainText('555')
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
  })

  test('a member is sent to the account (guest-only route)', async ({ page, request }) => {
    await member(page, request)
    await page.goto('/updatepay_method?brand=visa')
    // the guard sends members to /account, which opens its first page
    await expect.poll(() => pathOf(page)).toMatch(/^\/account(\/|$)/)
  })
})

test.describe('/upsell2?xd=1: a member from a partner domain', () => {
  test('a one-time code signs in through the token route, leaves the address bar and history, and the upsell shows', async ({
    page,
    request,
  }) => {
    const m = await register(request, 'xd')
    // issue 25: the partner domain asks for a one-time code with the member's session
    const r = await request.post('/api/login-code', { headers: { authorization: `Bearer ${m.token}` } })
    const { code } = (await r.json()) as { code: string }
    const seen: string[] = []
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname)
    })
    const referers: string[] = []
    page.on('request', (q) => referers.push(q.headers().referer ?? ''))
    await page.goto('/terms')
    const doc = await page.goto(`/upsell2?xd=1&token=${encodeURIComponent(code)}&tpsha1=p1`)
    expect(doc?.headers()['referrer-policy']).toBe('no-referrer')
    await expect.poll(() => pathOf(page)).toBe('/upsell2?tpsha1=p1')
    expect(seen.some((p) => p.startsWith('/token/callback'))).toBe(true)
    expect(page.url()).not.toContain(code)
    expect(referers.filter((x) => x.includes(code))).toEqual([])
    await page.goBack()
    await expect.poll(() => pathOf(page)).toBe('/terms')
    await page.goForward()
    await expect.poll(() => pathOf(page)).toBe('/upsell2?tpsha1=p1')
    const upsell = page.getByTestId('upsell')
    await expect(upsell).toContainText('$4.99 a month')
    await upsell.getByRole('button', { name: 'Yes, add it' }).click()
    // signed in: the card form, not the sign-in dialog
    await expect(page.getByTestId('honest-terms')).toContainText('You pay $4.99 today')
    await axe(page, 'upsell2 xd')
  })

  test('a real login token in ?token= is refused and ends on the sign-in page', async ({ page, request }) => {
    const m = await register(request, 'xd-jwt')
    await page.goto(`/upsell2?xd=1&token=${encodeURIComponent(m.token)}`)
    await expect.poll(() => pathOf(page)).toBe('/login')
    expect(page.url()).not.toContain(m.token)
  })

  test('a bad token goes to the sign-in page, as the token route does', async ({ page }) => {
    await page.goto('/upsell2?xd=1&token=not.a.token')
    await expect.poll(() => pathOf(page)).toBe('/login')
  })
})
