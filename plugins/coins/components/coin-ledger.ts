import { formatWhole } from '@core'

/** Whole coins in the page's language, negatives in parentheses like money (SPEC 9). */
export function formatCoins(coins: number, lng = 'en'): string {
  const n = Math.trunc(Number.isFinite(coins) ? coins : 0)
  // without Intl (formatWhole): a page's first Intl format loads ICU's data, a long task on a phone
  return n < 0 ? `(${formatWhole(-n, lng)})` : formatWhole(n, lng)
}

/** The dollars (in cents) a number of coins pays at the rate of constants.json. */
export function coinsToCents(coins: number, coinsPerDollar: number): number {
  return Math.floor((coins * 100) / coinsPerDollar)
}
