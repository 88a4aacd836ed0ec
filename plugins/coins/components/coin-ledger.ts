import type { HttpClient } from '../../../src/index'

/**
 * The account API's ledger, balance and withdrawal replies as the coin pages read them (the account
 * plugin's contract.ts defines them; a plugin does not import another's files, so the few fields used
 * here are restated).
 */
export interface CoinRow {
  id: number
  kind: string
  currency: 'cash' | 'coin'
  amount: number
  status: string
  reason: string
  offer: string | null
  expected_at: string | null
  created_at: string
  /** Test money: booked by a development stand-in, never paid out (shown labelled). */
  test: boolean
}
export interface CoinLedgerReply {
  data: CoinRow[]
  page: number
  per_page: number
  total: number
  totals: { coin: { pending: number; payable: number; paid: number } }
}
export type PayoutMethod = 'paypal' | 'bank' | 'giftcard'
export interface CoinBalancesReply {
  cash: { pending_cents: number; payable_cents: number }
  coin: { pending: number; payable: number }
  /** The test money in the payable balances (booked by a development stand-in, never paid out). */
  test: { cash_cents: number; coins: number }
  /** The payable balances less their test money. */
  withdrawable: { cash_cents: number; coins: number }
  withdrawal: {
    methods: PayoutMethod[]
    minimum_cents: number
    minimum_coins: number
    coins_per_dollar: number
    hold_days: number
  }
}
export interface CoinWithdrawal {
  id: number
  kind: 'cash' | 'coin'
  amount: number
  method: string
  destination: string
  status: string
  release_at: string | null
  created_at: string
}
export interface CoinWithdrawalReply {
  success: boolean
  data: CoinWithdrawal
  balances: Pick<CoinBalancesReply, 'cash' | 'coin'>
}

export function coinApi(http: HttpClient) {
  return {
    ledger: (page: number, perPage: number) =>
      http.get<CoinLedgerReply>(`/api/account/ledger?currency=coin&page=${page}&per_page=${perPage}`),
    balances: () => http.get<CoinBalancesReply>('/api/account/balances'),
    withdraw: (body: {
      kind: 'coin'
      amount: number
      method: PayoutMethod
      destination: string
      password: string
      idempotency_key: string
    }) => http.post<CoinWithdrawalReply>('/api/account/withdrawals', body),
    withdrawals: () => http.get<{ data: CoinWithdrawal[] }>('/api/account/withdrawals?per_page=20'),
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
