import { expect } from '@playwright/test'
import constants from '../../../config/constants.json' with { type: 'json' }
import { test } from '../fixtures'

/** The shipping-partner brand 'shipnow' (ShipNow Rewards): its own terms and privacy policy (SPEC 2.6, 6). */
test.describe('shipping partner legal pages', () => {
  test('terms are the shipping variant, with the shipping rebate from constants', async ({ page }) => {
    await page.goto('/terms')
    const doc = page.getByTestId('legal-document')
    await expect(doc).toHaveAttribute('data-variant', 'shipping')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ShipNow Rewards Terms of Service')
    await expect(page.locator('#shipping-rebates')).toContainText(
      `up to $${constants.shippingRebateMaxPerMonth}.00 a month`,
    )
    await expect(doc).toContainText('shipping add-on')
    await expect(doc).toContainText(`within ${constants.cashbackClaimWindowDays} days of signup`)
    await page.goto('/terms?lang=es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Términos del servicio de ShipNow Rewards',
    )
    await expect(page.locator('#shipping-rebates')).toContainText(
      `hasta $${constants.shippingRebateMaxPerMonth}.00 al mes`,
    )
  })

  test('privacy policy is the shipping variant', async ({ page }) => {
    await page.goto('/privacy-policy')
    await expect(page.getByTestId('legal-document')).toHaveAttribute('data-variant', 'shipping')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ShipNow Rewards Privacy Policy')
    await expect(page.locator('#partner-data')).toContainText('ShipNow')
  })

  test.describe('even for a visitor from the UK', () => {
    test.use({ extraHTTPHeaders: { 'x-country-code': 'GB' } })
    test('the privacy policy stays the shipping variant', async ({ page }) => {
      await page.goto('/privacy-policy')
      await expect(page.getByTestId('legal-document')).toHaveAttribute('data-variant', 'shipping')
    })
  })

  test('the other pages carry the brand name', async ({ page }) => {
    await page.goto('/how-it-works')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How ShipNow Rewards works')
    await page.goto('/faq?lang=es')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preguntas frecuentes')
    await expect(page.getByTestId('footer-links').getByRole('link')).toHaveCount(11)
  })
})
