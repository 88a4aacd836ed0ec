import { HttpError } from '@core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/staff-members.json'
import es from '../../../locales/es/staff-members.json'
import { type FakeRoutes, now, showStaff, staffMe } from '../shell/test-utils'
import AdjustmentsPage from './AdjustmentsPage'
import type { Adjustment } from './contract'
import { AdjustForm } from './MemberForms'

const me = staffMe({ id: 5 })

const adjustment = (id: number, requester: number): Adjustment => ({
  id,
  member: { id: 40 + id, email: `m${id}@example.com` },
  amount_cents: 25000,
  reason: 'Goodwill',
  status: 'pending',
  requested_by: { id: requester, email: `staff${requester}@staff.example` },
  decided_by: null,
  decision_reason: null,
  ledger_id: null,
  created_at: now,
  decided_at: null,
})

const show = (ui: React.ReactNode, routes: FakeRoutes) =>
  showStaff(ui, routes, { me, texts: { 'staff-members': [en, es] } })

describe('the adjustments to approve (four eyes)', () => {
  it("offers no approval of the staff member's own request, and approves another's, saying so", async () => {
    const calls = await show(<AdjustmentsPage />, {
      'GET /api/staff/adjustments': () => ({ data: [adjustment(1, me.id), adjustment(2, 9)] }),
      'POST /api/staff/adjustments/2/approve': () => ({ data: { ...adjustment(2, 9), status: 'booked' } }),
    })
    const own = (await screen.findByText('m1@example.com')).closest('tr')!
    expect(within(own).getByText(en.queue.own)).not.toBeNull()
    expect(within(own).queryByRole('button')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Approve adjustment 2 for m2@example.com' }))
    await waitFor(() =>
      expect(screen.getByTestId('queue-status').textContent).toBe('Approved and booked for m2@example.com.'),
    )
    expect(screen.queryByText('m2@example.com')).toBeNull()
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/staff/adjustments/2/approve')
  })
})

describe('the adjustment form', () => {
  it('checks the amount and the reason before sending, then says the adjustment waits', async () => {
    let sent: unknown
    const calls = await show(<AdjustForm memberId={41} threshold={10000} onDone={() => {}} />, {
      'POST /api/staff/members/41/adjustments': (body) => {
        sent = body
        return { data: adjustment(1, me.id) }
      },
    })
    expect(screen.getByText(/Above \$100\.00 either way/)).not.toBeNull()
    fireEvent.change(screen.getByLabelText(en.adjust.amountLabel), { target: { value: '12.345' } })
    fireEvent.click(screen.getByRole('button', { name: en.adjust.submit }))
    expect(await screen.findByText(en.errors.amount)).not.toBeNull()
    expect(screen.getByText(en.errors.reason)).not.toBeNull()
    expect(calls).toHaveLength(0)

    fireEvent.change(screen.getByLabelText(en.adjust.amountLabel), { target: { value: '-250' } })
    fireEvent.change(screen.getByLabelText(en.adjust.reasonLabel), { target: { value: 'Clawback' } })
    fireEvent.click(screen.getByRole('button', { name: en.adjust.submit }))
    await waitFor(() => expect(screen.getByTestId('adjust-status').textContent).toBe(en.adjust.waiting))
    expect(sent).toEqual({ amount_cents: -25000, reason: 'Clawback' })
  })

  it("puts a debit beyond the member's balance under the amount", async () => {
    await show(<AdjustForm memberId={41} threshold={10000} onDone={() => {}} />, {
      'POST /api/staff/members/41/adjustments': () => {
        throw new HttpError(
          'Request failed with status code 409',
          'status',
          409,
          { amount_cents: ['too much'] },
          {
            code: 'balance_too_low',
          },
        )
      },
    })
    fireEvent.change(screen.getByLabelText(en.adjust.amountLabel), { target: { value: '-5' } })
    fireEvent.change(screen.getByLabelText(en.adjust.reasonLabel), { target: { value: 'Clawback' } })
    fireEvent.click(screen.getByRole('button', { name: en.adjust.submit }))
    const amount = screen.getByLabelText(en.adjust.amountLabel)
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText(en.errors.balance_too_low)).not.toBeNull()
  })
})
