import { describe, expect, it } from 'vitest'
import constants from '../../../config/constants.json'
import { coinsToCents, formatCoins } from './coin-ledger'

describe('coin amounts', () => {
  it('are whole, grouped, negatives in parentheses', () => {
    expect(formatCoins(1500)).toBe('1,500')
    expect(formatCoins(-250)).toBe('(250)')
    expect(formatCoins(12.7)).toBe('12')
  })
  it('turn into dollars at the rate of constants.json', () => {
    const rate = constants.coinWithdrawal.coinsPerDollar
    expect(coinsToCents(rate * 10, rate)).toBe(1000)
    expect(coinsToCents(1, rate)).toBe(Math.floor(100 / rate))
  })
})
