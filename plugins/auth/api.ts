import type { HttpClient } from '@core'
import type {
  EmailChangeReply,
  LoginReply,
  MergeReply,
  SocialProvidersReply,
  SocialStartReply,
  SuccessReply,
} from './contract'

/**
 * The auth plugin's calls, through the core HTTP client: the store's session calls (model.ts) and the
 * sign-in, sign-up and account flows (flows.ts). The replies are read where they are used.
 */
export const authApi = (http: HttpClient) => ({
  syncToken: (body: { nocache?: boolean } = {}) => http.post<LoginReply>('/api/sync-token', body),
  refresh: () => http.post<LoginReply>('/api/refresh', {}),
  logout: () => http.post('/api/logout', {}),
  /** SPEC 4 promo credit of a flow1 or flow5 sign-up. */
  giveCredit: (flow: 'flow1' | 'flow5') =>
    http.post(flow === 'flow5' ? '/api/give-credit?ucb=flow5' : '/api/give-credit', {}),
  login: (body: Record<string, string>) => http.post<unknown>('/api/web/login', body),
  register: (body: Record<string, unknown>) => http.post<unknown>('/api/web/register', body),
  socialCallback: (provider: string, body: { email: string; name?: string }) =>
    http.post<unknown>(`/api/auth/${encodeURIComponent(provider)}/callback`, body),
  /** Issue 31 · OpenID Connect: the providers, the start (the provider's address), the callback's code, the link. */
  socialProviders: () => http.get<SocialProvidersReply>('/api/auth/providers'),
  socialStart: (provider: string, redirect: string | null) =>
    http.post<SocialStartReply>(`/api/auth/${encodeURIComponent(provider)}/start`, { redirect }),
  socialExchange: (provider: string, body: { code: string; state: string; iss?: string }) =>
    http.post<unknown>(`/api/auth/${encodeURIComponent(provider)}/exchange`, body),
  socialLink: (linkToken: string, password: string) =>
    http.post<unknown>('/api/auth/social/link', { link_token: linkToken, password }),
  exchangeLoginCode: (code: string) => http.post<unknown>('/api/login-code/exchange', { code }),
  verify: (token: string) => http.post<SuccessReply>('/api/verify', { token }),
  resendVerification: () => http.post<SuccessReply>('/api/verify/resend', {}),
  requestPasswordReset: (email: string, captcha?: string) =>
    http.post<SuccessReply>('/api/password/reset', {
      email,
      ...(captcha ? { 'g-recaptcha-response': captcha } : {}),
    }),
  resetPassword: (body: Record<string, string>) => http.post<LoginReply>('/api/password/reset', body),
  setEmail: (email: string) => http.post<EmailChangeReply>('/api/set-email', { email }),
  pendingEmail: (action: 'resend' | 'cancel') => http.post<EmailChangeReply>(`/api/set-email/${action}`, {}),
  emailChangeLink: (kind: 'confirm' | 'undo', token: string) =>
    http.post<EmailChangeReply>(`/api/email/${kind}`, { token }),
  merge: (email: string, password: string) =>
    http.post<Partial<MergeReply>>('/api/authenticate-and-merge', {
      email,
      password,
    }),
})
