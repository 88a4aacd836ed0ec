import { describe, expect, it } from 'vitest'
import { formatCents } from './money'

describe('number format (SPEC 9)', () => {
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
