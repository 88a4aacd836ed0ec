import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BalancesReply } from '../contract'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import BalancesSummary from './BalancesSummary'

const balances: BalancesReply = {
  cash: { pending_cents: 1250, payable_cents: 3000 },
  coin: { pending: 40, payable: 200 },
  test: { cash_cents: 0, coins: 0 },
  withdrawable: { cash_cents: 3000, coins: 200 },
  withdrawal: { methods: [], minimum_cents: 1000, minimum_coins: 100, coins_per_dollar: 100, hold_days: 30 },
}
const row = (id: number, status: string, expected_at: string | null, test = false) => ({
  id,
  kind: 'cashback',
  currency: 'cash',
  amount: 500 + id,
  status,
  reason: 'Purchase',
  store: { internal_name: 'acme', name: `Acme ${id}`, logo_url: '' },
  offer: null,
  benefit_type: null,
  expected_at,
  created_at: '2026-11-01T00:00:00Z',
  test,
})
const ledger = (rows: unknown[]) => ({
  data: rows,
  meta: { page: 1, per_page: 5, total: rows.length },
  totals: { cash: { pending: 0, payable: 0, paid: 0 }, coin: { pending: 0, payable: 0, paid: 0 } },
})

describe("BalancesSummary (the part 'account.balances')", () => {
  it('shows payable and pending cash back, coins when asked, and the pending rows by expected date', async () => {
    const { http } = fakeHttp({
      'GET /api/account/balances': () => balances,
      'GET /api/account/ledger?currency=cash&status=pending&per_page=5': () =>
        ledger([row(2, 'pending', '2027-01-20T00:00:00Z')]),
      'GET /api/account/ledger?currency=cash&status=confirmed&per_page=5': () =>
        ledger([row(1, 'confirmed', '2026-12-15T00:00:00Z')]),
    })
    renderWith(<BalancesSummary coins />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('cash-payable')).textContent).toContain('$30.00')
    expect(screen.getByTestId('cash-pending').textContent).toContain('$12.50')
    expect(screen.getByTestId('coins-payable').textContent).toContain('200')
    const rows = screen.getAllByTestId('pending-row').map((r) => r.textContent)
    expect(rows[0]).toMatch(/^Acme 1 \$5\.01Payable from Dec 1[45], 2026$/)
    expect(rows[1]).toMatch(/^Acme 2/)
  })
  it('no coins for a brand without them; nothing pending says so (Spanish)', async () => {
    const { http } = fakeHttp({
      'GET /api/account/balances': () => balances,
      'GET /api/account/ledger?currency=cash&status=pending&per_page=5': () => ledger([]),
      'GET /api/account/ledger?currency=cash&status=confirmed&per_page=5': () => ledger([]),
    })
    renderWith(<BalancesSummary />, { i18n: await makeI18n('es'), http })
    expect((await screen.findByTestId('pending-none')).textContent).toBe('No hay nada pendiente por ahora.')
    expect(screen.queryByTestId('coins-payable')).toBeNull()
  })
  it('test money: labelled on its row, its part of the balance shown with what can be withdrawn (English and Spanish)', async () => {
    const withTest: BalancesReply = {
      ...balances,
      test: { cash_cents: 2000, coins: 0 },
      withdrawable: { cash_cents: 1000, coins: 200 },
    }
    for (const [lng, label] of [
      ['en', 'Test money'],
      ['es', 'Dinero de prueba'],
    ] as const) {
      const { http } = fakeHttp({
        'GET /api/account/balances': () => withTest,
        'GET /api/account/ledger?currency=cash&status=pending&per_page=5': () =>
          ledger([row(3, 'pending', '2027-01-20T00:00:00Z', true)]),
        'GET /api/account/ledger?currency=cash&status=confirmed&per_page=5': () => ledger([]),
      })
      const { unmount } = renderWith(<BalancesSummary />, { i18n: await makeI18n(lng), http })
      expect((await screen.findByTestId('cash-test')).textContent).toContain('$20.00')
      expect(screen.getByTestId('cash-withdrawable').textContent).toContain('$10.00')
      const labels = screen.getAllByTestId('test-money')
      expect(labels).toHaveLength(2) // the balance and the row
      for (const l of labels) {
        expect(l.textContent).toContain(label)
        expect(l.getAttribute('title')).toMatch(
          lng === 'en'
            ? /development stand-in.*cannot be withdrawn/
            : /sustituto de desarrollo.*no se puede retirar/,
        )
      }
      unmount()
    }
  })
})
