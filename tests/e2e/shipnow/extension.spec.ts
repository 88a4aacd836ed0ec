import { expect, type Page } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test } from '../fixtures'

/**
 * ShipNow's partner has no browser extension (config/partners.json has_extension false): no install
 * prompt, no 'Extension already installed' dialog, no /extension page, where the default brand shows
 * them under the same conditions (a 1280 px Chrome window, no dismissal cookie, no extension marker).
 */
// playwright.config.ts: the default brand's server listens on the port just below shipnow's.
const defaultBrandUrl = (shipnowUrl: string) => {
  const u = new URL(shipnowUrl)
  u.port = String(Number(u.port) - 1)
  return u.origin
}
const prompt = (page: Page) => page.locator('[data-testid^="extension-prompt"]')

test.describe('shipnow: no extension (has_extension false)', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 800 }))

  test('home and a store page show no install prompt; the default brand shows it on the same home', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${defaultBrandUrl(baseURL!)}/`)
    await expect(page.getByTestId('extension-prompt-first')).toBeVisible()

    await page.goto('/')
    // the banner decides when the home screen mounts, before its store tiles arrive
    await expect(page.getByTestId('store-tile').first()).toBeVisible()
    await expect(prompt(page)).toHaveCount(0)
    await page.getByTestId('store-tile').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(prompt(page)).toHaveCount(0)
    await expect(page.locator('a[href="/extension"]')).toHaveCount(0)
  })

  test('ei=true shows no "Extension already installed" dialog; /extension is not a page', async ({
    page,
    baseURL,
  }) => {
    await page.goto(`${defaultBrandUrl(baseURL!)}/?ei=true`)
    await expect(page.getByRole('dialog', { name: 'Extension already installed' })).toBeVisible()

    await page.goto('/?ei=true')
    await expect(page.getByTestId('store-tile').first()).toBeVisible()
    // on the default brand the dialog is up well within the time it stays open
    await page.waitForTimeout(constants.extensionInstalledDialogMs)
    await expect(page.getByRole('dialog', { name: 'Extension already installed' })).toHaveCount(0)
    await page.goto('/extension')
    await expect(page.getByTestId('not-found')).toBeVisible()
    await expect(page.getByTestId('extension-page')).toHaveCount(0)
  })
})
