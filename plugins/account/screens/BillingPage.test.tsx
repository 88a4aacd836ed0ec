import { HttpError } from '@core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import BillingPage from './BillingPage'

const year = new Date().getFullYear() + 2
const billing = (last4 = '4242') => ({
  data: {
    payment_methods: [{ id: 1, brand: 'visa', last4, exp_month: 4, exp_year: year }],
    payments: [
      {
        id: 9,
        amount_cents: 1299,
        status: 'succeeded',
        description: 'Plus membership, monthly',
        card_last4: '4242',
        created_at: new Date().toISOString(),
      },
    ],
  },
})

describe('BillingPage', () => {
  it('shows the card on file and the charges in dollars', async () => {
    const { http } = fakeHttp({
      'GET /api/account/billing': () => billing(),
      'GET /api/account/subscriptions': () => ({ data: [] }),
    })
    renderWith(<BillingPage />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('card-on-file')).textContent).toBe(
      `VISA ending in 4242, expires 04/${year}`,
    )
    const row = screen.getByTestId('charge')
    expect(within(row).getByText('$12.99')).toBeTruthy()
    expect(within(row).getByText('Paid')).toBeTruthy()
  })

  it('a past-due membership is said above the card form', async () => {
    const sub = {
      id: 3,
      plan: 'plus',
      status: 'past_due',
      price_cents: 1299,
      trial_ends_at: null,
      next_billing_at: new Date().toISOString(),
      cancelled_at: null,
    }
    const { http } = fakeHttp({
      'GET /api/account/billing': () => billing(),
      'GET /api/account/subscriptions': () => ({ data: [sub] }),
    })
    renderWith(<BillingPage />, { i18n: await makeI18n('es'), http })
    expect((await screen.findByTestId('billing-past-due')).textContent).toMatch(
      /tiene un pago pendiente: el último pago fue rechazado/,
    )
  })

  it('a declined card: the message under the card number (Spanish); a good one replaces the card', async () => {
    let declined = true
    let last4 = '4242'
    const { http, calls } = fakeHttp({
      'GET /api/account/billing': () => billing(last4),
      // the card goes to the payment provider's tokenizer; our API gets only its token
      'GET /api/billing/provider': () => ({
        data: { provider: 'sandbox', tokenize_url: '/sandbox-pay/v1/tokens' },
      }),
      'POST /sandbox-pay/v1/tokens': () => ({
        id: 'pm_sandbox_test',
        brand: 'visa',
        last4: '0002',
        exp_month: 4,
        exp_year: year,
      }),
      'POST /api/account/payment-method': () => {
        if (declined) {
          const errors = { card_number: ['Your payment was declined.'] }
          throw new HttpError('Request failed with status code 402', 'status', 402, errors, {
            code: 'card_declined',
            errors,
            codes: { card_number: 'card_declined' },
          })
        }
        last4 = '4444'
        return { success: true }
      },
    })
    renderWith(<BillingPage />, { i18n: await makeI18n('es'), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Cambiar tarjeta' }))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }))
    expect(await screen.findByText('El número de tarjeta no puede estar vacío.')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '4000 0000 0000 0002' } })
    fireEvent.change(screen.getByLabelText('Vencimiento (MM/AA)'), { target: { value: `04/${year % 100}` } })
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } })
    fireEvent.change(screen.getByLabelText('Código postal'), { target: { value: '94107' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }))
    expect(await screen.findByText(/Tu pago fue rechazado/)).toBeTruthy()
    declined = false
    fireEvent.change(screen.getByLabelText('Número de tarjeta'), { target: { value: '5555 5555 5555 4444' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar tarjeta' }))
    await waitFor(() => expect(screen.getByTestId('card-on-file').textContent).toMatch('terminada en 4444'))
    const sent = calls.filter((c) => c.url === '/api/account/payment-method').map((c) => c.body)
    expect(sent.at(-1)).toEqual({ payment_method: 'pm_sandbox_test' })
    expect(JSON.stringify(sent)).not.toMatch(/5555|card_number/)
    expect(screen.getByText('Tu tarjeta nueva está guardada.')).toBeTruthy()
  })
})
