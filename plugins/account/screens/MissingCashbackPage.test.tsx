import { HttpError } from '@core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/account-pages.json'
import es from '../../../locales/es/account-pages.json'
import { dayText } from '../components/order-claim'
import { INQUIRY_REFUSALS, type Inquiry, type InquiryStore } from '../contract'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import MissingCashbackPage from './MissingCashbackPage'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const store: InquiryStore = {
  internal_name: 'acme',
  name: 'Acme',
  logo_url: '/logo.png',
  last_click_at: new Date().toISOString(),
  open_from: day(-1),
  open_until: day(80),
  order_from: day(-3),
  order_to: day(0),
}
const inquiry = (over: Partial<Inquiry> = {}): Inquiry => ({
  id: 1,
  store: { internal_name: 'acme', name: 'Acme', logo_url: '/logo.png' },
  order_id: 'A-100',
  ordered_on: day(-2),
  amount_cents: 4999,
  status: 'under_review',
  created_at: new Date().toISOString(),
  matched_at: null,
  ...over,
})
/** A refusal as the server sends it: its code on the store field, the date beside it. */
const refusal = (code: string, date: string) =>
  new HttpError(
    'Request failed with status code 422',
    'status',
    422,
    { store: ['English text'] },
    {
      code,
      date,
      errors: { store: ['English text'] },
      codes: { store: code },
    },
  )

describe('MissingCashbackPage', () => {
  it('every refusal has its own text in English and Spanish, naming the date where there is one', () => {
    for (const texts of [en, es]) {
      const errors = texts.missing.errors as Record<string, string>
      for (const code of INQUIRY_REFUSALS) expect(errors[code], code).toBeTruthy()
      for (const code of ['too_soon', 'too_late', 'order_before_click'])
        expect(errors[code]).toContain('{{date}}')
    }
  })

  it('checks the fields before sending: each one its message, the focus on the first', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/cashback-inquiries/stores': () => ({ data: [store] }),
      'GET /api/account/cashback-inquiries': () => ({ data: [] }),
    })
    renderWith(<MissingCashbackPage />, { i18n: await makeI18n(), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Please enter the order date.')).toBeTruthy()
    expect(screen.getByText('Please enter the order number.')).toBeTruthy()
    expect(screen.getByText('Please enter the order amount.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Order date'))
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('a refusal says why in Spanish with its date, and keeps what was typed', async () => {
    const { http } = fakeHttp({
      'GET /api/account/cashback-inquiries/stores': () => ({ data: [store] }),
      'GET /api/account/cashback-inquiries': () => ({ data: [] }),
      'POST /api/account/cashback-inquiries': () => {
        throw refusal('too_soon', day(1))
      },
    })
    renderWith(<MissingCashbackPage />, { i18n: await makeI18n('es'), http })
    fireEvent.change(await screen.findByLabelText('Fecha del pedido'), { target: { value: day(0) } })
    fireEvent.change(screen.getByLabelText('Número de pedido'), { target: { value: 'A-100' } })
    fireEvent.change(screen.getByLabelText('Importe del pedido (dólares)'), { target: { value: '49.99' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reporte' }))
    const error = await waitFor(() => {
      const e = document.getElementById('store-error')
      expect(e).toBeTruthy()
      return e!
    })
    expect(error.textContent).toContain(dayText(day(1), 'es'))
    expect(screen.getByLabelText('Número de pedido')).toHaveProperty('value', 'A-100')
    expect(screen.getByLabelText('Importe del pedido (dólares)')).toHaveProperty('value', '49.99')
  })

  it('files the report in cents and lists it under review since today', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/cashback-inquiries/stores': () => ({ data: [store] }),
      'GET /api/account/cashback-inquiries': () => ({ data: [] }),
      'POST /api/account/cashback-inquiries': () => ({ data: inquiry() }),
    })
    renderWith(<MissingCashbackPage />, { i18n: await makeI18n(), http })
    fireEvent.change(await screen.findByLabelText('Order date'), { target: { value: day(-2) } })
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: ' A-100 ' } })
    fireEvent.change(screen.getByLabelText('Order amount (dollars)'), { target: { value: '$49.99' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByTestId('missing-done')).toBeTruthy()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      store: 'acme',
      ordered_on: day(-2),
      order_id: 'A-100',
      amount_cents: 4999,
    })
    const item = screen.getByTestId('inquiry')
    expect(item.getAttribute('data-status')).toBe('under_review')
    expect(screen.getByTestId('inquiry-status').textContent).toBe(
      `Under review since ${dayText(day(0), 'en')}`,
    )
  })
})
