import { constants, HttpError } from '@core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/account-pages.json'
import es from '../../../locales/es/account-pages.json'
import { CLAIM_REFUSALS, type Claim } from '../contract'
import { fakeHttp, fakeSession, makeI18n, member, renderWith } from '../member/test-utils'
import RebateClaimPage from './RebateClaimPage'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const CAP = constants.shippingRebateMaxPerMonth * constants.numberFormat.centsDivisor
const LIST = 'GET /api/account/rebate-claims?benefit_type=shipping'
/** What the claims list says of the receipt's size and the order's age (the server's constants). */
const LIMITS = {
  receipt_max_bytes: constants.rebateClaims.receiptMaxBytes,
  order_max_age_days: constants.rebateClaims.orderMaxAgeDays,
}
const claim = (over: Partial<Claim> = {}): Claim => ({
  id: 7,
  benefit_type: 'shipping',
  order_number: 'SHIP-1',
  order_date: day(-2),
  amount_cents: 1250,
  status: 'in_review',
  approved_cents: null,
  reason: null,
  receipt_type: 'application/pdf',
  created_at: new Date().toISOString(),
  decided_at: null,
  ...over,
})
const pdf = (bytes = 64) =>
  new File([`%PDF-1.4${' '.repeat(bytes)}`], 'receipt.pdf', { type: 'application/pdf' })
const page = (type = 'shipping') => <RebateClaimPage params={{ benefit_type: type }} />

async function fill(labels: { order: string; date: string; amount: string; receipt: string }, file = pdf()) {
  fireEvent.change(await screen.findByLabelText(labels.order), { target: { value: ' SHIP-1 ' } })
  fireEvent.change(screen.getByLabelText(labels.date), { target: { value: day(-2) } })
  fireEvent.change(screen.getByLabelText(labels.amount), { target: { value: '12.50' } })
  fireEvent.change(screen.getByLabelText(labels.receipt), { target: { files: [file] } })
}
const EN = { order: 'Order number', date: 'Order date', amount: 'Amount (dollars)', receipt: 'Receipt' }
const ES = {
  order: 'Número de pedido',
  date: 'Fecha del pedido',
  amount: 'Importe (dólares)',
  receipt: 'Recibo',
}

const errors = { amount_cents: ['English text'] }

describe('RebateClaimPage', () => {
  it('every refusal of the server has its text in English and Spanish', () => {
    for (const texts of [en, es]) {
      const errors = texts.claim.errors as Record<string, string>
      for (const code of CLAIM_REFUSALS) expect(errors[code], code).toBeTruthy()
      expect(errors.over_monthly_cap).toContain('{{left}}')
    }
  })

  it('checks the fields before sending, and a receipt over the size limit is refused on the page', async () => {
    const { http, calls } = fakeHttp({
      [LIST]: () => ({ data: [], left: { shipping: CAP, rideshare: 1000 }, limits: LIMITS }),
    })
    renderWith(page(), { i18n: await makeI18n(), http, session: fakeSession(member).session })
    fireEvent.click(await screen.findByRole('button', { name: 'File claim' }))
    expect(await screen.findByText('Please enter the order number.')).toBeTruthy()
    expect(screen.getByText('Please add the receipt.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Order number'))
    await fill(EN, pdf(constants.rebateClaims.receiptMaxBytes))
    fireEvent.click(screen.getByRole('button', { name: 'File claim' }))
    expect(await screen.findByText(/The receipt must be at most 5 MB/)).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })

  it('a claim over what is left of the cap is refused in Spanish with what is left, keeping what was typed', async () => {
    const { http } = fakeHttp({
      [LIST]: () => ({ data: [], left: { shipping: 500, rideshare: 1000 }, limits: LIMITS }),
      'POST /api/account/rebate-claims': () => {
        throw new HttpError('Request failed with status code 422', 'status', 422, errors, {
          code: 'over_monthly_cap',
          errors,
          codes: { amount_cents: 'over_monthly_cap' },
          left_cents: 500,
        })
      },
    })
    renderWith(page(), { i18n: await makeI18n('es'), http, session: fakeSession(member).session })
    expect(await screen.findByText('Disponible este mes: $5.00 de $100.00.')).toBeTruthy()
    await fill(ES)
    fireEvent.click(screen.getByRole('button', { name: 'Enviar reclamo' }))
    const error = await waitFor(() => {
      const e = document.getElementById('amount-error')
      expect(e).toBeTruthy()
      return e!
    })
    expect(error.textContent).toBe('Es más de lo que queda del límite mensual: $5.00.')
    expect(screen.getByLabelText('Importe (dólares)')).toHaveProperty('value', '12.50')
  })

  it('files the claim in cents with the receipt as base64, then lists it in review', async () => {
    const { http, calls } = fakeHttp({
      [LIST]: () => ({ data: [], left: { shipping: CAP, rideshare: 1000 }, limits: LIMITS }),
      'POST /api/account/rebate-claims': () => ({
        data: claim(),
        left: { shipping: CAP - 1250, rideshare: 1000 },
      }),
    })
    renderWith(page(), { i18n: await makeI18n(), http, session: fakeSession(member).session })
    const file = pdf()
    await fill(EN, file)
    fireEvent.click(screen.getByRole('button', { name: 'File claim' }))
    expect(await screen.findByTestId('rebate-claim-done')).toBeTruthy()
    const body = calls.find((c) => c.method === 'POST')?.body as Record<string, unknown>
    expect(body).toMatchObject({
      benefit_type: 'shipping',
      order_number: 'SHIP-1',
      order_date: day(-2),
      amount_cents: 1250,
    })
    const receipt = body.receipt as { name: string; data: string }
    expect(receipt.name).toBe('receipt.pdf')
    expect(Buffer.from(receipt.data, 'base64').toString('latin1')).toBe(await file.text())
    expect(screen.getByTestId('rebate-claim').getAttribute('data-status')).toBe('in_review')
    expect(screen.getByTestId('rebate-claim-status').textContent).toBe('In review')
    expect(screen.getByTestId('rebate-claim-left').textContent).toBe('Left this month: $87.50 of $100.00.')
  })

  it('a member without Plus is told claims are a Plus benefit; cash back has no claim form', async () => {
    const { http } = fakeHttp({})
    const { unmount } = renderWith(page(), {
      i18n: await makeI18n(),
      http,
      session: fakeSession({ ...member, plus: false }).session,
    })
    expect(
      await screen.findByText(
        'Join Plus to claim rebates on shipping, food delivery, rides, streaming and groceries.',
      ),
    ).toBeTruthy()
    unmount()
    renderWith(page('cashback'), { i18n: await makeI18n(), http, session: fakeSession(member).session })
    expect(await screen.findByText('Claims are for the Plus benefits that pay by claim.')).toBeTruthy()
  })
})
