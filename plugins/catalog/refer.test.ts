import { constants } from '@core'
import { afterEach, describe, expect, it } from 'vitest'
import { referralCodeOf, rememberReferral } from './screens/ReferPage'

describe('/refer (SPEC 2.6 refer)', () => {
  afterEach(() => localStorage.clear())

  it('reads the code of the link the server gives (?ref=) or ?code=, letters and digits only', () => {
    expect(referralCodeOf(`?${constants.referenceQueryParam}=ab12CD`)).toBe('AB12CD')
    expect(referralCodeOf('?code=XY9')).toBe('XY9')
    expect(referralCodeOf('')).toBeNull()
    expect(referralCodeOf('?ref=<script>')).toBeNull()
    expect(referralCodeOf(`?ref=${'A'.repeat(21)}`)).toBeNull()
  })

  it('sets the refer-your-friend flag and keeps the code for the registration', () => {
    rememberReferral('?ref=ab12cd')
    expect(localStorage.getItem(constants.storageKeys.referFlag)).toBe('1')
    expect(localStorage.getItem(constants.storageKeys.referralCode)).toBe('AB12CD')
  })

  it('without a code: the flag only', () => {
    rememberReferral('')
    expect(localStorage.getItem(constants.storageKeys.referFlag)).toBe('1')
    expect(localStorage.getItem(constants.storageKeys.referralCode)).toBeNull()
  })
})
