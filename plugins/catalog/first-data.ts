import type { FirstDataRequest } from '@core'

/**
 * The GET calls the catalog's screens draw their first render from, in one place: the server's page
 * paints (index.ts `serverPaint`) make exactly these, and the screens ask for exactly these, so the
 * replies sent in the page answer them (same path, same parameters). Small and free of zod: the
 * plugin's index imports it.
 */

/** The longest store search the API takes (contract.ts StoresQuery); a longer one is cut to it. */
export const SEARCH_MAX = 100
export const HOME_COUPONS = 8
export const HOME_OFFERS = 6
export const STORES_PER_PAGE = 24
export const STORE_SORTS = ['popular', 'rate', 'name'] as const
export type Sort = (typeof STORE_SORTS)[number]
/** A merchant's internal name as the API takes it. */
export const MERCHANT_NAME = /^[a-z0-9-]{1,80}$/

export const pageLanguage = (language: string) => (language === 'es' ? 'es' : 'en')

export const homeRequest = (lang: string): FirstDataRequest => ({ path: '/api/home', params: { lang } })
export const homeOffersRequest = (page: number): FirstDataRequest => ({
  path: '/api/offers',
  params: { type: 'CASHBACK', page, per_page: HOME_OFFERS },
})
export const categoriesRequest: FirstDataRequest = { path: '/api/categories' }

/** The search as the list asks for it: trimmed, cut to what the API takes. */
export const storeSearch = (q: string | null | undefined) => (q ?? '').trim().slice(0, SEARCH_MAX).trim()

export function storeSort(asked: string | null | undefined, fallback: Sort = 'popular'): Sort {
  return STORE_SORTS.includes(asked as Sort) ? (asked as Sort) : fallback
}

export interface StoresAsk {
  category?: string
  q: string
  sort: Sort
  plus: boolean
  lang: string
  page: number
}
export const storesRequest = (a: StoresAsk): FirstDataRequest => ({
  path: '/api/stores',
  params: {
    category: a.category,
    q: a.q || undefined,
    sort: a.sort,
    plus: a.plus ? '1' : undefined,
    lang: a.lang,
    page: a.page,
    per_page: STORES_PER_PAGE,
  },
})

export const storeRequest = (merchant: string, lang: string): FirstDataRequest => ({
  path: `/api/stores/${encodeURIComponent(merchant)}`,
  params: { lang },
})
