/**
 * Coins on the shipping-partner brand, which does not ship the coins plugin (issue 14): its pages are
 * not found (the static /offers/APP and /offers/GAME included, which would otherwise fall to the
 * catalog's /offers/:type), the catalog's /offers shows no coin offer and no chip to them, and the
 * header has no coin balance.
 */
import { expect } from '@playwright/test'
import { test } from '../fixtures'
import { signedInMember } from '../helpers'

test('the coins pages are not found on shipnow', async ({ page }) => {
  for (const path of [
    '/surveys',
    '/offers/APP',
    '/offers/GAME',
    '/survey/devsurvey/complete',
    '/account/onboarding',
  ]) {
    await page.goto(path)
    await expect(page.getByTestId('not-found'), path).toBeVisible()
  }
})

test('the catalog offers page shows no coin offers and no chip to them', async ({ page }) => {
  await page.goto('/offers')
  await expect(page.getByTestId('offer-card').first()).toBeVisible()
  await expect(page.locator('[data-testid="offer-card"][data-type="APP"]')).toHaveCount(0)
  await expect(page.locator('[data-testid="offer-card"][data-type="GAME"]')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'App offers' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Game offers' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Cash-back offers' })).toBeVisible()
})

test('a signed-in member sees no coin balance in the header', async ({ page, request }) => {
  await signedInMember(page, request, 'shipnow-coins')
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByTestId('header-coins')).toHaveCount(0)
})
