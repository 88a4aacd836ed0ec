import { describe, expect, it } from 'vitest'
import { positiveCents } from './dollars'

describe('positiveCents: a dollar amount staff type for an approval or a credit', () => {
  it('reads whole dollars, cents, a dollar sign and thousands separators', () => {
    expect(positiveCents('12')).toBe(1200)
    expect(positiveCents(' 12.5 ')).toBe(1250)
    expect(positiveCents('$1,250.05')).toBe(125005)
  })
  it('refuses zero, a negative amount, more than two decimals and stray characters', () => {
    for (const text of ['0', '0.00', '-3', '1.234', '12a', '', '1,25']) expect(positiveCents(text)).toBeNull()
  })
})
