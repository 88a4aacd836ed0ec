import { describe, expect, it } from 'vitest'
import { signedCents } from './amount'

describe('signedCents: a signed dollar amount as staff type it, in cents', () => {
  it('reads credits and debits with up to 2 decimals', () => {
    expect(signedCents('12.5')).toBe(1250)
    expect(signedCents('+$1,250.05')).toBe(125005)
    expect(signedCents('-0.99')).toBe(-99)
    expect(signedCents(' -$150 ')).toBe(-15000)
  })

  it('refuses what is not an amount, and zero', () => {
    for (const bad of ['', 'abc', '1.234', '12,5', '--3', '0', '-0.00', '1,25'])
      expect(signedCents(bad)).toBeNull()
  })
})
