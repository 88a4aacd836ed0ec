import { type Browser, expect, type Page, test } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { watchTakeOver } from './observers'

// ARCHITECTURE budgets (Lighthouse 95 on a lander) and issue 7 (a lander's first screen is fast): the
// server sends a lander's hero as HTML (src/first-paint); the app replaces it without moving anything.
const LANDER = '/spl/spland1'
const TITLE = 'Get $25.00 cash back on your first order'

/** Opens `path` with scripts off (what the server sent, as drawn) and runs `look` on it. */
async function withoutScripts<T>(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  look: (page: Page) => Promise<T>,
): Promise<T> {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    const page = await ctx.newPage()
    expect((await page.goto(path))?.ok()).toBe(true)
    return await look(page)
  } finally {
    await ctx.close()
  }
}

test('a lander’s hero is on screen, styled, before any script runs', async ({ browser, baseURL }) => {
  await withoutScripts(browser, baseURL, LANDER, async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
    const badge = page.getByText('$25.00 first-order cash back')
    // the brand's accent (config/brands/default.json), from the lander's own stylesheet
    await expect(badge).toHaveCSS('background-color', 'rgb(245, 180, 0)')
  })
})

test('the app takes over from the first paint without a layout shift or a later largest paint', async ({
  browser,
  baseURL,
}) => {
  const before = await withoutScripts(browser, baseURL, LANDER, (page) =>
    page.getByRole('heading', { level: 1 }).boundingBox(),
  )

  const ctx = await browser.newContext({ baseURL })
  const page = await ctx.newPage()
  const measured = await watchTakeOver(page)
  await page.goto(LANDER)
  await expect(page.getByRole('button', { name: 'I am 18 or older: I agree' })).toBeVisible()
  await expect(page.locator('#first-paint')).toHaveCount(0)
  expect(await page.getByRole('heading', { level: 1, name: TITLE }).boundingBox()).toEqual(before)
  await page.waitForTimeout(300)
  const m = await measured()
  expect(m.shift).toBe(0)
  expect(m.revealedAt).toBeGreaterThan(0)
  expect(m.lcp.length).toBeGreaterThan(0)
  // every largest-paint candidate came from the first paint, before the app showed
  expect(Math.max(...m.lcp)).toBeLessThan(m.revealedAt)
  await ctx.close()
})

test('?lang=es sends the Spanish first paint; a visitor who chose Spanish before gets the app in Spanish', async ({
  browser,
  baseURL,
}) => {
  await withoutScripts(browser, baseURL, `${LANDER}?lang=es`, async (page) => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Obtén $25.00 de reembolso en tu primer pedido',
    )
  })

  const ctx = await browser.newContext({ baseURL })
  await ctx.addInitScript((key) => window.localStorage.setItem(key, 'es'), constants.storageKeys.locale)
  const page = await ctx.newPage()
  await page.goto(LANDER)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Obtén $25.00 de reembolso en tu primer pedido',
  )
  await expect(page.locator('#first-paint')).toHaveCount(0)
  await ctx.close()
})

test('pages without a first paint get the plain shell', async ({ request }) => {
  const home = await request.get('/coupons', { headers: { accept: 'text/html' } })
  const html = await home.text()
  expect(html).toContain('<div id="root"></div>')
  expect(html).not.toContain('id="first-paint"')
})
