import { constants } from '@core'
import { describe, expect, it } from 'vitest'
import { privacyVariant, termsVariant } from './variants'

const uk = constants.ukPrivacyCountryCodes

describe('termsVariant (SPEC 2.6: a shipping partner gets its own terms)', () => {
  it('is shipping only for a shipping partner', () => {
    expect(termsVariant('shipping')).toBe('shipping')
    expect(termsVariant('standard')).toBe('default')
    expect(termsVariant(null)).toBe('default')
    expect(termsVariant(undefined)).toBe('default')
  })
})

describe('privacyVariant (SPEC 2.6, 9: UK for UK or GB; shipping partner)', () => {
  it('gives the UK policy for UK and GB, in any case', () => {
    expect(uk).toEqual(expect.arrayContaining(['UK', 'GB']))
    expect(privacyVariant(null, 'GB', uk)).toBe('uk')
    expect(privacyVariant(null, 'UK', uk)).toBe('uk')
    expect(privacyVariant('standard', 'gb', uk)).toBe('uk')
    expect(privacyVariant(undefined, ' uk ', uk)).toBe('uk')
  })
  it('gives the default policy elsewhere or when the country is unknown', () => {
    for (const cc of ['US', 'CA', 'IE', 'AU', '', null, undefined])
      expect(privacyVariant(null, cc, uk)).toBe('default')
  })
  it('gives a shipping partner its own policy whatever the country', () => {
    expect(privacyVariant('shipping', 'GB', uk)).toBe('shipping')
    expect(privacyVariant('shipping', 'US', uk)).toBe('shipping')
    expect(privacyVariant('shipping', null, uk)).toBe('shipping')
  })
  it('follows the configured list of codes', () => {
    expect(privacyVariant(null, 'GB', ['UK'])).toBe('default')
  })
})
