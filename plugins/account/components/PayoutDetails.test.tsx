import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Withdrawal } from '../contract'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import { PayoutDetails } from './PayoutDetails'

const payout = (over: Partial<Withdrawal>): Withdrawal => ({
  id: 7,
  kind: 'cash',
  amount: 2000,
  method: 'paypal',
  destination: 'me@example.com',
  status: 'held',
  release_at: null,
  created_at: '2026-11-01T00:00:00Z',
  ...over,
})

describe('PayoutDetails (what a payout status means, issue 27)', () => {
  it('says a payout in review waits for a check, and a failed one is back in the balance with the reason (English and Spanish)', async () => {
    const { http } = fakeHttp({})
    for (const [lng, review, back] of [
      ['en', 'Waiting for a check by our team before it is sent.', 'the money is back in your balance'],
      ['es', 'Esperando una revisión de nuestro equipo antes de enviarse.', 'el dinero volvió a tu saldo'],
    ] as const) {
      const i18n = await makeI18n(lng)
      const a = renderWith(<PayoutDetails w={payout({ status: 'review' })} />, { i18n, http })
      expect(screen.getByTestId('payout-status-note').textContent).toBe(review)
      a.unmount()
      const b = renderWith(
        <PayoutDetails w={payout({ status: 'failed', failure_reason: 'Account closed' })} />,
        { i18n, http },
      )
      expect(screen.getByTestId('payout-status-note').textContent).toContain(back)
      expect(screen.getByTestId('payout-reason').textContent).toBe('Account closed')
      b.unmount()
    }
  })

  it("shows a gift card's code with a link to the gift-card history, and the test label of a test payout", async () => {
    const { http } = fakeHttp({})
    renderWith(
      <PayoutDetails
        w={payout({
          status: 'paid',
          method: 'giftcard',
          destination: 'Amazon',
          gift_card_code: 'DEV-AAAA-BBBB',
          test: true,
        })}
      />,
      { i18n: await makeI18n(), http },
    )
    const code = screen.getByTestId('payout-gift-code')
    expect(code.querySelector('code')?.textContent).toBe('DEV-AAAA-BBBB')
    expect(code.querySelector('a')?.getAttribute('href')).toBe('/account/gift-card-history')
    expect(screen.getByTestId('payout-test').textContent).toContain(
      'Paid by the development payout provider with test money',
    )
  })
})
