// A module of its own: only members' screens write whole numbers (coins), so home's first view does not
// carry it (money.tsx is in home's)
import { localeOf } from './locale'

/**
 * A whole number as en-US and es-US both write it ('1,234,567', '-1,234'), without Intl for a safe
 * integer: a page's first Intl format loads ICU's data, one task of 60 to 270 ms on a phone (a
 * member's coin balance in the header was one of 124 ms at CPU x7). Anything else goes to Intl,
 * rounded to a whole number.
 */
export function formatWhole(n: number, lng = 'en'): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString(localeOf(lng), { maximumFractionDigits: 0 })
  return n < 0 ? `-${grouped(-n)}` : grouped(n)
}

/** A non-negative whole number's digits in groups of three ('1,234,567'), as en-US and es-US write them. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
