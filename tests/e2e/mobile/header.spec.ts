/**
 * The compact phone header (issue 17) on the iPhone 14 and Pixel 7 profiles: one row of about 56 px
 * (logo, menu, search, one sign-in action), so the first store tile is on the first screen; the menu
 * and the search are disclosures; a visitor's one action opens the sign-in dialog (Join is its other
 * tab); a member's balance button opens the balance link and Sign out. Screenshots go to each test's
 * output folder.
 */
import { expect, type Page } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test } from '../fixtures'
import { expectNoSeriousAxe, pathOf, signedInDemo, signedInMember } from '../helpers'

const T = {
  en: {
    menu: 'Menu',
    search: 'Search stores',
    signIn: 'Sign in',
    join: 'Join',
    home: 'Rewards home',
    topStores: 'Top stores',
    links: ['Stores', 'Coupons', 'Products', 'Offers'],
  },
  es: {
    menu: 'Menú',
    search: 'Buscar tiendas',
    signIn: 'Iniciar sesión',
    join: 'Únete',
    home: 'Inicio de Rewards',
    topStores: 'Tiendas principales',
    links: ['Tiendas', 'Cupones', 'Productos', 'Ofertas'],
  },
}

const header = (page: Page) => page.getByRole('banner')

/**
 * Opens `path` and waits until the app has drawn: the server may send a first paint of the page
 * (#first-paint) that the app's own tree replaces, and ids read from it would not be the app's.
 */
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('#first-paint')).toHaveCount(0)
  await expect(page.locator('#root')).toBeVisible()
}
const main = (page: Page) => header(page).getByRole('navigation', { name: /^(Main|Principal)$/ })

/** Every visible link and button of the header is at least 44 x 44 px. */
async function expectTapTargets(page: Page) {
  const targets = header(page).locator('a:visible, button:visible, input:visible')
  const n = await targets.count()
  expect(n).toBeGreaterThan(0)
  for (let i = 0; i < n; i++) {
    const t = targets.nth(i)
    const box = (await t.boundingBox())!
    const name = (await t.getAttribute('aria-label')) ?? (await t.textContent())?.trim()
    expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44)
    expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44)
  }
}

for (const lng of ['en', 'es'] as const) {
  test(`home on a phone: a one-row header, the first store on the first screen (${lng})`, async ({
    page,
  }, testInfo) => {
    const t = T[lng]
    await open(page, lng === 'es' ? `/?${constants.languageQueryParam}=es` : '/')
    const topStores = page.getByRole('region', { name: t.topStores })
    const firstTile = topStores.getByTestId('store-tile').first()
    await expect(firstTile).toBeVisible()

    const box = (await header(page).boundingBox())!
    expect(box.height).toBeLessThanOrEqual(72)
    expect(box.width).toBe(page.viewportSize()!.width)
    const tile = (await firstTile.boundingBox())!
    expect(tile.y).toBeLessThan(844)
    await expect(firstTile).toBeInViewport()
    testInfo.annotations.push({
      type: 'measured',
      description: `${testInfo.project.name} ${lng}: header ${box.height} px, first Top stores tile at y=${tile.y}`,
    })

    // one row: logo (its name kept for assistive technology), menu, search, one sign-in action
    await expect(header(page).getByRole('link', { name: t.home })).toBeVisible()
    await expect(main(page).getByRole('button', { name: t.menu })).toBeVisible()
    await expect(main(page).getByRole('button', { name: t.search })).toBeVisible()
    await expect(header(page).getByRole('link', { name: t.links[0]!, exact: true })).toBeHidden()
    await expect(header(page).getByRole('searchbox')).toBeHidden()
    const actions = page.getByTestId('auth-header')
    await expect(actions.getByRole('button')).toHaveCount(1)
    await expect(actions.getByRole('button', { name: t.signIn })).toBeVisible()
    await expect(actions.getByRole('button', { name: t.join })).toBeHidden()
    for (const el of await header(page).locator('a:visible, button:visible').all()) {
      const b = (await el.boundingBox())!
      expect(Math.abs(b.y + b.height / 2 - (box.y + box.height / 2)), 'all in one row').toBeLessThan(4)
    }
    await expectTapTargets(page)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await expectNoSeriousAxe(page, `header ${lng}`, 'header')
    await page.screenshot({ path: testInfo.outputPath(`home-${lng}.png`) })
  })
}

test('the menu button opens the catalog links; Escape and a followed link close it', async ({
  page,
}, testInfo) => {
  const t = T.en
  await open(page, '/')
  const button = main(page).getByRole('button', { name: t.menu })
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('link')).toHaveText(t.links)
  // the panel hangs below the header, over the page, its links finger-sized
  const head = (await header(page).boundingBox())!
  const p = (await panel.boundingBox())!
  expect(Math.abs(p.y - (head.y + head.height))).toBeLessThanOrEqual(1)
  for (const link of await panel.getByRole('link').all())
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expectNoSeriousAxe(page, 'menu open', 'header')
  await page.screenshot({ path: testInfo.outputPath('menu-open.png') })

  // Tab goes from the button into the links; Escape closes and focus is back on the button
  await button.focus()
  await page.keyboard.press('Tab')
  await expect(panel.getByRole('link', { name: t.links[0]! })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()

  // a link followed goes there and closes the menu
  await button.click()
  await panel.getByRole('link', { name: 'Coupons' }).click()
  await expect.poll(() => pathOf(page)).toBe('/coupons')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(panel).toBeHidden()
  await expect(button).toBeFocused()

  // a press outside closes it too
  await button.click()
  await expect(panel).toBeVisible()
  await page.mouse.click(4, 400)
  await expect(panel).toBeHidden()
})

test('the search button opens one focused field; a query goes to /stores?q=', async ({ page }, testInfo) => {
  await open(page, '/')
  const button = main(page).getByRole('button', { name: T.en.search })
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const field = header(page).getByRole('searchbox', { name: 'Search stores' })
  await expect(field).toBeVisible()
  await expect(field).toBeFocused()
  const box = (await field.boundingBox())!
  expect(box.height).toBeGreaterThanOrEqual(44)
  expect(box.height).toBeLessThanOrEqual(56)
  await page.screenshot({ path: testInfo.outputPath('search-open.png') })
  await page.keyboard.press('Escape')
  await expect(field).toBeHidden()
  await expect(button).toBeFocused()

  await button.click()
  await field.fill('shell')
  await field.press('Enter')
  await expect.poll(() => pathOf(page)).toBe('/stores?q=shell')
  await expect(page.getByTestId('store-tile').first()).toContainText('Shell')
  await expect(field).toBeHidden()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
})

test("a visitor's one sign-in action opens the sign-in dialog, which offers Join", async ({ page }) => {
  await open(page, '/')
  await page.getByTestId('auth-header').getByRole('button', { name: 'Sign in' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign in' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true')
  await dialog.getByRole('tab', { name: 'Join free' }).click()
  await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible()
})

test("a member's balance button opens the balance link and Sign out", async ({ page, request }, testInfo) => {
  await signedInMember(page, request, 'phone-header')
  await open(page, '/')
  await expect(
    page.getByRole('region', { name: 'Top stores' }).getByTestId('store-tile').first(),
  ).toBeInViewport()
  const head = (await header(page).boundingBox())!
  expect(head.height).toBeLessThanOrEqual(72)
  const button = page.getByRole('button', { name: /^Account menu, cash balance \$0\.00/ })
  await expect(button).toHaveText('$0.00')
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden()
  await expectTapTargets(page)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
  await page.screenshot({ path: testInfo.outputPath('member.png') })

  await button.click()
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  const panel = page.locator(`#${await button.getAttribute('aria-controls')}`)
  await expect(panel.getByTestId('cash-balance')).toHaveText('$0.00')
  await expect(panel.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expectNoSeriousAxe(page, 'account panel', 'header')
  await page.screenshot({ path: testInfo.outputPath('member-panel.png') })
  await page.keyboard.press('Escape')
  await expect(panel.getByRole('button', { name: 'Sign out' })).toBeHidden()
  await expect(button).toBeFocused()

  await button.click()
  await panel.getByRole('link', { name: /Cash balance/ }).click()
  await expect.poll(() => pathOf(page)).toMatch(/^\/account/)
  await expect(button).toHaveAttribute('aria-expanded', 'false')

  await button.click()
  await panel.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByTestId('auth-header').getByRole('button', { name: 'Sign in' })).toBeVisible({
    timeout: 10_000,
  })
})

test("a member's balance, coins and unread count stay in the one row, down to 360 px", async ({
  page,
  request,
}, testInfo) => {
  // the demo member has a cash balance, coins and unread messages
  await signedInDemo(page, request, testInfo.project.use.baseURL!)
  const width = page.viewportSize()!.width
  for (const w of [width, 360]) {
    await page.setViewportSize({ width: w, height: 800 })
    await open(page, '/')
    const account = page.getByRole('button', { name: /^Account menu, cash balance/ })
    await expect(account).toHaveText(/^\$\d/)
    await expect(page.getByTestId('header-coins')).toBeVisible()
    await expect(page.getByTestId('unread-badge')).toBeVisible()
    const head = (await header(page).boundingBox())!
    expect(head.height, `header at ${w} px`).toBeLessThanOrEqual(72)
    for (const item of [account, page.getByTestId('header-coins'), page.getByTestId('unread-badge')]) {
      const b = (await item.boundingBox())!
      expect(
        Math.abs(b.y + b.height / 2 - (head.y + head.height / 2)),
        `in the one row at ${w} px`,
      ).toBeLessThan(4)
    }
    await expectTapTargets(page)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await page.screenshot({ path: testInfo.outputPath(`member-balances-${w}.png`) })
  }
})

test.describe('before the app starts', () => {
  test.use({ javaScriptEnabled: false })
  test('the header the server draws is the same compact row (CSS alone)', async ({ page }, testInfo) => {
    await page.goto('/')
    const banner = page.getByRole('banner')
    // the server draws the header of home (issue 17 page paints)
    await expect(banner).toHaveCount(1)
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(72)
    await expect(banner.getByRole('button', { name: T.en.menu })).toBeVisible()
    await expect(banner.getByRole('button', { name: T.en.search })).toBeVisible()
    await expect(banner.getByRole('link', { name: 'Stores', exact: true })).toBeHidden()
    await expect(banner.getByRole('searchbox')).toBeHidden()
    await expect(banner.getByRole('button', { name: 'Join' })).toBeHidden()
    await page.screenshot({ path: testInfo.outputPath('server-drawn.png') })
  })
})
