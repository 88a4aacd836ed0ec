import { constants } from '../config/constants'
import { useTranslation } from '../i18n/use-translation'
import { localeOf } from './locale'

const { currency, decimals, centsDivisor, negativesInParentheses } = constants.numberFormat

/**
 * Money as the spec shows it (SPEC 9): US dollars with 2 decimals, amounts in cents divided by 100,
 * negatives in parentheses. formatCents(-1250) is '($12.50)'.
 */
// Creating an Intl.NumberFormat costs far more than formatting with one: one per locale, kept.
const formats = new Map<string, Intl.NumberFormat>()
function moneyFormat(locale: string): Intl.NumberFormat {
  let f = formats.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    formats.set(locale, f)
  }
  return f
}

/**
 * US dollars in whole cents as Intl writes them in en-US and es-US alike ('$1,234.50'), without Intl:
 * a page's first Intl format costs 60 to 270 ms on a phone (CPU x4, ICU's locale data), in one task of
 * the take-over's render of home. Undefined for what Intl must write (another currency or precision).
 */
function plainDollars(cents: number): string | undefined {
  if (currency !== 'USD' || decimals !== 2 || centsDivisor !== 100) return undefined
  // whole cents, and few enough digits that cents / 100 is exactly what Intl is given to write
  if (!Number.isInteger(cents) || Math.abs(cents) >= 1e13) return undefined
  const abs = Math.abs(cents)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `$${whole}.${String(abs % 100).padStart(2, '0')}`
}

export function formatCents(cents: number, lng = 'en'): string {
  const value = (Number.isFinite(cents) ? cents : 0) / centsDivisor
  const text =
    plainDollars(Number.isFinite(cents) ? cents : 0) ?? moneyFormat(localeOf(lng)).format(Math.abs(value))
  if (value < 0) return negativesInParentheses ? `(${text})` : `-${text}`
  return text
}

/** An amount in cents, formatted the one way the product shows money (formatCents, in the page's language). */
export function Money({ cents }: { cents: number }) {
  const { i18n } = useTranslation()
  return <span className="money">{formatCents(cents, i18n.language)}</span>
}
