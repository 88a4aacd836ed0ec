/**
 * The header on a laptop or tablet screen, 900 px and wider: one row (logo, the catalog links, the
 * search, the actions), as it is on a phone (tests/e2e/mobile/header.spec.ts). A member's verify, balance
 * and sign out need about 450 px: from 1200 px they stand in the row; below it they are the balance
 * button's panel, as on a phone. Between 900 and 1000 px the logo stands without the brand's name.
 */
import { expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import { expectNoSeriousAxe, signedInMember } from './helpers'

const header = (page: Page) => page.getByRole('banner')

/** The header is one row: no taller than a row of 44 px targets and its padding, and nothing below it. */
async function expectOneRow(page: Page, what: string) {
  const head = (await header(page).boundingBox())!
  expect(head.height, `${what}: header height`).toBeLessThanOrEqual(72)
  const search = (await header(page).getByRole('search').boundingBox())!
  expect(
    Math.abs(search.y + search.height / 2 - (head.y + head.height / 2)),
    `${what}: search in the row`,
  ).toBeLessThan(4)
  expect(search.width, `${what}: search width`).toBeGreaterThanOrEqual(200)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${what}: no sideways scroll`,
  ).toBeLessThanOrEqual(0)
}

test("a member's header is one row from 900 px: the balance button below 1200 px, verify and sign out in the row from 1200 px", async ({
  page,
  request,
}, testInfo) => {
  await signedInMember(page, request, 'laptop-header')
  for (const width of [900, 1000, 1100, 1199, 1200, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/stores')
    const account = page.getByRole('button', { name: /^Account menu, cash balance \$0\.00/ })
    const signOut = header(page).getByRole('button', { name: 'Sign out' })
    if (width < 1200) {
      await expect(account).toBeVisible()
      await expect(signOut).toBeHidden()
    } else {
      await expect(account).toBeHidden()
      await expect(signOut).toBeVisible()
      await expect(header(page).getByRole('button', { name: 'Verify email' })).toBeVisible()
      await expect(header(page).getByTestId('cash-balance')).toHaveText('$0.00')
    }
    await expect(header(page).getByText('Rewards', { exact: true })).toBeVisible({ visible: width >= 1000 })
    await expectOneRow(page, `member at ${width} px`)
    await page.screenshot({ path: testInfo.outputPath(`member-${width}.png`) })
  }

  // below 1200 px the panel opens under the header, Escape closes it and gives the focus back
  await page.setViewportSize({ width: 1000, height: 800 })
  await page.goto('/stores')
  const account = page.getByRole('button', { name: /^Account menu, cash balance/ })
  await account.click()
  await expect(account).toHaveAttribute('aria-expanded', 'true')
  const panel = page.locator(`#${await account.getAttribute('aria-controls')}`)
  await expect(panel.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Verify email' })).toBeVisible()
  const head = (await header(page).boundingBox())!
  expect((await panel.boundingBox())!.y).toBeGreaterThanOrEqual(head.y + head.height - 1)
  await expectNoSeriousAxe(page, 'account panel at 1000 px', 'header')
  await page.screenshot({ path: testInfo.outputPath('member-1000-panel.png') })
  await page.keyboard.press('Escape')
  await expect(panel.getByRole('button', { name: 'Sign out' })).toBeHidden()
  await expect(account).toBeFocused()
})

test("a visitor's header is one row from 900 px, with Sign in and Join", async ({ page }, testInfo) => {
  for (const width of [900, 1000, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/stores')
    await expect(header(page).getByRole('button', { name: 'Sign in' })).toBeVisible()
    await expect(header(page).getByRole('button', { name: 'Join' })).toBeVisible()
    await expectOneRow(page, `visitor at ${width} px`)
    await page.screenshot({ path: testInfo.outputPath(`visitor-${width}.png`) })
  }
})
