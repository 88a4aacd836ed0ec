import type {
  BalancesReply,
  HttpClient,
  LedgerReply,
  WithdrawalReply,
  WithdrawalRequest,
  WithdrawalsReply,
} from '@core'

/**
 * The ledger, balance and withdrawal calls as the coin pages make them. The account plugin's routes
 * answer them; their shapes are the core's (src/shared/money.ts), since a plugin does not import
 * another's files (issue 32: declared once, not restated here).
 */
export function coinApi(http: HttpClient) {
  return {
    ledger: (page: number, perPage: number) =>
      http.get<LedgerReply>(`/api/account/ledger?currency=coin&page=${page}&per_page=${perPage}`),
    balances: () => http.get<BalancesReply>('/api/account/balances'),
    withdraw: (body: WithdrawalRequest & { kind: 'coin' }) =>
      http.post<WithdrawalReply>('/api/account/withdrawals', body),
    withdrawals: () => http.get<WithdrawalsReply>('/api/account/withdrawals?per_page=20'),
  }
}

const coinFormats = new Map<string, Intl.NumberFormat>()
/** Whole coins in the page's language, negatives in parentheses like money (SPEC 9). */
export function formatCoins(coins: number, lng = 'en'): string {
  const locale = lng === 'es' ? 'es-US' : 'en-US'
  let f = coinFormats.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    coinFormats.set(locale, f)
  }
  const n = Math.trunc(Number.isFinite(coins) ? coins : 0)
  return n < 0 ? `(${f.format(-n)})` : f.format(n)
}

/** The dollars (in cents) a number of coins pays at the rate of constants.json. */
export function coinsToCents(coins: number, coinsPerDollar: number): number {
  return Math.floor((coins * 100) / coinsPerDollar)
}
