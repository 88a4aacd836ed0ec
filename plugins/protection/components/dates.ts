import { localeOf } from '@core'

/**
 * A day the server gives as a date ('2026-03-01') or as midnight UTC is that calendar day wherever
 * the member is; any other moment is shown in the member's time zone.
 */
function dayOnly(iso: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) || /T00:00(:00(\.0+)?)?(Z|\+00:00)$/.test(iso)
}

function parse(iso: string): Date | null {
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso)
  return Number.isNaN(d.getTime()) ? null : d
}

/** The parts of a day as the pages write it (a short month name). */
const DAY = { year: 'numeric', month: 'short', day: 'numeric' } as const

/** A date in the page's language ("Mar 1, 2026", "1 mar 2026"). */
export function formatDay(iso: string, lng: string): string {
  const d = parse(iso)
  return d
    ? d.toLocaleDateString(localeOf(lng), { ...DAY, ...(dayOnly(iso) ? { timeZone: 'UTC' } : {}) })
    : iso
}

/** A date and time in the page's language, in the member's time zone. */
export function formatDateTime(iso: string, lng: string): string {
  const d = parse(iso)
  return d ? d.toLocaleString(localeOf(lng), { ...DAY, hour: 'numeric', minute: '2-digit' }) : iso
}

/** Names joined the way the language lists them ("Amazon and Expedia", "Amazon y Expedia"). */
export function formatList(items: readonly string[], lng: string): string {
  try {
    return new Intl.ListFormat(localeOf(lng), { type: 'conjunction' }).format(items)
  } catch {
    return items.join(', ')
  }
}

/** The calendar day (UTC) of a moment, for comparing days. */
const day = (iso: string) => parse(iso)?.toISOString().slice(0, 10) ?? iso.slice(0, 10)

/**
 * A delivery is late when it came on a later day than promised, or has not come and the promised
 * day is over. Without a promise it cannot be late.
 */
export function deliveryLate(
  promised: string | null,
  delivered: string | null,
  now: Date = new Date(),
): boolean {
  if (!promised) return false
  return delivered ? day(delivered) > day(promised) : now.toISOString().slice(0, 10) > day(promised)
}
