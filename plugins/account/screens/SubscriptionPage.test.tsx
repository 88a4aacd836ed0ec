import { constants, formatCents } from '@core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Subscription } from '../member/api'
import { fakeHttp, fakeSession, makeI18n, renderWith } from '../member/test-utils'
import { formatDate } from '../member/text'
import ShipSubscriptionPage from './ShipSubscriptionPage'
import SubscriptionPage from './SubscriptionPage'

const next = new Date(Date.now() + 12 * 86_400_000).toISOString()
const plus = (): Subscription => ({
  id: 1,
  plan: 'plus',
  status: 'active',
  price_cents: 1299,
  trial_ends_at: null,
  next_billing_at: next,
  cancelled_at: null,
})

describe('SubscriptionPage', () => {
  it('a past-due membership: its status, when it is tried again, and the way to the billing page (es)', async () => {
    const { http } = fakeHttp({
      'GET /api/account/subscriptions': () => ({ data: [{ ...plus(), status: 'past_due' }] }),
    })
    renderWith(<SubscriptionPage />, { i18n: await makeI18n('es'), http })
    expect((await screen.findByTestId('subscription-status')).textContent).toBe(
      'Pago pendiente: el último pago fue rechazado',
    )
    const alert = screen.getByTestId('past-due')
    expect(alert.textContent).toMatch(`Lo intentaremos de nuevo el ${formatDate(next, 'es')}`)
    expect(screen.getByRole('link', { name: 'Actualiza tu tarjeta y paga ahora' }).getAttribute('href')).toBe(
      '/account/billing',
    )
  })

  it('shows the status and next charge, and cancels in one flow: button, confirm, done', async () => {
    let sub = plus()
    const { http, calls } = fakeHttp({
      'GET /api/account/subscriptions': () => ({ data: [sub] }),
      'POST /api/cancel-subscription': () => {
        sub = { ...sub, status: 'cancelled', next_billing_at: null, cancelled_at: new Date().toISOString() }
        return { success: true, data: sub }
      },
    })
    const s = fakeSession()
    const { removed, tracked } = renderWith(<SubscriptionPage />, {
      i18n: await makeI18n(),
      http,
      session: s.session,
    })
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Active')
    expect(screen.getByTestId('next-charge').textContent).toBe(
      `${formatCents(1299)} on ${formatDate(next, 'en')}`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Plus membership' }))
    const dialog = await screen.findByTestId('cancel-dialog')
    expect(dialog.textContent).toMatch('Cancel your Plus membership?')
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }))
    expect((await screen.findByTestId('cancel-done')).textContent).toMatch(
      'Your Plus membership is cancelled',
    )
    expect(screen.queryByTestId('cancel-dialog')).toBeNull()
    expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled')
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/api/cancel-subscription', body: { plan: 'plus' } })
    expect(removed).toEqual([constants.plusSubscriptionCookie.name])
    expect(tracked).toEqual(['subscription_cancelled'])
    await waitFor(() => expect(s.resyncs()).toBe(1))
  })

  it('keeping the membership closes the dialog without a call', async () => {
    const { http, calls } = fakeHttp({ 'GET /api/account/subscriptions': () => ({ data: [plus()] }) })
    renderWith(<SubscriptionPage />, { i18n: await makeI18n('es'), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar Membresía Plus' }))
    fireEvent.click(screen.getByRole('button', { name: 'Conservar mi Membresía Plus' }))
    expect(screen.queryByTestId('cancel-dialog')).toBeNull()
    expect(calls.every((c) => c.method === 'GET')).toBe(true)
  })

  it('the shipping page shows a member without the add-on as such', async () => {
    const { http } = fakeHttp({ 'GET /api/account/subscriptions': () => ({ data: [plus()] }) })
    renderWith(<ShipSubscriptionPage />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('subscription-status')).textContent).toBe('Not a member')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shipping add-on')
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull()
  })
})
