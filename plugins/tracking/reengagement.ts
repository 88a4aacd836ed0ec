/**
 * SPEC 4 "Tracking": a sid that begins with an 8-digit date (MMDDYYYY) earlier than today makes the
 * visit a re-engagement, and membership_day is the number of days since that date. Without such a sid
 * the issue date (iat) of the login token is used the same way. Days are calendar days in the
 * visitor's time zone, so a visit late in the evening and one early next morning are a day apart.
 */

export interface Reengagement {
  reengagement: 0 | 1
  /** Days since the reference date; null when there is none (a visitor with an undated sid). */
  membership_day: number | null
}

type Ymd = [year: number, month: number, day: number]

/** The calendar date of an instant in a time zone (the runtime's own zone when none is given). */
export function dateIn(instant: Date, timeZone?: string): Ymd {
  if (!timeZone) return [instant.getFullYear(), instant.getMonth() + 1, instant.getDate()]
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(instant)
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value)
  return [get('year'), get('month'), get('day')]
}

/** The date at the start of a sid ('03092025_fb' is 9 March 2025), or undefined when it is not a real date. */
export function sidDate(sid: string | undefined): Ymd | undefined {
  const m = /^(\d{2})(\d{2})(\d{4})/.exec(sid ?? '')
  if (!m) return undefined
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(Date.UTC(year, month - 1, day))
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined
  return [year, month, day]
}

function base64UrlDecode(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/')
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

/** The iat claim (seconds) of a login token. Throws 'Invalid JWT' for anything that is not three dot-separated parts. */
export function tokenIssuedAt(token: string): number {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((p) => p === '')) throw new Error('Invalid JWT')
  const claims = JSON.parse(base64UrlDecode(parts[1]!)) as { iat?: unknown }
  if (typeof claims.iat !== 'number' || !Number.isFinite(claims.iat)) throw new Error('Invalid JWT')
  return claims.iat
}

const dayNumber = ([y, m, d]: Ymd) => Date.UTC(y, m - 1, d) / 86_400_000

/** Whole calendar days from `from` to `to` (negative when `from` is later). */
export function daysBetween(from: Ymd, to: Ymd): number {
  return Math.round(dayNumber(to) - dayNumber(from))
}

export function reengagementOf(opts: {
  sid?: string
  token?: string | null
  now: Date
  timeZone?: string
}): Reengagement {
  const today = dateIn(opts.now, opts.timeZone)
  let ref = sidDate(opts.sid)
  if (!ref && opts.token) {
    try {
      ref = dateIn(new Date(tokenIssuedAt(opts.token) * 1000), opts.timeZone)
    } catch {
      // 'Invalid JWT' (or an undecodable one): caught silently, as the spec says
    }
  }
  if (!ref) return { reengagement: 0, membership_day: null }
  const days = daysBetween(ref, today)
  return days > 0 ? { reengagement: 1, membership_day: days } : { reengagement: 0, membership_day: 0 }
}
