import { describe, expect, it } from 'vitest'
import { formatCardNumber, formatExp, serverErrors, validateCard, validateSignup } from './forms'

const now = new Date('2030-06-15T12:00:00Z')
const good = { card_number: '4242 4242 4242 4242', zip: '10001', cvv: '123', exp: '12/31' }

describe('card fields (SPEC 5)', () => {
  it('each empty field gets only its "cannot be empty" message', () => {
    expect(validateCard({ card_number: '', zip: ' ', cvv: '', exp: '' }, now)).toEqual({
      card_number: 'errors.cardEmpty',
      zip: 'errors.zipEmpty',
      cvv: 'errors.cvvEmpty',
      exp: 'errors.expEmpty',
    })
  })
  it('accepts a good card and refuses bad numbers, CVVs, formats and past dates', () => {
    expect(validateCard(good, now)).toEqual({})
    expect(validateCard({ ...good, exp: '06/2030' }, now)).toEqual({})
    expect(validateCard({ ...good, card_number: '4242' }, now).card_number).toBe('errors.cardInvalid')
    expect(validateCard({ ...good, card_number: '4242x4242x4242x4242' }, now).card_number).toBe(
      'errors.cardInvalid',
    )
    expect(validateCard({ ...good, cvv: '12' }, now).cvv).toBe('errors.cvvInvalid')
    expect(validateCard({ ...good, exp: '13/31' }, now).exp).toBe('errors.expInvalid')
    expect(validateCard({ ...good, exp: '05/30' }, now).exp).toBe('errors.expPast')
    expect(validateCard({ ...good, zip: '1' }, now).zip).toBe('errors.zipInvalid')
  })
  it('formats the number in fours and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242-42')).toBe('4242 42')
    expect(formatExp('12', '1')).toBe('12/')
    expect(formatExp('12/', '12/3')).toBe('12')
    expect(formatExp('1231', '')).toBe('12/31')
    expect(formatExp('12', '12/')).toBe('1')
  })
})

describe('sign-up fields (SPEC 5)', () => {
  const ok = { name: 'Ana', phone: '', email: 'ana@example.com', password: 'long enough', terms: true }
  it('phone is optional; the other rules give the spec messages', () => {
    expect(validateSignup(ok)).toEqual({})
    expect(validateSignup({ name: ' ', phone: 'abc', email: 'x@', password: 'short', terms: false })).toEqual(
      {
        name: 'errors.name',
        phone: 'errors.phone',
        email: 'errors.email',
        password: 'errors.password',
        terms: 'errors.terms',
      },
    )
  })
})

describe('server errors', () => {
  it('maps the server codes to keys (so Spanish shows Spanish) and keeps texts of unknown codes as they are', () => {
    expect(
      serverErrors(
        {
          card_number: ['Your payment was declined. Please insert a valid card and click "submit".'],
          zip: ['Zip Code cannot be empty.'],
          exp: ['Something new.'],
          name: ['No code for this one.'],
          cvv: [],
        },
        { card_number: 'card_declined', zip: 'too_short', exp: 'brand_new_code', cvv: 'required' },
      ),
    ).toEqual({
      card_number: 'errors.declined',
      zip: 'errors.zipEmpty',
      exp: '!Something new.',
      name: '!No code for this one.',
    })
  })
  it('a refused second trial and a token to make again have their own texts (issue 27)', () => {
    expect(
      serverErrors(
        { plan: ['You have already had a free trial.'], payment_method: ['Please enter your card again.'] },
        { plan: 'trial_used', payment_method: 'invalid_payment_method' },
      ),
    ).toEqual({ plan: 'errors.trialUsed', payment_method: 'errors.cardAgain' })
  })
  it('never reads the English message: a known text without its code is shown as is', () => {
    expect(serverErrors({ card_number: ['Card Number cannot be empty.'] })).toEqual({
      card_number: '!Card Number cannot be empty.',
    })
  })
})
