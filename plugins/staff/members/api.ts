import { type HttpClient, type ListReply, useServices } from '@core'
import type {
  Adjustment,
  AdjustmentReply,
  AdjustmentRequest,
  MemberClicksReply,
  MemberLedgerReply,
  MemberReply,
  MemberSummary,
} from './contract'

/** The member lookup's calls (server/routes/staff/members.ts); the staff cookie goes with each. */
export function membersApi(http: HttpClient) {
  const member = (id: number) => `/api/staff/members/${id}`
  return {
    search: (q: string) =>
      http.get<ListReply<MemberSummary>>(`/api/staff/members?q=${encodeURIComponent(q)}`),
    member: (id: number) => http.get<MemberReply>(member(id)),
    ledger: (id: number, page: number) => http.get<MemberLedgerReply>(`${member(id)}/ledger?page=${page}`),
    clicks: (id: number, page: number) => http.get<MemberClicksReply>(`${member(id)}/clicks?page=${page}`),
    lock: (id: number, locked: boolean, reason: string) =>
      http.post<MemberReply>(`${member(id)}/${locked ? 'lock' : 'unlock'}`, { reason }),
    adjustments: (id: number) => http.get<ListReply<Adjustment>>(`${member(id)}/adjustments`),
    adjust: (id: number, body: AdjustmentRequest) =>
      http.post<AdjustmentReply>(`${member(id)}/adjustments`, body),
    pending: () => http.get<ListReply<Adjustment>>('/api/staff/adjustments'),
    approve: (id: number) => http.post<AdjustmentReply>(`/api/staff/adjustments/${id}/approve`),
    reject: (id: number, reason: string) =>
      http.post<AdjustmentReply>(`/api/staff/adjustments/${id}/reject`, { reason }),
  }
}

/** This folder's calls with the app's HTTP client (a screen's hook). */
export const useMembersApi = () => membersApi(useServices().http)
