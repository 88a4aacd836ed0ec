import { describe, expect, it } from 'vitest'
import constants from '../../../config/constants.json'
import { monthUse } from './rebates'

const row = (id: number, benefit_type: string, created: Date, status = 'pending', amount_cents = 100) => ({
  id,
  store: null,
  benefit_type,
  order_amount_cents: 1000,
  amount_cents,
  status: status as 'pending',
  reason: '',
  expected_at: null,
  created_at: created.toISOString(),
  test: false,
})

describe('monthUse', () => {
  it('counts this month claims per type against the SPEC 9 caps, leaving out declined and other months', () => {
    const now = new Date()
    const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 15)
    const use = monthUse(
      [
        row(1, 'shipping', now),
        row(2, 'shipping', now, 'paid', 250),
        row(3, 'shipping', now, 'declined'),
        row(4, 'shipping', lastMonth),
        row(5, 'fooddelivery', now),
      ],
      now,
    )
    expect(use.find((u) => u.type === 'shipping')).toEqual({
      type: 'shipping',
      claims: 2,
      cents: 350,
      // SPEC 9's caps are dollars a month: the cap is compared with the cents claimed
      cap: constants.shippingRebateMaxPerMonth * 100,
    })
    expect(use.find((u) => u.type === 'rideshare')?.cap).toBe(constants.rideshareRebateMaxPerMonth * 100)
    expect(use.find((u) => u.type === 'fooddelivery')).toMatchObject({ claims: 1, cap: null })
  })
})
