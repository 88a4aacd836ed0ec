import type { SessionMember } from '@core'
import type { Attribution } from './attribution'
import type { TrackingEvent } from './contract'
import { reengagementOf } from './reengagement'

/**
 * What the tracker reads of the member: the core's session view (src/index Session), any field may be
 * missing (no plugin provides the session, or it is mid-restore).
 */
export type Member = Partial<Pick<SessionMember, 'id' | 'subscriber' | 'partnerId' | 'signedUpAt'>>

export const actionPattern = /^[A-Za-z0-9_.:-]{1,100}$/

const cap = (v: unknown, n: number) => (typeof v === 'string' ? v.slice(0, n) : v)

/** The event body of SPEC 3 ("Tracking event payload"), as POST /api/elk?action= takes it. */
export function buildEvent(input: {
  action: string
  attribution: Attribution
  member: Member | null | undefined
  /** The session's login token (re-engagement reads its issue date). */
  token?: string | null
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
    ...reengagementOf({ sid: a.sid, token: input.token, now: input.now, timeZone: input.timeZone }),
    install_time: input.installTime,
    signup_date: typeof m?.signedUpAt === 'string' ? m.signedUpAt.slice(0, 40) : null,
    user_id: m?.id ?? null,
    subscriber: m?.subscriber ? 1 : 0,
    webpartner_id: m?.partnerId ?? null,
    web_partner_name: input.partnerName?.slice(0, 100) ?? null,
    currenturl: input.currentUrl.slice(0, 2000),
  }
}
