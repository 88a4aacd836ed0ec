import { constants } from '../../src/config/constants'

const fmt = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: constants.numberFormat.currency,
  minimumFractionDigits: constants.numberFormat.decimals,
  maximumFractionDigits: constants.numberFormat.decimals,
})

/** SPEC 9: US dollars, 2 decimals, cents / 100, negatives in parentheses: -500 → "($5.00)". */
export function formatMoney(cents: number | null | undefined): string {
  const value = (Number(cents) || 0) / constants.numberFormat.centsDivisor
  const text = fmt.format(Math.abs(value))
  return value < 0 && constants.numberFormat.negativesInParentheses
    ? `(${text})`
    : value < 0
      ? `-${text}`
      : text
}
