/**
 * Test money (issue 25, item 3) in Chromium, English and Spanish: cash back booked by a stand-in (the
 * test-mode purchase route) is labelled "test" in the purchase history, its part of the balance is
 * shown beside what can be withdrawn, and a withdrawal that needs it is refused with the reason.
 */
import { expect } from '@playwright/test'
import { test } from './fixtures'
import { expectNoSeriousAxe, PASSWORD, verifiedMember } from './helpers'

const T = {
  en: {
    label: 'Test money',
    confirmed: 'Confirmed balance',
    why: /development stand-in.*cannot be withdrawn/,
    amount: 'Amount in dollars',
    paypal: 'PayPal',
    destination: 'PayPal email',
    password: 'Your password, to confirm',
    submit: 'Withdraw',
    refused: 'Test money booked by a development stand-in is never paid out.',
    note: /test money.*never paid out/,
  },
  es: {
    label: 'Dinero de prueba',
    confirmed: 'Saldo confirmado',
    why: /sustituto de desarrollo.*no se puede retirar/,
    amount: 'Monto en dólares',
    paypal: 'PayPal',
    destination: 'Correo de PayPal',
    password: 'Tu contraseña, para confirmar',
    submit: 'Retirar',
    refused: 'El dinero de prueba registrado por un sustituto de desarrollo nunca se paga.',
    note: /dinero de prueba.*nunca se paga/,
  },
} as const

for (const lng of ['en', 'es'] as const) {
  const t = T[lng]
  const at = (path: string) => (lng === 'es' ? `${path}?lang=es` : path)
  test(`test money is labelled and never withdrawn (${lng})`, async ({ page, request }) => {
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

    // the withdrawal page: the test part of the balance and what can be withdrawn ($0)
    await page.goto(at('/account/withdrawal'))
    await expect(page.getByTestId('test-balance')).toContainText('$25.00')
    await expect(page.getByTestId('test-balance').getByTestId('test-money')).toContainText(t.label)
    await expect(page.getByTestId('withdrawable-balance')).toContainText('$0.00')
    // the payable balance is not called "ready to withdraw" while test money is in it
    await expect(page.getByText(t.confirmed, { exact: true })).toBeVisible()
    await expect(page.getByTestId('test-money-note')).toContainText(t.note)
    // asking for it anyway: refused with the reason, beside the amount; nothing booked
    await page.getByLabel(t.amount).fill('15.00')
    await page.getByRole('radio', { name: t.paypal }).check()
    await page.getByLabel(t.destination).fill(m.email)
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: t.submit, exact: true }).click()
    await expect(page.locator('#amount-error')).toContainText(t.refused)
    await expect(page.getByTestId('withdrawal-done')).toHaveCount(0)
    const list = await request.get('/api/account/withdrawals', {
      headers: { Authorization: `Bearer ${m.token}` },
    })
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(0)
    await expectNoSeriousAxe(page, `test money withdrawal ${lng}`)
  })
}
