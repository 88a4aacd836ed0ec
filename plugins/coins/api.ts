import type {
  BalancesReply,
  HttpClient,
  LedgerReply,
  WithdrawalReply,
  WithdrawalRequest,
  WithdrawalsReply,
} from '@core'
import {
  AttemptReply,
  OfferReply,
  OfferStartReply,
  OffersReply,
  OnboardingSurveyReply,
  PrecheckReply,
  SurveyReply,
  SurveysReply,
} from './contract'

/**
 * The start reply as the screens need it (the contract's OfferStartReply): the click URL always, the
 * attempt id when the server gives one (an older server answered the click URL alone).
 */
const StartAnswer = OfferStartReply
export type StartAnswer = OfferStartReply

/** A reply that does not match the contract fails the call like a broken server would. */
function check<T>(schema: { parse: (v: unknown) => T }) {
  return (value: unknown): T => schema.parse(value)
}

const id = (v: number | string) => encodeURIComponent(String(v))

/** The coins plugin's calls (surveys, coin offers, attempts, the coin ledger and withdrawals), through the core HTTP client. */
export const coinsApi = (http: HttpClient) => ({
  surveys: () => http.get<unknown>('/api/surveys').then(check(SurveysReply)),
  survey: (surveyId: number | string) =>
    http.get<unknown>(`/api/surveys/${id(surveyId)}`).then(check(SurveyReply)),
  precheck: (surveyId: number | string) =>
    http.get<unknown>(`/api/surveys/${id(surveyId)}/precheck`).then(check(PrecheckReply)),
  startSurvey: (surveyId: number | string) =>
    http.post<unknown>(`/api/surveys/${id(surveyId)}/start`).then(check(StartAnswer)),
  onboarding: () => http.get<unknown>('/api/user/survey/list/onboarding').then(check(OnboardingSurveyReply)),
  offers: (type: 'APP' | 'GAME', page: number, perPage = 24) =>
    http.get<unknown>('/api/offers', { params: { type, page, per_page: perPage } }).then(check(OffersReply)),
  offer: (offerId: number | string) =>
    http.get<unknown>(`/api/offers/${id(offerId)}`).then(check(OfferReply)),
  startOffer: (offerId: number | string, appTrackingAllowed?: boolean) =>
    http
      .post<unknown>(
        `/api/offers/${id(offerId)}/start`,
        appTrackingAllowed === undefined ? {} : { app_tracking_allowed: appTrackingAllowed },
      )
      .then(check(StartAnswer)),
  incomplete: () => http.get<unknown>('/api/offers/incomplete').then(check(OffersReply)),
  attempt: (platform: string, attempt?: string | null) =>
    http
      .get<unknown>('/api/coins/attempt', { params: attempt ? { platform, attempt } : { platform } })
      .then(check(AttemptReply)),
  // The ledger, balance and withdrawal calls as the coin pages make them. The account plugin's routes
  // answer them; their shapes are the core's (src/shared/money.ts), since a plugin does not import
  // another's files (issue 32: declared once, not restated here).
  ledger: (page: number, perPage: number) =>
    http.get<LedgerReply>(`/api/account/ledger?currency=coin&page=${page}&per_page=${perPage}`),
  balances: () => http.get<BalancesReply>('/api/account/balances'),
  withdraw: (body: WithdrawalRequest & { kind: 'coin' }) =>
    http.post<WithdrawalReply>('/api/account/withdrawals', body),
  withdrawals: () => http.get<WithdrawalsReply>('/api/account/withdrawals?per_page=20'),
})
export type CoinsApi = ReturnType<typeof coinsApi>

/** The coin offer types; the catalog keeps coupon and cash-back offers. */
export const COIN_OFFER_TYPES = ['APP', 'GAME'] as const
export type CoinOfferType = (typeof COIN_OFFER_TYPES)[number]
export const isCoinOfferType = (t: unknown): t is CoinOfferType =>
  (COIN_OFFER_TYPES as readonly unknown[]).includes(t)

/**
 * Where a start reply may send the member: a same-origin path (the development platform's pages) or
 * an https address; anything else (javascript:, http to another host, '//host') is refused.
 */
export function leaveUrl(
  url: unknown,
  origin = globalThis.location?.origin ?? 'http://localhost',
): string | null {
  if (typeof url !== 'string' || !url || url.length > 4000) return null
  if (url.startsWith('/')) {
    if (url.startsWith('//') || url.startsWith('/\\')) return null
    try {
      const u = new URL(url, origin)
      return u.origin === new URL(origin).origin ? u.href : null
    } catch {
      return null
    }
  }
  try {
    const u = new URL(url)
    if (u.protocol === 'https:') return u.href
    if (u.protocol === 'http:' && u.origin === new URL(origin).origin) return u.href
    return null
  } catch {
    return null
  }
}
