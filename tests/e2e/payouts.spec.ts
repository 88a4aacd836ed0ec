/**
 * Payouts (issue 27) in Chromium, English and Spanish, against the development payout provider (the
 * embedded default here, a stand-in on this server that pays test money): a member withdraws test money,
 * sees it held, then sent and paid by the provider; a payout the provider's page marks failed is
 * returned to the balance with a notice; a gift-card withdrawal shows its code in the gift-card history.
 * The hold ends at once through the test-mode route /api/dev/payouts/release; the rest is the server's
 * scheduled work (job runner) and the provider's signed webhook.
 */
import { expect, type Page } from '@playwright/test'
import { test } from './fixtures'
import { expectNoSeriousAxe, PASSWORD, type Registered, verifiedMember } from './helpers'

type Lang = 'en' | 'es'
const T = {
  en: {
    title: 'Withdraw cash',
    amount: 'Amount in dollars',
    paypal: 'PayPal',
    giftcard: 'Gift card',
    paypalTo: 'PayPal email',
    store: 'Store of the gift card (like Amazon)',
    password: 'Your password, to confirm',
    submit: 'Withdraw',
    held: 'Held',
    paid: 'Paid',
    failed: 'Failed (returned)',
    backInBalance: 'the money is back in your balance',
    testPayout: 'Paid by the development payout provider with test money',
    notice: 'Your payout was returned',
    noticeBody: /Your payout of \$10\.00 could not be paid \(Returned by the development payout provider\)/,
    giftTitle: 'Gift card history',
    giftCode: 'Gift card code:',
  },
  es: {
    title: 'Retirar efectivo',
    amount: 'Monto en dólares',
    paypal: 'PayPal',
    giftcard: 'Tarjeta de regalo',
    paypalTo: 'Correo de PayPal',
    store: 'Tienda de la tarjeta de regalo (como Amazon)',
    password: 'Tu contraseña, para confirmar',
    submit: 'Retirar',
    held: 'Retenido',
    paid: 'Pagado',
    failed: 'Fallido (devuelto)',
    backInBalance: 'el dinero volvió a tu saldo',
    testPayout: 'Pagado por el proveedor de pagos de desarrollo con dinero de prueba',
    notice: 'Tu pago fue devuelto',
    noticeBody: /Tu pago de \$10\.00 no se pudo realizar \(Returned by the development payout provider\)/,
    giftTitle: 'Historial de tarjetas de regalo',
    giftCode: 'Código de la tarjeta de regalo:',
  },
} as const

const at = (path: string, lng: Lang) => (lng === 'es' ? `${path}?lang=es` : path)
const bearer = (m: Registered) => ({ Authorization: `Bearer ${m.token}` })

/** Test money: the test-mode purchase route, made payable by the test-mode advance. */
async function earnTestMoney(page: Page, m: Registered, cents: number) {
  const r = page.request
  expect(
    (await r.post('/api/dev/ledger/purchase', { data: { email: m.email, amount_cents: cents } })).ok(),
  ).toBe(true)
  for (let i = 0; i < 2; i++)
    expect((await r.post('/api/dev/ledger/advance', { data: { email: m.email } })).ok()).toBe(true)
}

async function withdraw(
  page: Page,
  t: (typeof T)[Lang],
  o: { dollars: string; method: 'paypal' | 'giftcard'; to: string },
) {
  await page.getByLabel(t.amount).fill(o.dollars)
  await page.getByRole('radio', { name: t[o.method] }).check()
  await page.getByLabel(o.method === 'paypal' ? t.paypalTo : t.store).fill(o.to)
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: t.submit, exact: true }).click()
  await expect(page.getByTestId('withdrawal-done')).toBeVisible()
}

/** The member's payout rows as the API has them (newest first). */
async function payouts(page: Page, m: Registered) {
  const r = await page.request.get('/api/account/withdrawals', { headers: bearer(m) })
  return ((await r.json()) as { data: { id: number; status: string; method: string }[] }).data
}

/** The page's row of a payout, reloaded until it shows `status` (the server's scheduled work moves it). */
async function rowReaches(page: Page, lng: Lang, index: number, status: string) {
  await expect(async () => {
    await page.goto(at('/account/withdrawal', lng))
    await expect(page.getByTestId('withdrawal-row').nth(index)).toHaveAttribute('data-status', status, {
      timeout: 1000,
    })
  }).toPass({ timeout: 30_000, intervals: [1000] })
  return page.getByTestId('withdrawal-row').nth(index)
}

for (const lng of ['en', 'es'] as const) {
  const t = T[lng]

  test(`a member withdraws test money, sees it held, then paid by the development payout provider (${lng})`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const m = await verifiedMember(page, page.request, 'Payout Member')
    await earnTestMoney(page, m, 5000)
    await page.goto(at('/account/withdrawal', lng))
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible()
    await withdraw(page, t, { dollars: '20.00', method: 'paypal', to: m.email })
    // new payout details: held
    await expect(page.getByTestId('withdrawal-done')).toContainText(t.held)
    const row = page.getByTestId('withdrawal-row').first()
    await expect(row).toHaveAttribute('data-status', 'held')
    await expect(row).toContainText(t.held)
    await expectNoSeriousAxe(page, `payout held ${lng}`)

    // the hold ends (test-mode route); the job runner sends it, the provider reports paid after its delay
    expect((await page.request.post('/api/dev/payouts/release', { data: { email: m.email } })).ok()).toBe(
      true,
    )
    const paid = await rowReaches(page, lng, 0, 'paid')
    await expect(paid).toContainText(t.paid)
    await expect(paid.getByTestId('payout-test')).toContainText(t.testPayout)
    await expect(page.getByTestId('payable-balance')).toContainText('$30.00')
    await expect(page.getByTestId('withdrawal-row').first()).toHaveAttribute('data-status', 'paid')
    await expectNoSeriousAxe(page, `payout paid ${lng}`)
  })

  test(`a failed payout is returned to the balance (${lng})`, async ({ page }) => {
    test.setTimeout(90_000)
    const m = await verifiedMember(page, page.request, 'Returned Payout')
    await earnTestMoney(page, m, 3000)
    await page.goto(at('/account/withdrawal', lng))
    await withdraw(page, t, { dollars: '10.00', method: 'paypal', to: m.email })
    expect((await page.request.post('/api/dev/payouts/release', { data: { email: m.email } })).ok()).toBe(
      true,
    )
    const [w] = await payouts(page, m)
    // the development provider's own page (another site, in English) lists it once it was sent
    const providerRow = page.locator(`tr[data-payout="${w!.id}"]`)
    await expect(async () => {
      await page.goto('/dev-payout')
      await expect(providerRow).toBeVisible({ timeout: 1000 })
    }).toPass({ timeout: 30_000, intervals: [1000] })
    await providerRow.getByRole('button', { name: 'Mark failed' }).click()
    await expect(providerRow.locator('[data-status]')).toHaveAttribute('data-status', 'failed')

    // back in the app: returned, with why, and the money is in the balance again
    const row = await rowReaches(page, lng, 0, 'failed')
    await expect(row).toContainText(t.failed)
    await expect(row.getByTestId('payout-status-note')).toContainText(t.backInBalance)
    // the balance (the server caches a member's sums for a few seconds: a page read while the report
    // was being booked may show the sums of just before; the next read has them)
    await expect(async () => {
      await page.goto(at('/account/withdrawal', lng))
      await expect(page.getByTestId('payable-balance')).toContainText('$30.00', { timeout: 1000 })
    }).toPass({ timeout: 15_000, intervals: [1000] })
    await expectNoSeriousAxe(page, `payout returned ${lng}`)
    // and a notice says so, in the page's language
    await page.goto(at('/account/notifications', lng))
    const notice = page.locator('[data-kind="payout_failed"]')
    await expect(notice).toContainText(t.notice)
    await expect(notice).toContainText(t.noticeBody)
  })

  test(`a gift-card withdrawal shows its code (${lng})`, async ({ page }) => {
    test.setTimeout(90_000)
    const m = await verifiedMember(page, page.request, 'Gift Card Payout')
    await earnTestMoney(page, m, 3000)
    await page.goto(at('/account/withdrawal', lng))
    await withdraw(page, t, { dollars: '15.00', method: 'giftcard', to: 'Amazon' })
    expect((await page.request.post('/api/dev/payouts/release', { data: { email: m.email } })).ok()).toBe(
      true,
    )
    const row = await rowReaches(page, lng, 0, 'paid')
    const code = row.getByTestId('payout-gift-code')
    await expect(code).toContainText(t.giftCode)
    const text = (await code.locator('code').textContent()) ?? ''
    expect(text).toMatch(/^DEV-[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)

    await code.getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name: t.giftTitle })).toBeVisible()
    const card = page.getByTestId('gift-row').first()
    await expect(card).toContainText('Amazon')
    await expect(card).toContainText(text)
    await expect(card).toContainText('$15.00')
    await expectNoSeriousAxe(page, `gift card code ${lng}`)
  })
}
