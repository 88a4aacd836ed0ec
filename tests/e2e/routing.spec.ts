import { expect } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { pathOf, signIn } from './helpers'

test.describe('redirects (SPEC 2.2, 2.4, 2.6)', () => {
  /** from, where it lands, and the screen routes.json names there, by its test id. */
  const table: [from: string, to: string, screen: { testId: string }][] = [
    ['/category', '/stores', { testId: 'stores-page' }],
    ['/category/grocery', '/stores/grocery', { testId: 'stores-page' }],
    ['/hotoffer/grocery', '/coupons/grocery', { testId: 'coupons-page' }],
    ['/media-coverage', '/news', { testId: 'news-list' }],
    ['/doordash', '/doordash-coupons', { testId: 'store-page' }],
    ['/confirm/abc123', '/verify/abc123', { testId: 'verify-page' }],
    ['/mobile', '/mobile/dashboard', { testId: 'mobile-dashboard' }],
    ['/safari-mobile/2', '/mobile-safari/installed/2', { testId: 'safari-installed' }],
    ['/safari-mobile/installed/2', '/mobile-safari/installed/2', { testId: 'safari-installed' }],
    ['/safari-mobile', '/mobile-safari/installed/1', { testId: 'safari-installed' }],
    ['/ups/sfupsell2', '/upsell2', { testId: 'lander' }],
  ]
  for (const [from, to, screen] of table) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from)
      await expect.poll(() => pathOf(page)).toBe(to)
      await expect(page.getByTestId('not-found')).toHaveCount(0)
      await expect(page.getByTestId(screen.testId)).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    })
  }
  test('/ups/sfupsell2 shows the upsell2 lander', async ({ page }) => {
    await page.goto('/ups/sfupsell2')
    await expect(page.getByTestId('lander')).toHaveAttribute('data-lander', 'upsell2')
  })
  test('a marketing redirect keeps the query (attribution parameters)', async ({ page }) => {
    await page.goto('/category/food?sid=20260101_fb&cid=spring')
    await expect.poll(() => pathOf(page)).toBe('/stores/food?sid=20260101_fb&cid=spring')
  })
  test('/sweepstakes leaves the app for its static landing page', async ({ page }) => {
    await page.goto('/sweepstakes')
    await expect.poll(() => pathOf(page)).toBe('/pages/sweepstakes.html')
    await expect(page).toHaveTitle(/Sweepstakes/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })
})

test.describe('guards (SPEC 2.1, 2.7, 2.8)', () => {
  test('auth: a visitor is recorded, the wanted path kept, then a full-page load of /login', async ({
    page,
  }) => {
    const beacon = page.waitForRequest((r) => r.url().includes('/api/elk?action=unauthenticated_attempt'))
    await page.goto(`/account/profile?tab=2&${constants.referenceQueryParam}=idp`)
    await expect.poll(() => pathOf(page)).toBe('/login')
    // the event leaves as a beacon, which survives the full-page load (its body is checked in unit tests)
    expect((await beacon).method()).toBe('POST')
    const stored = await page.evaluate(({ a, b }) => [localStorage.getItem(a), localStorage.getItem(b)], {
      a: constants.storageKeys.loginRedirect,
      b: constants.storageKeys.redirectedFromIdentity,
    })
    expect(stored).toEqual([`/account/profile?tab=2&${constants.referenceQueryParam}=idp`, '1'])
    await expect(page.getByTestId('signin-modal')).toHaveAttribute('data-tab', 'login')
  })
  test('auth: no reference parameter, no flag', async ({ page }) => {
    await page.goto('/gift/redeem')
    await expect.poll(() => pathOf(page)).toBe('/login')
    expect(
      await page.evaluate((k) => localStorage.getItem(k), constants.storageKeys.redirectedFromIdentity),
    ).toBeNull()
  })
  test('auth on the first load leaves no Back-button loop', async ({ page }) => {
    await page.goto('/terms')
    await page.goto('/account/billing')
    await expect.poll(() => pathOf(page)).toBe('/login')
    await page.goBack()
    await expect.poll(() => pathOf(page)).toBe('/terms')
  })
  for (const from of [
    '/settings',
    '/notification',
    '/withdraw-money',
    '/account/order-protection',
    '/account',
  ]) {
    test(`legacy redirect ${from} needs sign-in`, async ({ page }) => {
      await page.goto(from)
      await expect.poll(() => pathOf(page)).toBe('/login')
    })
  }
  test('/awesome sends a visitor to /thankyou', async ({ page }) => {
    await page.goto('/awesome')
    await expect.poll(() => pathOf(page)).toBe('/thankyou')
  })
  test('/register shows home with the register tab', async ({ page }) => {
    await page.goto('/register')
    await expect(page.getByTestId('signin-modal')).toHaveAttribute('data-tab', 'register')
  })

  test.describe('signed in', () => {
    test.beforeEach(async ({ context, baseURL }) => signIn(context, baseURL!))
    const table: [string, string][] = [
      ['/login', '/account/purchase-history'],
      ['/register', '/account/purchase-history'],
      ['/updatepay_method', '/account/purchase-history'],
      ['/settings', '/account/settings'],
      ['/notification', '/account/notifications'],
      ['/withdraw-money', '/account/withdrawal'],
      ['/account/order-protection', '/account/protection/accounts'],
      ['/account/protection', '/account/protection/accounts'],
      ['/awesome', '/awesome'],
      ['/account/profile', '/account/profile'],
    ]
    for (const [from, to] of table) {
      test(`${from} goes to ${to}`, async ({ page }) => {
        await page.goto(from)
        await expect.poll(() => pathOf(page)).toBe(to)
        await expect(page.getByTestId('not-found')).toHaveCount(0)
      })
    }
  })
})

test.describe('not found (SPEC 2.1)', () => {
  for (const path of ['/this/does/not/exist', '/stores/food/extra/deep', '/account/nope/nope']) {
    test(`${path} shows the not-found page inside the layout`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      await expect(page.getByRole('banner')).toBeVisible()
      await expect(page.getByRole('contentinfo')).toBeVisible()
    })
  }
})

test.describe('language (SPEC 1)', () => {
  test('?lang=es switches to Spanish, stores es, and it sticks', async ({ page }) => {
    await page.goto('/this-page/does-not-exist?lang=es')
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
    expect(await page.evaluate((k) => localStorage.getItem(k), constants.storageKeys.locale)).toBe('es')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await page.goto('/this-page/does-not-exist')
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
  })
  test('the footer switch changes the language in place', async ({ page }) => {
    await page.goto('/nowhere/at-all')
    await page.getByRole('button', { name: 'Español' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  })
})
