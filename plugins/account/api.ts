import type { GiftCard, HttpClient, ListReply } from '@core'
import type { ClaimReply, ClaimRequest, ClaimsReply } from './claim-contract'
import type {
  BalancesReply,
  GiftReplaceReply,
  Inquiry,
  InquiryReply,
  InquiryRequest,
  InquiryStore,
  LedgerQuery,
  LedgerReply,
  RebatesReply,
  ReferralsReply,
  WithdrawalReply,
  WithdrawalRequest,
  WithdrawalsReply,
} from './contract'

/** Drops empty values, so a filter left on 'all' is not sent. */
export function queryString(q: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v))
  const s = p.toString()
  return s ? `?${s}` : ''
}

/**
 * The account's calls of the ledger, withdrawal, gift card, rebate and referral screens (the member
 * area's are in member/api.ts).
 */
export function ledgerApi(http: HttpClient) {
  return {
    ledger: (q: LedgerQuery) => http.get<LedgerReply>(`/api/account/ledger${queryString(q)}`),
    balances: () => http.get<BalancesReply>('/api/account/balances'),
    withdraw: (body: WithdrawalRequest) => http.post<WithdrawalReply>('/api/account/withdrawals', body),
    /** The member's latest payouts, cash and coin (the list filters by kind). */
    withdrawals: () => http.get<WithdrawalsReply>('/api/account/withdrawals?per_page=20'),
    giftCards: () => http.get<ListReply<GiftCard>>('/api/account/gift-cards'),
    replaceGiftCard: (id: number) => http.post<GiftReplaceReply>(`/api/account/gift-cards/${id}/replace`),
    rebates: (q: { benefit_type?: string; per_page?: number }) =>
      http.get<RebatesReply>(`/api/account/rebates${queryString(q)}`),
    referrals: () => http.get<ReferralsReply>('/api/account/referrals'),
    /** Rebate claims (issue 27): the member's claims with what is left of each cap, filing one, a receipt. */
    claims: (q: { benefit_type?: string }) =>
      http.get<ClaimsReply>(`/api/account/rebate-claims${queryString(q)}`),
    fileClaim: (body: ClaimRequest) =>
      http.post<ClaimReply>('/api/account/rebate-claims', body, { timeout: 120_000 }),
    async receipt(id: number): Promise<Blob> {
      const r = await http.request<Blob>({
        method: 'get',
        url: `/api/account/rebate-claims/${id}/receipt`,
        responseType: 'blob',
        timeout: 120_000,
      })
      return r.data
    },
    /** Purchases (cash back and Plus rebates) with each network purchase's timeline (issue 26). */
    purchases: (q: { page?: number; per_page?: number }) =>
      http.get<RebatesReply>(`/api/account/purchase-history${queryString(q)}`),
    /**
     * The ledger as CSV with the list's filters. The API takes the member's token only in its header
     * (no cookie sign-in, so no cross-site request can read it), so the file is fetched, then saved.
     */
    async csv(q: Pick<LedgerQuery, 'currency' | 'kind' | 'status'>): Promise<{ blob: Blob; name: string }> {
      const r = await http.request<Blob>({
        method: 'get',
        url: `/api/account/ledger.csv${queryString(q)}`,
        responseType: 'blob',
        timeout: 120_000,
      })
      const disposition = String(r.headers['content-disposition'] ?? '')
      const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'ledger.csv'
      return { blob: r.data, name }
    },
  }
}

const INQUIRIES = '/api/account/cashback-inquiries'

/** Missing cash back (cash-back inquiries): the stores one may be filed for, the member's, filing one. */
export function inquiryApi(http: HttpClient) {
  return {
    stores: () => http.get<ListReply<InquiryStore>>(`${INQUIRIES}/stores`),
    list: () => http.get<ListReply<Inquiry>>(INQUIRIES),
    file: (body: InquiryRequest) => http.post<InquiryReply>(INQUIRIES, body),
  }
}
