/**
 * Test money (issue 25, item 3) in Chromium, English and Spanish: cash back booked by a stand-in (the
 * test-mode purchase route) is labelled "test" in the purchase history, its part of the balance is
 * shown beside what can be withdrawn. Here the payout provider is the development one (issue 27), the only
 * provider that pays test money (as test money: nothing moves), so the page says so; a real provider's
 * refusal (422 test_money) is tested in server/test-money.test.ts and server/payouts.test.ts, the
 * development provider's payout of test money in payouts.spec.ts.
 */
import { expect } from '@playwright/test'
import { test } from './fixtures'
import { expectNoSeriousAxe, verifiedMember } from './helpers'

const T = {
  en: {
    label: 'Test money',
    confirmed: 'Confirmed balance',
    why: /development stand-in.*cannot be withdrawn/,
    note: /test money.*development payout provider pays it, as test money/,
  },
  es: {
    label: 'Dinero de prueba',
    confirmed: 'Saldo confirmado',
    why: /sustituto de desarrollo.*no se puede retirar/,
    note: /dinero de prueba.*lo paga el proveedor de pagos de desarrollo, como dinero de prueba/,
  },
} as const

for (const lng of ['en', 'es'] as const) {
  const t = T[lng]
  const at = (path: string) => (lng === 'es' ? `${path}?lang=es` : path)
  test(`test money is labelled, and the development payout provider is said to pay it as test money (${lng})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const m = await verifiedMember(page, request, 'Test Money')
    expect(
      (await request.post('/api/dev/ledger/purchase', { data: { email: m.email, amount_cents: 2500 } })).ok(),
    ).toBe(true)
    for (let i = 0; i < 2; i++)
      expect((await request.post('/api/dev/ledger/advance', { data: { email: m.email } })).ok()).toBe(true)

    // the purchase history: the row says "test", and why in its title and to a screen reader
    await page.goto(at('/account/purchase-history'))
    const row = page.locator('[data-testid="ledger-row"][data-test-money="true"]')
    await expect(row).toHaveCount(1)
    const label = row.getByTestId('test-money')
    await expect(label).toContainText(t.label)
    await expect(label).toHaveAttribute('title', t.why)
    await expectNoSeriousAxe(page, `test money history ${lng}`)

    // the withdrawal page: the test part of the balance, and what the development payout provider pays
    await page.goto(at('/account/withdrawal'))
    await expect(page.getByTestId('test-balance')).toContainText('$25.00')
    await expect(page.getByTestId('test-balance').getByTestId('test-money')).toContainText(t.label)
    await expect(page.getByTestId('withdrawable-balance')).toContainText('$25.00')
    // the payable balance is not called "ready to withdraw" while test money is in it
    await expect(page.getByText(t.confirmed, { exact: true })).toBeVisible()
    await expect(page.getByTestId('test-money-note')).toContainText(t.note)
    await expectNoSeriousAxe(page, `test money withdrawal ${lng}`)
  })
}
