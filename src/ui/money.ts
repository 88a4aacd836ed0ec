import { constants } from '../config/constants'

const { currency, decimals, centsDivisor, negativesInParentheses } = constants.numberFormat

/**
 * Money as the spec shows it (SPEC 9): US dollars with 2 decimals, amounts in cents divided by 100,
 * negatives in parentheses. formatCents(-1250) is '($12.50)'.
 */
export function formatCents(cents: number, lng = 'en'): string {
  const value = (Number.isFinite(cents) ? cents : 0) / centsDivisor
  const text = new Intl.NumberFormat(lng === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(value))
  if (value < 0) return negativesInParentheses ? `(${text})` : `-${text}`
  return text
}
