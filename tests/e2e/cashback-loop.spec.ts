/**
 * The cash back loop, end to end (issue 26), in English and in Spanish, on the production build served
 * as `npm start` serves it: a member leaves for a store ("Shop now": a click, then the store's tracking
 * link, here the development network's checkout on this server); places an order there, dated back
 * past the store's confirmation period; sees the pending cash back at that store in the purchase
 * history within seconds (the network's signed postback); the order is approved on the network's
 * orders page, and within the job runner's poll seconds it is payable; reversed, the purchase shows
 * the debit. The store page names the Plus members' rate on the way.
 */
import { expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { signedInMember } from './helpers'

/** A store of the development network's sample feed with a Plus rate and a confirmation period. */
const STORE = 'coastline-apparel'
const LANGS = ['en', 'es'] as const
type Lang = (typeof LANGS)[number]
const at = (path: string, lng: Lang) => (lng === 'es' ? `${path}?lang=es` : path)
/** Seconds within which a postback or the payable job shows: the network's delay and a few polls. */
const SOON = (constants.jobPollSeconds * 3 + 10) * 1000

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

/** The purchase at the store in the purchase history, reloaded until it has `status`. */
async function expectPurchase(page: Page, lng: Lang, name: string, status: string) {
  const item = page.getByTestId('purchase').filter({ hasText: name })
  await expect(async () => {
    await page.goto(at('/account/purchase-history', lng))
    await expect(item.first()).toHaveAttribute('data-status', status, { timeout: 1000 })
  }).toPass({ timeout: SOON })
  return item.first()
}

for (const lng of LANGS) {
  test(`${lng}: leave for a store, order on the development network, see it pending, approved, payable, then reversed with its debit`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    const store = (
      (await (await request.get(`/api/stores/${STORE}?lang=${lng}`)).json()) as {
        data: {
          name: string
          rate: { type: string; value: number }
          plus_rate: { label: string } | null
        }
      }
    ).data
    expect(store.plus_rate, 'the sample feed gives this store a Plus rate').not.toBeNull()
    await signedInMember(page, request, `loop-${lng}`)

    // the store page, with the Plus members' rate, and "Shop now"
    await page.goto(at(`/${STORE}-coupons`, lng))
    await expect(page.locator('html')).toHaveAttribute('lang', lng)
    await expect(page.getByTestId('plus-rate')).toHaveText(
      lng === 'es'
        ? `Los miembros Plus ganan ${store.plus_rate!.label}`
        : `Plus members earn ${store.plus_rate!.label}`,
    )
    await page.getByTestId('shop-now').click()

    // the development network's checkout: the click id in its sub-id parameter, never the member's id
    await page.waitForURL(/\/dev-network\/shop\//, { timeout: 15_000 })
    const u1 = new URL(page.url()).searchParams.get('u1')
    expect(u1).toMatch(/^[A-Za-z0-9_-]{22}$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.name)
    await expect(page.getByText(/test money/i)).toBeVisible()
    await page.getByLabel('Order amount (dollars)').fill('84.00')
    // dated back past the store's confirmation period: approved, it is payable at the next job run
    await page.getByLabel('Order date').fill(daysAgo(200))
    await page.getByRole('button', { name: 'Place order' }).click()
    await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible()
    const orderId = (await page.getByText(/Your order DEV-/).textContent())!.match(/DEV-[A-Za-z0-9_-]+/)![0]

    // back in the app: pending at that store within seconds
    const pending = await expectPurchase(page, lng, store.name, 'pending')
    await expect(pending.locator('[data-step="tracked"]')).toHaveAttribute('data-done', 'true')
    await expect(pending.locator('[data-step="confirmed"]')).toHaveAttribute('data-done', 'false')

    // approved on the network's orders page: confirmed, then payable within the job runner's polls
    await page.goto('/dev-network/orders')
    await page.locator(`tr[data-order="${orderId}"]`).getByRole('button', { name: 'Approve' }).click()
    await expect(page.locator(`tr[data-order="${orderId}"] [data-status]`)).toHaveText('approved')
    const payable = await expectPurchase(page, lng, store.name, 'payable')
    await expect(payable.locator('[data-step="confirmed"]')).toHaveAttribute('data-done', 'true')
    await expect(payable.locator('[data-step="payable"]')).toHaveAttribute('data-done', 'true')

    // reversed: the purchase shows the debit
    await page.goto('/dev-network/orders')
    await page.locator(`tr[data-order="${orderId}"]`).getByRole('button', { name: 'Reverse' }).click()
    await expect(page.locator(`tr[data-order="${orderId}"] [data-status]`)).toHaveText('reversed')
    const reversed = await expectPurchase(page, lng, store.name, 'reversed')
    // the debit of the cash back at the store's rate (the member is not Plus): a negative amount
    expect(store.rate.type).toBe('percent')
    const cashback = (Math.round((8400 * store.rate.value) / 10_000) / 100).toFixed(2)
    await expect(reversed.getByTestId('purchase-debit')).toContainText(
      new RegExp(`\\(\\$${cashback.replace('.', '\\.')}\\)|[-−]\\s?\\$${cashback.replace('.', '\\.')}`),
    )
    await expect(page.locator('html')).toHaveAttribute('lang', lng)
  })
}
