import { localeOf } from './locale'

/** A t() of the app's texts: the core's texts ('core' namespace) are loaded before the first render. */
export type DateTexts = (key: string, options?: Record<string, unknown>) => string

/**
 * A date's year and month, with the month's short name from the core's texts (date.months), when the
 * texts can write it as Intl does: a readable date in years 1 to 9999, and twelve names. Null otherwise.
 *
 * Why the texts and not Intl: a page's first Intl date format loads ICU's calendar data, 60 to 270 ms
 * on a phone (CPU x3 to x4), in one task of the take-over's render (the purchase history's dates were
 * one of 90 ms at x3). The names are Intl's own (CLDR) for en-US and es-US; the tests hold them to it.
 */
export function dateParts(d: Date, t: DateTexts): { year: number; month: number; name: string } | null {
  const names = t('date.months', { ns: 'core' }).split(',')
  const year = d.getFullYear()
  if (Number.isNaN(d.getTime()) || names.length !== 12 || year < 1 || year > 9999) return null
  const month = d.getMonth()
  return { year, month, name: names[month]! }
}

/**
 * Intl's short-date format, one per locale, kept (for what the texts cannot write): toLocaleDateString
 * with options builds a new one on every call.
 */
const shortDates = new Map<string, Intl.DateTimeFormat>()

/**
 * A date the short way the page's language writes it ('Nov 26, 2026', '26 nov 2026'), from the core's
 * texts (date.months, date.short), or from Intl outside what they can write. An unreadable date throws,
 * as Intl's format() does: callers say what to show instead.
 */
export function formatShortDate(d: Date, lng: string, t: DateTexts): string {
  const p = dateParts(d, t)
  if (p) return t('date.short', { ns: 'core', month: p.name, day: d.getDate(), year: p.year })
  const locale = localeOf(lng)
  let f = shortDates.get(locale)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' })
    shortDates.set(locale, f)
  }
  return f.format(d)
}
