/**
 * Protection (issue 15) in Chromium, against `npm start` with the development provider standing in for
 * the retailers: a member links Amazon through the provider's consent page (never a password on our
 * page), the orders arrive, a price drop staged at the provider becomes a claim that is found, filed,
 * approved and paid to the ledger; the package page shows each parcel's scans and expected day; the
 * consent callback refuses a wrong state and a replayed code with a clear message and links nothing; a
 * provider outage leaves the last known orders on screen with a notice. English and Spanish, axe on
 * every protection screen.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import coreEn from '../../locales/en/core-on-demand.json' with { type: 'json' }
import en from '../../locales/en/protection.json' with { type: 'json' }
import coreEs from '../../locales/es/core-on-demand.json' with { type: 'json' }
import es from '../../locales/es/protection.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, pathOf, type Registered, signedInMember } from './helpers'

type Texts = typeof en
const bearer = (m: Registered) => ({ headers: { Authorization: `Bearer ${m.token}` } })

/** i18next's {{name}} filled in, as the page shows it. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''))

async function linkedAccounts(request: APIRequestContext, m: Registered) {
  const r = await request.get('/api/linked/accounts', bearer(m))
  expect(r.ok()).toBe(true)
  return ((await r.json()) as { data: { provider: string; manage_url: string | null }[] }).data
}

/** From the linked accounts page through the provider's consent page and back (the OAuth-style flow). */
async function linkAmazon(page: Page, t: Texts, lang = '') {
  await page.goto(`/account/protection/accounts${lang}`)
  await expect(page.getByRole('heading', { level: 1, name: t.accounts.title })).toBeVisible()
  await page.getByRole('button', { name: fill(t.accounts.link, { provider: 'Amazon' }) }).click()
  // the provider's own page (another site: English whatever our language), where the member consents
  await expect(page.getByRole('heading', { name: 'Allow Rewards to read your Amazon orders?' })).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/dev-provider/oauth/authorize')
  await expect(page.locator('input[type="password"]')).toHaveCount(0)
  await page.getByRole('button', { name: 'Allow' }).click()
  await expect.poll(() => pathOf(page)).toBe('/order-protection-link?success=1&provider=amazon')
  await expect(
    page.getByRole('heading', { level: 1, name: fill(t.link.successTitle, { provider: 'Amazon' }) }),
  ).toBeVisible()
}

/** The development provider's account page, where the tests stage what happens at the retailer. */
async function atProvider(page: Page, request: APIRequestContext, m: Registered, action: string) {
  const amazon = (await linkedAccounts(request, m)).find((a) => a.provider === 'amazon')
  expect(amazon?.manage_url).toBeTruthy()
  await page.goto(amazon!.manage_url!)
  await page.getByRole('button', { name: action }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

async function checkNow(page: Page, t: Texts) {
  await page.getByRole('button', { name: t.check.button }).click()
  await expect(page.getByRole('status').filter({ hasText: t.check.done.split('.')[0]! })).toBeVisible()
}

for (const [lng, t, q] of [
  ['English', en, ''],
  ['Spanish', es, '?lang=es'],
] as const) {
  test.describe(`protection (${lng})`, () => {
    test('a member links the development provider, orders arrive, a price drop becomes a claim that is paid to the ledger', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000)
      const m = await signedInMember(page, request, 'protect')
      await linkAmazon(page, t, q)
      await expectNoSeriousAxe(page, '/order-protection-link')

      // the account is listed, and its orders arrived with the link
      await page.goto('/account/protection/accounts')
      await expect(page.getByTestId('linked-amazon')).toBeVisible()
      await expect(
        page.getByRole('button', { name: fill(t.accounts.unlink, { provider: 'Amazon' }) }),
      ).toBeVisible()
      await expectNoSeriousAxe(page, '/account/protection/accounts')

      await page.goto('/account/protection/price')
      await expect(page.getByRole('heading', { level: 1, name: t.watch.price.title })).toBeVisible()
      const orders = page.getByTestId('watched-order')
      await expect(orders.first()).toBeVisible()
      expect(await orders.count()).toBeGreaterThanOrEqual(1)
      await expect(page.getByTestId('claim')).toHaveCount(0)
      await expectNoSeriousAxe(page, '/account/protection/price')

      // the retailer lowers the price of the newest order; the next check finds it
      await atProvider(page, request, m, 'Drop a price')
      await page.goto('/account/protection/price')
      await checkNow(page, t)
      const claim = page.getByTestId('claim').first()
      await expect(claim).toBeVisible()
      const steps = claim.getByTestId('claim-timeline').getByRole('listitem')
      await expect(steps).toHaveCount(4)
      for (const [i, s] of (['found', 'filed', 'approved', 'paid'] as const).entries())
        await expect(steps.nth(i)).toContainText(t.status[s])
      // approved by the development provider, a stand-in: the refund is test money, and says so
      await expect(claim.getByTestId('test-money')).toContainText(
        (lng === 'English' ? coreEn : coreEs).testMoney.label,
      )
      await expect(page.getByTestId('recovered-year')).not.toContainText('$0.00')
      await expectNoSeriousAxe(page, '/account/protection/price with a claim')

      // the refund is a row of the member's ledger, and part of the payable balance
      const claims = (await (await request.get('/api/protection/claims?kind=price', bearer(m))).json()) as {
        data: { amount_cents: number; status: string }[]
      }
      expect(claims.data).toHaveLength(1)
      expect(claims.data[0]!.status).toBe('paid')
      const ledger = (await (
        await request.get('/api/account/ledger?kind=protection_refund', bearer(m))
      ).json()) as { data: { amount: number; status: string }[] }
      expect(ledger.data.map((r) => [r.amount, r.status])).toEqual([
        [claims.data[0]!.amount_cents, 'payable'],
      ])
      // and the member sees it in the purchase history with its kind
      await page.goto(`/account/purchase-history${q}`)
      await expect(page.getByTestId('ledger-row').first()).toContainText(
        lng === 'English' ? 'Protection refund' : 'Reembolso de protección',
      )
    })

    test('the package page shows each parcel with its carrier, scans and expected day; a lost parcel becomes a claim', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000)
      const m = await signedInMember(page, request, 'parcel')
      await linkAmazon(page, t, q)
      await page.goto('/account/protection/package')
      await expect(page.getByRole('heading', { level: 1, name: t.package.title })).toBeVisible()
      const parcels = page.getByTestId('parcel')
      await expect(parcels.first()).toBeVisible()
      // a parcel still on its way has an expected day and carrier scans in order
      const moving = parcels.filter({ has: page.getByTestId('parcel-expected') }).first()
      await expect(moving).toBeVisible()
      await expect(moving.getByTestId('parcel-timeline').getByRole('listitem').first()).toBeVisible()
      await expect(moving).toContainText(/UPS|USPS|FedEx/)
      await expectNoSeriousAxe(page, '/account/protection/package')

      await atProvider(page, request, m, 'Lose a parcel')
      await page.goto('/account/protection/package')
      await checkNow(page, t)
      await expect(
        page
          .getByTestId('parcel')
          .getByText(new RegExp(`${t.status.paid}|${t.status.filed}`))
          .first(),
      ).toBeVisible()
      const claims = (await (await request.get('/api/protection/claims?kind=package', bearer(m))).json()) as {
        data: unknown[]
      }
      expect(claims.data).toHaveLength(1)
    })
  })
}

test.describe('protection: bad input and outages', () => {
  test('a consent callback with a wrong state, and a replayed code, are refused with a clear message and link nothing', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const m = await signedInMember(page, request, 'badstate')
    await page.goto('/api/linked/callback?code=made-up&state=not-a-state-we-made')
    await expect.poll(() => pathOf(page)).toBe('/order-protection-link?success=0&reason=state')
    await expect(page.getByRole('heading', { level: 1, name: en.link.failedTitle })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText(en.link.reason.state)
    await expectNoSeriousAxe(page, '/order-protection-link (refused)')
    expect(await linkedAccounts(request, m)).toEqual([])

    // a real link, then the same provider answer (code and state) sent again
    await page.goto('/account/protection/accounts')
    await page.getByRole('button', { name: fill(en.accounts.link, { provider: 'Amazon' }) }).click()
    await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible()
    let callback = ''
    page.on('request', (r) => {
      if (r.url().includes('/api/linked/callback')) callback = r.url()
    })
    await page.getByRole('button', { name: 'Allow' }).click()
    await expect.poll(() => pathOf(page)).toBe('/order-protection-link?success=1&provider=amazon')
    expect(callback).toContain('code=')
    await page.goto(callback)
    await expect.poll(() => pathOf(page)).toBe('/order-protection-link?success=0&reason=replay')
    await expect(page.getByRole('alert')).toHaveText(en.link.reason.replay)
    expect((await linkedAccounts(request, m)).map((a) => a.provider)).toEqual(['amazon'])
  })

  test('a provider outage leaves the last known orders on screen with a notice, never an error page', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const m = await signedInMember(page, request, 'outage')
    await linkAmazon(page, en)
    await page.goto('/account/protection/price')
    await expect(page.getByTestId('watched-order').first()).toBeVisible()
    const before = await page.getByTestId('watched-order').count()
    expect(before).toBeGreaterThan(0)
    await atProvider(page, request, m, 'Start an outage')
    await page.goto('/account/protection/price')
    await page.getByRole('button', { name: en.check.button }).click()
    await expect(page.getByTestId('protection-notice')).toContainText('Amazon')
    await expect(page.getByTestId('watched-order')).toHaveCount(before)
    await expect(page.getByTestId('not-found')).toHaveCount(0)
    await atProvider(page, request, m, 'End the outage')
  })
})
