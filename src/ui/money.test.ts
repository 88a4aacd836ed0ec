import { describe, expect, it, vi } from 'vitest'
import { formatCents } from './money'
import { formatWhole } from './whole'

describe('number format (SPEC 9)', () => {
  it('whole numbers (coins) are written as Intl writes them in English and Spanish, without creating a format', () => {
    const created: string[] = []
    const Real = Intl.NumberFormat
    const values = [
      0,
      1,
      7,
      999,
      1000,
      1234,
      9999,
      10000,
      12345,
      999999,
      1000000,
      1234567,
      2 ** 40,
      -1,
      -1234,
      -1234567,
    ]
    for (const locale of ['en-US', 'es-US']) {
      const intl = new Real(locale, { maximumFractionDigits: 0 })
      const lng = locale === 'es-US' ? 'es' : 'en'
      const spy = vi.spyOn(Intl, 'NumberFormat').mockImplementation((...a) => {
        created.push(String(a[0]))
        return new Real(...a)
      })
      try {
        for (const n of values) expect(formatWhole(n, lng)).toBe(intl.format(n))
      } finally {
        spy.mockRestore()
      }
    }
    expect(created).toEqual([])
    // what is not a safe integer is Intl's, rounded to a whole number
    expect(formatWhole(1234.6)).toBe('1,235')
  })

  it('US dollars, 2 decimals, cents divided by 100', () => {
    expect(formatCents(123456)).toBe('$1,234.56')
    expect(formatCents(5)).toBe('$0.05')
    expect(formatCents(0)).toBe('$0.00')
  })
  it('negatives in parentheses', () => {
    expect(formatCents(-1250)).toBe('($12.50)')
  })
  it('Spanish keeps US dollars', () => {
    expect(formatCents(1250, 'es')).toContain('12.50')
    expect(formatCents(-1250, 'es')).toMatch(/^\(.*12\.50.*\)$/)
  })
  it('whole cents are written as Intl writes them, in English and Spanish, without creating a format', () => {
    for (const locale of ['en-US', 'es-US']) {
      const intl = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
      })
      const lng = locale === 'es-US' ? 'es' : 'en'
      for (const cents of [
        0,
        1,
        9,
        10,
        99,
        100,
        101,
        999,
        1000,
        99999,
        100000,
        123456789,
        1e13 - 1,
        1e13,
        2 ** 53 - 1,
      ]) {
        expect(formatCents(cents, lng), `${locale} ${cents}`).toBe(intl.format(cents / 100))
        expect(formatCents(-cents, lng), `${locale} -${cents}`).toBe(
          cents ? `(${intl.format(cents / 100)})` : '$0.00',
        )
      }
      // a fraction of a cent still goes through Intl
      expect(formatCents(12.5, lng)).toBe(intl.format(0.125))
    }
  })
  it('a missing amount shows as zero', () => {
    expect(formatCents(Number.NaN)).toBe('$0.00')
  })
})
