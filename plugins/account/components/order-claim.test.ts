import { HttpError } from '@core'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { orderProblems, refusalText, showRefusal } from './order-claim'

const t = ((key: string, o?: Record<string, unknown>) =>
  key.endsWith('.errors.too_late')
    ? `closed on ${o?.date}`
    : key.endsWith('.errors.')
      ? ''
      : key) as TFunction
const refused = (errors: Record<string, string[]>, codes: Record<string, string> = {}, extra = {}) =>
  new HttpError('Unprocessable', 'status', 422, errors, { codes, ...extra })

describe('orderProblems (the order forms: missing cash back, rebate claims)', () => {
  it('an order number, a day and an amount of a cent or more pass', () => {
    expect(orderProblems({ order: 'A-1', day: '2026-01-31', amount: '$0.01' })).toEqual({})
  })

  it('names each missing or malformed part', () => {
    expect(orderProblems({ order: ' ', day: '31/01/2026', amount: '' })).toEqual({
      order: 'order_required',
      day: 'date_required',
      amount: 'amount_required',
    })
    expect(orderProblems({ order: 'A-1', day: '2026-01-31', amount: '0' }).amount).toBe('amount_invalid')
    expect(orderProblems({ order: 'A-1', day: '2026-01-31', amount: '1.234' }).amount).toBe('amount_invalid')
  })
})

describe('refusalText', () => {
  it("the text of the field's code with its values, else the server's words, else the generic text", () => {
    const e = refused({ ordered_on: ['Too late.'], store: ['Unknown.'] }, { ordered_on: 'too_late' })
    expect(refusalText(t, 'missing', e, 'ordered_on', () => ({ date: 'May 1' }))).toBe('closed on May 1')
    expect(refusalText(t, 'missing', e, 'store')).toBe('Too late.')
    expect(refusalText(t, 'missing', refused({}), '')).toBe('missing.errors.generic')
  })

  it('null values: the server words instead of the code text; a failure that is no HTTP answer: the network text', () => {
    const e = refused({ ordered_on: ['The window closed.'] }, { ordered_on: 'too_late' })
    expect(refusalText(t, 'claim', e, 'ordered_on', () => null)).toBe('The window closed.')
    expect(refusalText(t, 'claim', new TypeError('Failed to fetch'), '')).toBe('claim.errors.network')
  })
})

describe('showRefusal', () => {
  function form() {
    const shown: { fields?: Record<string, string>; alert?: string | null } = {}
    return {
      shown,
      show: (fields: Record<string, string>, alert: string | null) => Object.assign(shown, { fields, alert }),
    }
  }

  it("puts each error under the form's field (amount_cents is the amount), the first other one in the alert", () => {
    const f = form()
    const e = refused({ amount_cents: ['Too much.'], order_id: ['Taken.'], member: ['No.'], plan: ['Nope.'] })
    showRefusal(f, e, ['order_id', 'amount'], (key) => `text of ${key}`)
    expect(f.shown).toEqual({
      fields: { amount: 'text of amount_cents', order_id: 'text of order_id' },
      alert: 'text of member',
    })
  })

  it('a failure without field errors is one alert', () => {
    const f = form()
    showRefusal(f, new HttpError('offline', 'network'), ['amount'], (key) => `text of '${key}'`)
    expect(f.shown).toEqual({ fields: {}, alert: "text of ''" })
  })

  it("names the form's field of a key with fieldOf", () => {
    const f = form()
    const e = refused({ 'receipt.data': ['Too big.'] })
    showRefusal(
      f,
      e,
      ['receipt'],
      (key) => key,
      (key) => (key.startsWith('receipt') ? 'receipt' : key),
    )
    expect(f.shown.fields).toEqual({ receipt: 'receipt.data' })
  })
})
