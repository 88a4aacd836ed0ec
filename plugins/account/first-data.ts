import { type FirstDataRequest, pageParam } from '@core'
import { CASH_KINDS, STATUSES } from './components/kinds'
import type { LedgerQuery } from './contract'

/**
 * The GET calls the purchase history's first render reads, in one place: the server's drawing of a
 * member's page (index.ts `serverPaint`) makes exactly these, and the screen asks for exactly these,
 * so the replies sent in the page are its first state (same path, same parameters).
 */

/** Ledger rows per page. */
export const LEDGER_PER_PAGE = 20
/** Purchases (timelines) per page: their own pages (?purchases=N), above the ledger's rows. */
export const PURCHASES_PER_PAGE = 10

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined
}

/** The cash ledger's query of the purchase history's address: ?kind, ?status and ?page. */
export function historyQuery(search: URLSearchParams): LedgerQuery & { page: number } {
  return {
    currency: 'cash',
    kind: pick(search.get('kind'), CASH_KINDS),
    status: pick(search.get('status'), STATUSES),
    page: pageParam(search),
    per_page: LEDGER_PER_PAGE,
  }
}

export const ledgerRequest = (q: LedgerQuery): FirstDataRequest => ({
  path: '/api/account/ledger',
  params: { ...q },
})

export const purchasesRequest = (page: number): FirstDataRequest => ({
  path: '/api/account/purchase-history',
  params: { page, per_page: PURCHASES_PER_PAGE },
})
