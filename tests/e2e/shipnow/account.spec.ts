/**
 * A brand without the coins plugin (shipnow): no coin page, no link to one in the account menu, and
 * none of their code in its build.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect } from '@playwright/test'
import { test } from '../fixtures'
import { signedInMember } from '../helpers'

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  )
}

test('shipnow: no coin page, no coin link in the account menu, no coin page code in the build', async ({
  page,
  request,
}) => {
  await signedInMember(page, request, 'shipnow-ledger')
  await page.goto('/account/purchase-history')
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeVisible()
  const menu = page.getByRole('navigation', { name: 'Pages in this section' })
  await expect(menu.getByRole('link', { name: 'Withdraw cash' })).toBeVisible()
  await expect(menu.getByRole('link', { name: /coin/i })).toHaveCount(0)
  await expect(page.locator('a[href*="coin"]')).toHaveCount(0)
  for (const path of ['/account/coin/history', '/account/withdrawal-coin']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  }
  const dist = resolve(process.env.DIST_ROOT || 'dist', 'shipnow')
  const code = files(dist).map((f) => readFileSync(f, 'utf8'))
  expect(code.length).toBeGreaterThan(0)
  for (const marker of ['coin-withdrawal-page', 'coin-history', '/api/account/ledger?currency=coin'])
    expect(
      code.filter((c) => c.includes(marker)),
      marker,
    ).toHaveLength(0)
})
