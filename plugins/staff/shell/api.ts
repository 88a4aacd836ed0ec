import type { HttpClient } from '@core'
import {
  type AuditQuery,
  AuditReply,
  CreateStaffReply,
  type CreateStaffRequest,
  StaffAccountReply,
  StaffAccountsReply,
  StaffMeReply,
  StaffOverviewReply,
  StaffSignInReply,
  type StaffSignInRequest,
  TotpSetupReply,
  type TotpVerifyRequest,
} from './contract'

/** A reply that does not match the contract fails the call like a broken server would. */
const check =
  <T>(schema: { parse: (v: unknown) => T }) =>
  (v: unknown): T =>
    schema.parse(v)

const queryString = (q: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v))
  const s = p.toString()
  return s ? `?${s}` : ''
}

/** The staff shell's calls (the staff session is an HttpOnly cookie on /api/staff: nothing to add). */
export const staffApi = (http: HttpClient) => ({
  me: () => http.get<unknown>('/api/staff/me').then(check(StaffMeReply)),
  signIn: (body: StaffSignInRequest) =>
    http.post<unknown>('/api/staff/sign-in', body).then(check(StaffSignInReply)),
  totpSetup: () => http.post<unknown>('/api/staff/totp/setup', {}).then(check(TotpSetupReply)),
  totpVerify: (body: TotpVerifyRequest) =>
    http.post<unknown>('/api/staff/totp/verify', body).then(check(StaffSignInReply)),
  signOut: () => http.post<unknown>('/api/staff/sign-out', {}),
  overview: () => http.get<unknown>('/api/staff/overview').then(check(StaffOverviewReply)),
  accounts: () => http.get<unknown>('/api/staff/accounts').then(check(StaffAccountsReply)),
  createAccount: (body: CreateStaffRequest) =>
    http.post<unknown>('/api/staff/accounts', body).then(check(CreateStaffReply)),
  disableAccount: (id: number) =>
    http.post<unknown>(`/api/staff/accounts/${id}/disable`, {}).then(check(StaffAccountReply)),
  audit: (q: AuditQuery) => http.get<unknown>(`/api/staff/audit${queryString(q)}`).then(check(AuditReply)),
})
