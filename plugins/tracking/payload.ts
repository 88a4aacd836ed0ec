import type { User } from '../auth/contract'
import type { Attribution } from './attribution'
import type { TrackingEvent } from './contract'
import { reengagementOf } from './reengagement'

/** What the tracker knows of the member; every field optional (the auth plugin may be absent or mid-restore). */
export type Member = Partial<Pick<User, 'created_at' | 'login_token' | 'country_code'>> & {
  user_id?: number | string
  subscribed?: boolean | number
  webpartner_id?: number | string | null
}

export const actionPattern = /^[A-Za-z0-9_.:-]{1,100}$/

const cap = (v: unknown, n: number) => (typeof v === 'string' ? v.slice(0, n) : v)

/** The event body of SPEC 3 ("Tracking event payload"), as POST /api/elk?action= takes it. */
export function buildEvent(input: {
  action: string
  attribution: Attribution
  member: Member | null | undefined
  partnerName: string | null
  currentUrl: string
  installTime: number | null
  now: Date
  timeZone?: string
  /** Extra fields of the event (e.g. the path of an unauthenticated attempt); they never replace the spec's. */
  data?: Record<string, unknown>
}): TrackingEvent & Record<string, unknown> {
  const m = input.member ?? undefined
  const a = input.attribution
  const extra: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(input.data ?? {})) extra[k] = cap(v, 2000)
  return {
    ...extra,
    action: input.action,
    sid: a.sid,
    cid: a.cid,
    partner: a.partner,
    website: a.website,
    url: a.url,
    origin: a.origin,
    ...reengagementOf({ sid: a.sid, token: m?.login_token, now: input.now, timeZone: input.timeZone }),
    install_time: input.installTime,
    signup_date: typeof m?.created_at === 'string' ? m.created_at.slice(0, 40) : null,
    user_id: m?.user_id ?? null,
    subscriber: m?.subscribed ? 1 : 0,
    webpartner_id: m?.webpartner_id ?? null,
    web_partner_name: input.partnerName?.slice(0, 100) ?? null,
    currenturl: input.currentUrl.slice(0, 2000),
  }
}
