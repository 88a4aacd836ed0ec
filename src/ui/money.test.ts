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
  it('a missing amount shows as zero', () => {
    expect(formatCents(Number.NaN)).toBe('$0.00')
  })
})
