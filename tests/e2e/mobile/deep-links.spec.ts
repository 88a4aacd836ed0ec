/**
 * Deep links that carry no secret (issue 16 part 2, SPEC 2.4) on the iPhone 14 and Pixel 7 profiles.
 *
 * A custom scheme (rewardsapp://…) leaves no request Playwright can see in Chromium, and
 * window.location.assign cannot be replaced (Location is unforgeable), so the core writes the address
 * a navigation hook sent the browser to on `<html data-external-navigation>` before calling
 * location.assign (src/routing/navigation.ts externalLoad); the tests read that attribute. A page
 * that leaves for the app may never fire its load event, so those visits wait for the commit only.
 */
import { type BrowserContext, devices, expect, type Page } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test, tookOver } from '../fixtures'
import { expectNoSeriousAxe, pathOf, registerByApi, restoreSession } from '../helpers'

const MESSAGE = {
  en: 'This sign-in link has expired or was already used. Please sign in.',
  es: 'Este enlace de inicio de sesión ha caducado o ya se usó. Inicia sesión.',
}

const isAndroid = () => test.info().project.name === 'pixel'
/** The app link for a path, as the default brand's config and the device's OS give it. */
const appLink = (destination: string, path: string) =>
  `rewardsapp://${isAndroid() ? `${constants.mobile.androidTokenSegment}/` : ''}${destination}?path=${encodeURIComponent(path)}`

async function inTheApp(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: constants.mobileAppCookieName, value: '1', url: baseURL }])
}
const externalNavigation = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.externalNavigation ?? null)

async function expectWebPage(page: Page, path: string) {
  await expect(page.locator('main h1, h1').first()).toBeVisible()
  expect(pathOf(page)).toBe(path)
  expect(await externalNavigation(page)).toBeNull()
}

test.describe('deep links into the app', () => {
  test('with the mobile-app cookie, a page the app owns opens the app link (first load and a link)', async ({
    page,
    context,
    baseURL,
  }) => {
    await inTheApp(context, baseURL!)
    await page.goto('/offers', { waitUntil: 'commit' })
    await expect.poll(() => externalNavigation(page)).toBe(appLink('Offers', '/offers'))

    // a page the app does not own stays on the web; a link from it to an app page opens the app
    const p2 = await context.newPage()
    await p2.goto('/stores')
    // a page of its own, not the fixture's: wait for the app to take over the drawn /stores, whose
    // static links would leave the page instead of asking the app (issue 17)
    await tookOver(p2)
    await expectWebPage(p2, '/stores')
    // the header's Offers link (hidden behind the phone menu: the click event is what a tap sends)
    await p2.locator('a[href="/offers"]').first().dispatchEvent('click')
    await expect.poll(() => externalNavigation(p2)).toBe(appLink('Offers', '/offers'))
    expect(pathOf(p2)).toBe('/stores') // the in-app navigation did not happen
  })

  test('a page without a destination uses the default one; a destination the app does not know stays on the web', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await inTheApp(context, baseURL!)
    const m = await registerByApi(request)
    await restoreSession(context, baseURL!, m)
    await page.goto('/account/coin/history', { waitUntil: 'commit' })
    await expect
      .poll(() => externalNavigation(page))
      .toBe(appLink(constants.mobile.defaultDestination, '/account/coin/history'))
    const p2 = await context.newPage()
    await p2.goto('/account/settings')
    await expectWebPage(p2, '/account/settings')
  })

  test('without the cookie: the web page', async ({ page }) => {
    await page.goto('/offers')
    await expectWebPage(page, '/offers')
    await expectNoSeriousAxe(page, 'offers without the app cookie')
  })

  test('the mobile-app cookie on a desktop browser is ignored', async ({ browser, baseURL }) => {
    const desktop = await browser.newContext({ ...devices['Desktop Chrome'], baseURL })
    await inTheApp(desktop, baseURL!)
    const page = await desktop.newPage()
    await page.goto('/offers')
    await expectWebPage(page, '/offers')
    await desktop.close()
  })

  test('a signed-in member: the link of a page that needs the session carries a one-time code, never the login token', async ({
    page,
    context,
    baseURL,
    request,
    browser,
  }) => {
    await inTheApp(context, baseURL!)
    const m = await registerByApi(request)
    await restoreSession(context, baseURL!, m)
    await page.goto('/account/withdrawal', { waitUntil: 'commit' })
    await expect.poll(() => externalNavigation(page)).toContain('code=')
    const link = new URL((await externalNavigation(page))!)
    expect(link.protocol).toBe('rewardsapp:')
    expect(link.searchParams.get('path')).toBe('/account/withdrawal')
    expect(link.href).not.toContain(m.token)
    // the app hands the code to /mobile/authorized, which signs in once
    const code = link.searchParams.get('code')!
    const app = await browser.newContext({ ...test.info().project.use, baseURL })
    await inTheApp(app, baseURL!)
    const p = await app.newPage()
    await p.goto(`/mobile/authorized?code=${encodeURIComponent(code)}&next=/mobile/dashboard`)
    await p.waitForURL((u) => u.pathname === '/mobile/dashboard')
    // a login in the app's context sets the redirect-to-app cookie, for the browser session (SPEC 4)
    const toApp = (await app.cookies()).find((c) => c.name === constants.redirectToAppCookieName)
    expect(toApp?.value).toBe('1')
    expect(toApp?.expires).toBe(-1)
    await app.close()
  })
})

test.describe('/mobile/authorized: the one-time code exchange', () => {
  for (const lng of ['en', 'es'] as const) {
    test(`signs in once, goes on to next; a replay lands on /login with the message (${lng})`, async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      const m = await registerByApi(request)
      const r = await request.post('/api/mobile/code', { headers: { authorization: `Bearer ${m.token}` } })
      expect(r.status()).toBe(200)
      const { code } = (await r.json()) as { code: string }
      const url = `/mobile/authorized?code=${encodeURIComponent(code)}&next=%2Fmobile%2Fdashboard&lang=${lng}`
      await page.goto(url)
      await page.waitForURL((u) => u.pathname === '/mobile/dashboard')
      expect(page.url()).not.toContain(code)
      const cookies = await page.context().cookies()
      expect(cookies.find((c) => c.name === constants.loginCookieName)?.value).toBeTruthy()
      const stored = await page.evaluate((k) => localStorage.getItem(k), constants.storageKeys.user)
      expect(JSON.parse(stored!).user_id).toBe(m.user.user_id)
      // not in the app's context: no redirect-to-app cookie
      expect(cookies.find((c) => c.name === constants.redirectToAppCookieName)).toBeUndefined()

      // the same link again, in a fresh browser: refused
      const fresh = await browser.newContext({ ...test.info().project.use, baseURL })
      const p = await fresh.newPage()
      await p.goto(url)
      await p.waitForURL((u) => u.pathname === '/login')
      expect(p.url()).not.toContain(code)
      await expect(p.getByTestId('auth-notice')).toContainText(MESSAGE[lng])
      expect((await fresh.cookies()).find((c) => c.name === constants.loginCookieName)).toBeUndefined()
      await expectNoSeriousAxe(p, `login after a refused code (${lng})`)
      await fresh.close()
    })
  }

  test('a next that is not a same-site path is not followed', async ({ page, request }) => {
    const m = await registerByApi(request)
    const r = await request.post('/api/mobile/code', { headers: { authorization: `Bearer ${m.token}` } })
    const { code } = (await r.json()) as { code: string }
    await page.goto(
      `/mobile/authorized?code=${encodeURIComponent(code)}&next=${encodeURIComponent('https://evil.example/')}`,
    )
    await page.waitForURL((u) => u.pathname === '/mobile/dashboard')
  })

  test('a login token in the link is refused, never used', async ({ page, request }) => {
    const m = await registerByApi(request)
    await page.goto(`/mobile/authorized?token=${encodeURIComponent(m.token)}`)
    await page.waitForURL((u) => u.pathname === '/login')
    expect(page.url()).not.toContain(m.token)
    await expect(page.getByTestId('auth-notice')).toContainText(MESSAGE.en)
  })
})
