import { localeOf } from '@core'
/**
 * The monthly gift card sweepstakes: the facts its Official Rules (/sweepstakes-rules), the static
 * page (public/pages/sweepstakes.html) and the verify page (/sweepstakes/verify) state. The age comes
 * from constants.minimumAge. Change a fact here and in the static page together (a unit test checks).
 */
export const sweepstakes = {
  sponsor: 'Rewards Technologies, Inc.',
  address: '100 Pine Street, Suite 1250, San Francisco, CA 94111, USA',
  /** Entry period, inclusive, Pacific Time. Each calendar month inside it is one drawing. */
  start: '2026-01-01',
  end: '2026-12-31',
  /** One prize per monthly drawing. */
  prizeCents: 10_000,
  drawings: 12,
  /** The winner is drawn within this many days after a month ends, and told by e-mail within this many days of the drawing. */
  drawWithinDays: 10,
  notifyWithinDays: 7,
  /** A winner who does not reply in time is replaced by an alternate winner. */
  replyWithinDays: 14,
} as const

/** The shape of a confirmation code in a /sweepstakes/verify link (URL-safe, 16 to 128 characters). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/

export type TokenState = 'missing' | 'invalid' | 'well-formed'

/** What the verify page can say about the `token` query parameter without asking a server. */
export function tokenState(search: string): TokenState {
  const token = new URLSearchParams(search).get('token')
  if (token === null || token.trim() === '') return 'missing'
  return TOKEN_PATTERN.test(token) ? 'well-formed' : 'invalid'
}

/** A date of the rules (YYYY-MM-DD, a calendar day) in the reader's language, without a time-zone shift. */
export function ruleDate(day: string, lng: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(localeOf(lng), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)))
}
