/**
 * The pages inside the mobile app (issue 16 part 1, SPEC 2.4) on the iPhone 14 and Pixel 7 profiles:
 * the dashboard in English and Spanish, nonav without the site's chrome, force-login-then-redirect,
 * the Safari install steps, 44 px touch targets, axe clean.
 */
import { expect, type Page } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test } from '../fixtures'
import { expectNoSeriousAxe, freshEmail, PASSWORD, pathOf, registerByApi, signedInMember } from '../helpers'

const T = {
  en: {
    dashboard: 'Dashboard',
    balances: 'Your balances',
    plusOff: 'Plus: not a member',
    tabs: 'App sections',
  },
  es: {
    dashboard: 'Panel',
    balances: 'Tus saldos',
    plusOff: 'Plus: no eres miembro',
    tabs: 'Secciones de la aplicación',
  },
}

/** Every link and button in `scope` is at least 44 x 44 px (WCAG 2.5.5 target size). */
async function expectTapTargets(page: Page, scope: string) {
  const targets = page.locator(`${scope} a:visible, ${scope} button:visible`)
  const n = await targets.count()
  expect(n, `tap targets in ${scope}`).toBeGreaterThan(0)
  for (let i = 0; i < n; i++) {
    const box = await targets.nth(i).boundingBox()
    const name = (await targets.nth(i).textContent())?.trim()
    expect(box, name).not.toBeNull()
    expect(box!.height, `${name} height`).toBeGreaterThanOrEqual(44)
    expect(box!.width, `${name} width`).toBeGreaterThanOrEqual(44)
  }
}

/** Nothing wider than the screen: one column, no sideways scrolling. */
async function expectOneColumn(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(wide).toBeLessThanOrEqual(0)
}

for (const lng of ['en', 'es'] as const) {
  test(`the dashboard of a signed-in member (${lng})`, async ({ page, request }) => {
    const t = T[lng]
    await signedInMember(page, request, 'mobile-dash', 'Dana Mobile')
    await page.goto(`/mobile${lng === 'es' ? `?${constants.languageQueryParam}=es` : ''}`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/mobile/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: t.dashboard })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: t.balances })).toBeVisible()
    await expect(page.getByTestId('cash-payable')).toContainText('$0.00')
    await expect(page.getByTestId('cash-pending')).toContainText('$0.00')
    // the default brand has coins
    await expect(page.getByTestId('coins-payable')).toBeVisible()
    await expect(page.getByTestId('plus-status')).toHaveText(t.plusOff)
    await expect(page.locator('a[href="/mobile/coin_withdrawal"]')).toBeVisible()
    await expect(page.getByRole('navigation', { name: t.tabs })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(0)
    // the page opts into the whole screen, its frame keeps clear of the notch
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/)
    await expectOneColumn(page)
    await expectTapTargets(page, '[data-testid="mobile-tabs"]')
    await expectTapTargets(page, '[data-testid="mobile-shortcuts"]')
    await expectNoSeriousAxe(page, `dashboard ${lng}`)
  })
}

test('a visitor on the dashboard is offered to sign in, which comes back to it', async ({
  page,
  request,
}) => {
  const m = await registerByApi(request, freshEmail('mobile-visitor'))
  await page.goto('/mobile/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expectTapTargets(page, '[data-testid="mobile-sign-in"]')
  await expectNoSeriousAxe(page, 'dashboard visitor')
  await page.getByTestId('mobile-sign-in-link').click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login')
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await dialog.getByLabel('Email').fill(m.email)
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
  // the guard kept /mobile/force-login-then-redirect?next=…, which goes on to the dashboard
  await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/mobile/dashboard')
  await expect(page.getByTestId('cash-payable')).toBeVisible()
})

test('rebates with the tab bar and the footer; nonav without header, footer and tab bar', async ({
  page,
  request,
}) => {
  await signedInMember(page, request, 'mobile-nonav')
  await page.goto('/mobile/rebates')
  await expect(page.getByRole('heading', { level: 1, name: 'Rebates' })).toBeVisible()
  await expect(page.getByTestId('rebate-caps')).toBeVisible()
  await expect(page.getByTestId('mobile-tabs')).toBeVisible()
  await expect(page.getByTestId('mobile-back')).toBeVisible()
  await expectTapTargets(page, '[data-testid="mobile-tabs"]')
  await expectNoSeriousAxe(page, 'rebates')

  await page.goto('/mobile/rebates/nonav')
  await expect(page.getByRole('heading', { level: 1, name: 'Rebates' })).toBeVisible()
  await expect(page.getByTestId('rebate-caps')).toBeVisible()
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.locator('footer')).toHaveCount(0)
  await expect(page.getByTestId('mobile-tabs')).toHaveCount(0)
  await expect(page.getByTestId('mobile-back')).toHaveCount(0)
  await expectOneColumn(page)
  await expectNoSeriousAxe(page, 'rebates nonav')
})

test('subscriptions, billing and coin withdrawal show the account and coins parts', async ({
  page,
  request,
}) => {
  await signedInMember(page, request, 'mobile-parts')
  for (const [path, h1, part] of [
    ['/mobile/subscriptions', 'Memberships', 'subscription-status'],
    ['/mobile/billing', 'Billing', 'card-on-file'],
    ['/mobile/coin_withdrawal', 'Withdraw coins', 'coin-rate'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible()
    await expect(page.getByTestId(part).first()).toBeVisible()
    await expectOneColumn(page)
    await expectTapTargets(page, '[data-testid="mobile-tabs"]')
    await expectNoSeriousAxe(page, path)
  }
})

test('force-login-then-redirect: a visitor is sent to sign in; a member goes on to next, never off-site', async ({
  page,
  request,
}) => {
  await page.goto('/mobile/force-login-then-redirect?next=/mobile/billing')
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login')

  await signedInMember(page, request, 'mobile-force')
  await page.goto('/mobile/force-login-then-redirect?next=/mobile/billing')
  await expect.poll(() => pathOf(page)).toBe('/mobile/billing')
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
  await page.goto('/mobile/force-login-then-redirect?next=//evil.example')
  await expect.poll(() => pathOf(page)).toBe('/mobile/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
})

test('the Safari install steps: 1 by default, next and back, the old address, out of range', async ({
  page,
}) => {
  await page.goto('/mobile-safari/installed')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Step ${constants.defaultInstalledPage} of 4`,
  )
  await expectTapTargets(page, '[data-testid="safari-installed"] nav')
  await expectOneColumn(page)
  await expectNoSeriousAxe(page, 'safari 1')
  await page.getByRole('link', { name: 'Next' }).click()
  await expect.poll(() => pathOf(page)).toBe('/mobile-safari/installed/2')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Step 2 of 4')
  await expectTapTargets(page, '[data-testid="safari-installed"] nav')
  await page.getByRole('link', { name: 'Back' }).click()
  await expect.poll(() => pathOf(page)).toBe('/mobile-safari/installed/1')

  await page.goto('/safari-mobile/2')
  await expect.poll(() => pathOf(page)).toBe('/mobile-safari/installed/2')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Step 2 of 4')

  await page.goto(`/mobile-safari/installed/4?${constants.languageQueryParam}=es`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paso 4 de 4')
  await expect(page.getByRole('link', { name: 'Ir a tu panel' })).toHaveAttribute('href', '/mobile/dashboard')
  await expectNoSeriousAxe(page, 'safari 4 es')

  await page.goto('/mobile-safari/installed/9')
  await expect(page.getByTestId('not-found')).toBeVisible()
})
