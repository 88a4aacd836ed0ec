import { HttpError } from '@core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/staff-queues.json'
import es from '../../../locales/es/staff-queues.json'
import { type FakeRoutes, now, showStaff } from '../shell/test-utils'
import ClaimsPage from './ClaimsPage'
import type { ReviewClaim, ReviewPayout, ReviewProtectionClaim } from './contract'
import PayoutsPage from './PayoutsPage'
import ProtectionClaimsPage from './ProtectionClaimsPage'

const member = { id: 7, email: 'ann@example.com', name: 'Ann' }

const payout = (id: number): ReviewPayout => ({
  id,
  member,
  kind: 'cash',
  amount: 60000,
  value_cents: 60000,
  method: 'paypal',
  destination: 'ann@example.com',
  test: false,
  created_at: now,
})

const claim: ReviewClaim = {
  id: 4,
  member,
  benefit_type: 'shipping',
  order_number: 'A-1',
  order_date: now.slice(0, 10),
  amount_cents: 1250,
  receipt_type: 'image/png',
  created_at: now,
  left_cents: 1000,
  max_cents: 1000,
}

const show = (ui: React.ReactNode, routes: FakeRoutes, lng: 'en' | 'es' = 'en') =>
  showStaff(ui, routes, { lng, texts: { 'staff-queues': [en, es] } })

const decided = () => {
  throw new HttpError(
    'Request failed with status code 409',
    'status',
    409,
    { status: ['This was decided already.'] },
    { codes: { status: 'already_decided' } },
  )
}

describe('payouts to review', () => {
  it('a rejection needs a reason (nothing is sent without one); with one it is sent, said and the payout leaves the list', async () => {
    const calls = await show(<PayoutsPage />, {
      'GET /api/staff/payouts': () => ({ data: [payout(3), payout(4)] }),
      'POST /api/staff/payouts/3/reject': () => ({ success: true, status: 'rejected' }),
    })
    const card = await screen.findByRole('article', { name: 'Payout 3: $600.00' })
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }))
    expect(within(card).getByText('Please give a reason.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    fireEvent.change(within(card).getByLabelText('Reason'), { target: { value: 'Wrong address' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        "Payout 3: $600.00 rejected: the money is back in the member's balance.",
      ),
    )
    expect(calls.at(-1)).toMatchObject({
      url: '/api/staff/payouts/3/reject',
      body: { reason: 'Wrong address' },
    })
    expect(screen.queryByRole('article', { name: 'Payout 3: $600.00' })).toBeNull()
    expect(screen.getByRole('article', { name: 'Payout 4: $600.00' })).toBeTruthy()
  })

  it('a payout decided meanwhile (409 already_decided) says so in the card, in Spanish too', async () => {
    await show(
      <PayoutsPage />,
      {
        'GET /api/staff/payouts': () => ({ data: [payout(3)] }),
        'POST /api/staff/payouts/3/approve': decided,
      },
      'es',
    )
    const card = await screen.findByRole('article', { name: 'Pago 3: $600.00' })
    fireEvent.click(within(card).getByRole('button', { name: 'Aprobar' }))
    expect((await within(card).findByText(es.errors.already_decided)).getAttribute('role')).toBe('alert')
  })

  it('an empty queue says so; a failed load says what failed with a retry', async () => {
    let fail = true
    await show(<PayoutsPage />, {
      'GET /api/staff/payouts': () => {
        if (fail) throw new HttpError('Network Error', 'network')
        return { data: [] }
      },
    })
    expect((await screen.findByTestId('load-failed')).textContent).toContain(en.payouts.failed)
    fail = false
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }))
    expect((await screen.findByTestId('queue-empty')).textContent).toBe(en.payouts.empty)
  })
})

describe('rebate claims', () => {
  it('offer at most what is left of the cap; more is refused in the field, the most is sent in cents', async () => {
    const calls = await show(<ClaimsPage />, {
      'GET /api/staff/claims': () => ({ data: [claim] }),
      'POST /api/staff/claims/4/approve': () => ({ success: true, status: 'approved' }),
    })
    const card = await screen.findByRole('article', { name: 'Claim 4: Shipping, order A-1' })
    expect((within(card).getByRole('img') as HTMLImageElement).getAttribute('src')).toBe(
      '/api/staff/claims/4/receipt',
    )
    const amount = within(card).getByLabelText('Amount to approve (dollars)') as HTMLInputElement
    expect(amount.value).toBe('10.00')
    fireEvent.change(amount, { target: { value: '12.50' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    expect(within(card).getByText('At most $10.00 can be approved.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    fireEvent.change(amount, { target: { value: '10' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ body: { amount_cents: 1000 } }))
    expect(
      (
        await screen.findByText('Claim 4: Shipping, order A-1 approved for $10.00. The member was told.')
      ).getAttribute('role'),
    ).toBe('status')
  })
})

describe('protection claims the watcher could not settle', () => {
  it('say why each waits; approving pays the refund and the claim leaves the list', async () => {
    const filed: ReviewProtectionClaim = {
      id: 9,
      member,
      kind: 'package',
      merchant: 'Parcel Store',
      reference: 'R-1',
      amount_cents: 2500,
      created_at: now,
      why: 'needs_attention',
    }
    const calls = await show(<ProtectionClaimsPage />, {
      'GET /api/staff/protection': () => ({ data: [filed] }),
      'POST /api/staff/protection/9/approve': () => ({ success: true, status: 'paid' }),
    })
    const card = await screen.findByRole('article', { name: 'Claim 9: Lost package at Parcel Store' })
    expect(within(card).getByText(en.protection.whys.needs_attention)).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Approve and pay $25.00' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        "Claim 9: Lost package at Parcel Store approved: $25.00 is in the member's balance.",
      ),
    )
    expect(calls.at(-1)?.url).toBe('/api/staff/protection/9/approve')
    expect(screen.queryByRole('article')).toBeNull()
  })
})
