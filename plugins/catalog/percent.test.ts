import { describe, expect, it } from 'vitest'
import { percentOf } from './url'

describe('percentOf (a rate in basis points)', () => {
  it('writes whole basis points as Intl does, without creating a format', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
    for (const bp of [
      0,
      1,
      5,
      10,
      50,
      99,
      100,
      101,
      110,
      250,
      300,
      1234,
      99999,
      123456,
      1e13 - 1,
      -250,
      -1,
    ]) {
      expect(percentOf(bp), String(bp)).toBe(`${intl.format(bp / 100)}%`)
    }
  })
  it('leaves fractions of a basis point and huge values to Intl', () => {
    expect(percentOf(12.5)).toBe('0.13%')
    expect(percentOf(1e13)).toBe(`${(1e11).toLocaleString('en-US')}%`)
  })
})
