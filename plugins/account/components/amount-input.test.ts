import { describe, expect, it } from 'vitest'
import { parseDollars } from './amount-input'

describe('parseDollars', () => {
  it('reads dollars with up to 2 decimals as cents', () => {
    expect(parseDollars('12.50')).toBe(1250)
    expect(parseDollars('$1,250')).toBe(125_000)
    expect(parseDollars('12,5')).toBe(1250)
    expect(parseDollars('7')).toBe(700)
  })
  it('refuses what is not an amount', () => {
    expect(parseDollars('')).toBeNull()
    expect(parseDollars('12.345')).toBeNull()
    expect(parseDollars('-5')).toBeNull()
    expect(parseDollars('ten')).toBeNull()
  })
})
