const coinFormats = new Map<string, Intl.NumberFormat>()
/** Whole coins in the page's language, negatives in parentheses like money (SPEC 9). */
export function formatCoins(coins: number, lng = 'en'): string {
  const locale = lng === 'es' ? 'es-US' : 'en-US'
  let f = coinFormats.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    coinFormats.set(locale, f)
  }
  const n = Math.trunc(Number.isFinite(coins) ? coins : 0)
  return n < 0 ? `(${f.format(-n)})` : f.format(n)
}

/** The dollars (in cents) a number of coins pays at the rate of constants.json. */
export function coinsToCents(coins: number, coinsPerDollar: number): number {
  return Math.floor((coins * 100) / coinsPerDollar)
}
