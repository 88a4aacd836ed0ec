/**
 * The ledger and payouts of the account area (issue 13) in Chromium, English and Spanish: a new member
 * earns (a purchase booked through the test-mode route), sees it pending, then payable once the dev
 * route advances it, withdraws with their password (a double click books one payout, a wrong password
 * is refused beside its field), sees the held withdrawal and when it is sent, and downloads the CSV of
 * the history. The account menu lists the coin pages on this brand (shipnow/account.spec.ts: none).
 */
import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { expectNoSeriousAxe, PASSWORD, type Registered, signedInDemo, verifiedMember } from './helpers'

const LANGS = ['en', 'es'] as const
type Lang = (typeof LANGS)[number]
const T = {
  en: {
    history: 'Purchase history',
    withdraw: 'Withdraw cash',
    pending: 'Pending',
    payable: 'Payable',
    held: 'Held',
    amount: 'Amount in dollars',
    paypal: 'PayPal',
    destination: 'PayPal email',
    password: 'Your password, to confirm',
    submit: 'Withdraw',
    done: 'Payout requested',
    wrongPassword: 'That password is not right. Please try again.',
    releaseAt: 'Your first payout to these details is sent on',
    csv: 'Download CSV',
    menu: 'Pages in this section',
    coinHistory: 'Coin history',
    coinWithdraw: 'Withdraw coins',
    kind: 'Type',
    withdrawalKind: 'Withdrawal',
  },
  es: {
    history: 'Historial de compras',
    withdraw: 'Retirar efectivo',
    pending: 'Pendiente',
    payable: 'Disponible',
    held: 'Retenido',
    amount: 'Monto en dólares',
    paypal: 'PayPal',
    destination: 'Correo de PayPal',
    password: 'Tu contraseña, para confirmar',
    submit: 'Retirar',
    done: 'Pago solicitado',
    wrongPassword: 'Esa contraseña no es correcta. Inténtalo de nuevo.',
    releaseAt: 'Tu primer pago a estos datos se envía el',
    csv: 'Descargar CSV',
    menu: 'Páginas de esta sección',
    coinHistory: 'Historial de monedas',
    coinWithdraw: 'Retirar monedas',
    kind: 'Tipo',
    withdrawalKind: 'Retiro',
  },
} as const

const at = (path: string, lng: Lang) => (lng === 'es' ? `${path}?lang=es` : path)
/** Dollars the way the page writes them in each language (SPEC 9: 2 decimals, negatives in parentheses). */
const usd = (cents: number, lng: Lang) => {
  const text = new Intl.NumberFormat(lng === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  }).format(Math.abs(cents) / 100)
  return cents < 0 ? `(${text})` : text
}

const CSV_HEAD = 'Date,Kind,Status,Reason,Store,Offer,Amount,Currency,Expected,Test money'

/** Presses the CSV button and reads the file the browser saved, line by line. */
async function downloadCsv(page: Page, name: string): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^ledger-\d{4}-\d{2}-\d{2}\.csv$/)
  return readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/)
}

const bearer = (m: Registered) => ({ Authorization: `Bearer ${m.token}` })

for (const lng of LANGS) {
  const t = T[lng]
  test.describe(`account ledger and payouts (${lng})`, () => {
    test('a new member earns, sees it pending then payable, withdraws once with a double click, sees the held payout and the CSV', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000)
      const m = await verifiedMember(page, request, 'Ledger Member')
      const earned = 2500
      const paid = 1500
      const booked = await request.post('/api/dev/ledger/purchase', {
        // a partner's money (test runs only): the test money of a stand-in is never withdrawn (test-money.spec.ts)
        data: { email: m.email, amount_cents: earned, real: true },
      })
      expect(booked.ok()).toBe(true)

      // pending
      await page.goto(at('/account/purchase-history', lng))
      await expect(page.getByRole('heading', { level: 1, name: t.history })).toBeVisible()
      const row = page.getByTestId('ledger-row').first()
      await expect(row).toContainText(t.pending)
      await expect(row).toContainText(usd(earned, lng))
      await expect(page.getByTestId('total-pending')).toHaveText(usd(earned, lng))
      await expect(page.getByTestId('total-payable')).toHaveText(usd(0, lng))
      // the account menu beside it: this brand has coins, so their pages are listed; the page is current
      const menu = page.getByRole('navigation', { name: t.menu })
      await expect(menu.getByRole('link', { name: t.history })).toHaveAttribute('aria-current', 'page')
      await expect(menu.getByRole('link', { name: t.coinHistory })).toHaveAttribute(
        'href',
        '/account/coin/history',
      )
      await expect(menu.getByRole('link', { name: t.coinWithdraw })).toBeAttached()
      await expectNoSeriousAxe(page, `purchase-history ${lng}`)

      // pending -> confirmed -> payable
      for (let i = 0; i < 2; i++)
        expect((await request.post('/api/dev/ledger/advance', { data: { email: m.email } })).ok()).toBe(true)
      await page.reload()
      await expect(page.getByTestId('ledger-row').first()).toContainText(t.payable)
      await expect(page.getByTestId('total-payable')).toHaveText(usd(earned, lng))
      await expect(page.getByTestId('total-pending')).toHaveText(usd(0, lng))

      // withdraw: through the menu, by keyboard-reachable controls
      await menu.getByRole('link', { name: t.withdraw }).click()
      await expect(page.getByRole('heading', { level: 1, name: t.withdraw })).toBeVisible()
      await expect(page.getByTestId('payable-balance')).toHaveText(usd(earned, lng))
      await page.getByLabel(t.amount).fill((paid / 100).toFixed(2))
      await page.getByRole('radio', { name: t.paypal }).check()
      await page.getByLabel(t.destination).fill(m.email)
      // a wrong password: refused beside its field, nothing booked
      await page.getByLabel(t.password, { exact: true }).fill('not the password')
      await page.getByRole('button', { name: t.submit, exact: true }).click()
      const pw = page.getByLabel(t.password, { exact: true })
      await expect(pw).toHaveAttribute('aria-invalid', 'true')
      await expect(page.locator('#password-error')).toHaveText(t.wrongPassword)
      await expect(pw).toBeFocused()
      // the right one, with a double click: one payout
      await pw.fill(PASSWORD)
      await page.getByRole('button', { name: t.submit, exact: true }).dblclick()
      const done = page.getByTestId('withdrawal-done')
      await expect(done).toContainText(t.done)
      await expect(done).toContainText(usd(paid, lng))
      await expect(done).toContainText(t.held)
      // new payout details: held for the days of constants.json, and the member is told until when
      const release = new Date(Date.now() + constants.payoutHoldDays * 86_400_000)
      await expect(page.getByTestId('release-at')).toContainText(t.releaseAt)
      await expect(page.getByTestId('release-at').locator('time')).toHaveAttribute(
        'datetime',
        new RegExp(`^${release.toISOString().slice(0, 10)}`),
      )
      await expect(page.getByTestId('payable-balance')).toHaveText(usd(earned - paid, lng))
      // the header's balance is read again after the payout, not the one of sign-in
      await expect(page.getByTestId('cash-balance')).toHaveText(usd(earned - paid, lng))
      await expect(page.getByTestId('withdrawal-row')).toHaveCount(1)
      const list = (await (await request.get('/api/account/withdrawals', { headers: bearer(m) })).json()) as {
        data: unknown[]
      }
      expect(list.data).toHaveLength(1)
      await expectNoSeriousAxe(page, `withdrawal ${lng}`)

      // the history shows the payout row, and the CSV of the same filter holds both rows
      await page.goto(at('/account/purchase-history', lng))
      const payout = page.locator('[data-testid="ledger-row"][data-kind="withdrawal"]')
      await expect(payout).toHaveCount(1)
      await expect(payout).toContainText(usd(-paid, lng))
      await expect(page.getByTestId('total-payable')).toHaveText(usd(earned - paid, lng))
      // the CSV of the list's filter: the payouts alone, then everything
      await page.getByLabel(t.kind).selectOption('withdrawal')
      await expect(page).toHaveURL(/[?&]kind=withdrawal/)
      await expect(page.getByTestId('ledger-row')).toHaveCount(1)
      const payoutsCsv = await downloadCsv(page, t.csv)
      expect(payoutsCsv[0]).toBe(CSV_HEAD)
      expect(payoutsCsv).toHaveLength(2)
      expect(payoutsCsv[1]).toMatch(/,withdrawal,pending,.*,\(\$15\.00\),USD,/)
      await page.getByLabel(t.kind).selectOption('')
      await expect(page.getByTestId('ledger-row')).toHaveCount(2)
      const all = await downloadCsv(page, t.csv)
      expect(all).toHaveLength(3)
      expect(all.find((l) => l.includes(',cashback,payable,'))).toMatch(/,\$25\.00,USD,/)
      expect(all.find((l) => l.includes(',withdrawal,'))).toMatch(/,\(\$15\.00\),USD,/)
    })
  })
}

test('the coin pages are the coins plugin’s, in the account menu, with the rate of constants.json', async ({
  page,
  request,
}) => {
  await verifiedMember(page, request, 'Ledger Member')
  await page.goto('/account/coin/history')
  await expect(page.getByRole('heading', { level: 1, name: 'Coin history' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Pages in this section' })
    .getByRole('link', { name: 'Withdraw coins' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw coins' })).toBeVisible()
  const rate = constants.coinWithdrawal.coinsPerDollar
  await expect(page.getByTestId('coin-rate')).toHaveText(`${rate} coins = $1.00`)
  await expect(page.getByTestId('below-minimum')).toContainText(
    new Intl.NumberFormat('en-US').format(constants.withdrawalMinimum.coins),
  )
})

test('/account and /withdraw-money land on the real screens', async ({ page, request }) => {
  await verifiedMember(page, request, 'Ledger Member')
  await page.goto('/account')
  await expect(page).toHaveURL(/\/account\/purchase-history$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeVisible()
  await page.goto('/withdraw-money')
  await expect(page).toHaveURL(/\/account\/withdrawal$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw cash' })).toBeVisible()
})

const PAGES = {
  en: [
    ['/account/gift-card-history', 'Gift card history'],
    ['/account/update-expired-gift-card', 'Replace an expired gift card'],
    ['/account/rebates', 'Rebates'],
    ['/account/rebates/shipping', 'Shipping rebates'],
    ['/account/referrals', 'Refer friends'],
    ['/rebates/status', 'Rebate status'],
    ['/account/coin/history', 'Coin history'],
    ['/account/withdrawal-coin', 'Withdraw coins'],
  ],
  es: [
    ['/account/gift-card-history', 'Historial de tarjetas de regalo'],
    ['/account/update-expired-gift-card', 'Reemplazar una tarjeta de regalo vencida'],
    ['/account/rebates', 'Reembolsos'],
    ['/account/rebates/shipping', 'Reembolsos de Envíos'],
    ['/account/referrals', 'Invitar amigos'],
    ['/rebates/status', 'Estado de reembolsos'],
    ['/account/coin/history', 'Historial de monedas'],
    ['/account/withdrawal-coin', 'Retirar monedas'],
  ],
} as const

for (const lng of LANGS) {
  test(`gift cards, rebates, referrals and coin pages (${lng}): an h1, loaded content, no serious axe issue`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000)
    await signedInDemo(page, request, baseURL!)
    for (const [path, title] of PAGES[lng]) {
      await page.goto(at(path, lng))
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
      await expect(page.getByRole('status').and(page.locator('[aria-busy="true"]'))).toHaveCount(0)
      await expect(page.getByTestId('load-failed')).toHaveCount(0)
      await expectNoSeriousAxe(page, `${path} ${lng}`)
    }
  })
}

test('the demo member replaces an expired gift card; the rebates page counts this month against the SPEC 9 caps', async ({
  page,
  request,
  baseURL,
}) => {
  await signedInDemo(page, request, baseURL!)
  await page.goto('/account/gift-card-history')
  const target = page.getByTestId('gift-row').filter({ hasText: 'Target' })
  await expect(target).toContainText('Expired')
  await page.getByRole('link', { name: 'Replace an expired card' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Replace an expired gift card' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /Target/ })).toBeChecked()
  await page.getByRole('button', { name: 'Replace this card' }).click()
  const done = page.getByTestId('gift-replaced')
  await expect(done).toContainText('Target')
  await expect(done).toContainText('$25.00')
  await expect(page.getByTestId('gift-none-expired')).toBeVisible()
  await page.goto('/account/gift-card-history')
  await expect(page.getByTestId('gift-row').filter({ hasText: 'Target' })).toHaveCount(2)
  await expect(page.getByTestId('gift-row').filter({ hasText: 'Replaced' })).toHaveCount(1)

  await page.goto('/account/rebates')
  const shipping = page.locator('[data-testid="rebate-cap"][data-type="shipping"]')
  // SPEC 9's caps are dollars a month: '$x.xx of the $100.00 you can claim each month'
  await expect(shipping).toContainText(
    new RegExp(`\\$[\\d,.]+ of the \\$${constants.shippingRebateMaxPerMonth}\\.00 you can claim each month`),
  )
  await expect(shipping.locator('meter')).toHaveAttribute(
    'max',
    String(constants.shippingRebateMaxPerMonth * 100),
  )
  const rideshare = page.locator('[data-testid="rebate-cap"][data-type="rideshare"]')
  await expect(rideshare).toContainText(
    new RegExp(`\\$[\\d,.]+ of the \\$${constants.rideshareRebateMaxPerMonth}\\.00 you can claim each month`),
  )
  await expect(page.getByRole('heading', { name: 'How to claim' })).toBeVisible()
})
