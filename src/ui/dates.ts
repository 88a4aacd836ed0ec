import { localeOf } from './locale'

/**
 * One short-date format per locale, kept: `toLocaleDateString` with options builds a new one on every
 * call (a member's purchase history writes two or three dates on each of its 25 rows).
 */
const shortDates = new Map<string, Intl.DateTimeFormat>()

/**
 * A date the short way the page's language writes it ('Nov 26, 2026', '26 nov 2026'). An unreadable
 * date throws, as Intl's format() does: callers say what to show instead.
 */
export function formatShortDate(d: Date, lng: string): string {
  const locale = localeOf(lng)
  let f = shortDates.get(locale)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' })
    shortDates.set(locale, f)
  }
  return f.format(d)
}
