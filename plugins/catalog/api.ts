import {
  type FirstDataRequest,
  type GeoReply,
  type HttpClient,
  HttpError,
  type Offer,
  type OfferReply,
  type OfferStartReply,
  type OffersReply,
} from '@core'
import type {
  CategoriesReply,
  ClickReply,
  ClickRequest,
  CouponsReply,
  HomeReply,
  ProductCategoriesReply,
  ProductReply,
  ProductsReply,
  SectionReply,
  StoreReply,
  StoresReply,
} from './contract'
import {
  categoriesRequest,
  HOME_COUPONS,
  homeOffersRequest,
  homeRequest,
  MERCHANT_NAME,
  type StoresAsk,
  storeRequest,
  storesRequest,
} from './first-data'

/** The catalog's calls, through the core HTTP client. Labels come translated with ?lang. */
export const catalogApi = (http: HttpClient) => {
  /** A GET the first paint also makes (first-data.ts): the same path and parameters. */
  const ask = <T>(r: FirstDataRequest) => http.get<T>(r.path, { params: r.params })
  return {
    home: (lang: string) => ask<HomeReply>(homeRequest(lang)),
    /** The home's coupons after its first page (GET /api/coupons, same order). */
    homeCoupons: (page: number, lang: string) =>
      http.get<PagedReply>('/api/coupons', { params: { page, per_page: HOME_COUPONS, lang } }),
    homeOffers: (page: number) => ask<PagedReply>(homeOffersRequest(page)),
    categories: () => ask<CategoriesReply>(categoriesRequest),
    productCategories: () => http.get<ProductCategoriesReply>('/api/product-categories'),
    /** One page of the stores list of a query, as the first paint asks for it. */
    storesPage: (a: StoresAsk) => ask<StoresReply>(storesRequest(a)),
    stores: (q: Record<string, string | number | undefined>) =>
      http.get<StoresReply>('/api/stores', { params: clean(q) }),
    /** A store by its internal name; a name the API cannot take is not found, without a call. */
    store: (internalName: string, lang: string) =>
      MERCHANT_NAME.test(internalName) ? ask<StoreReply>(storeRequest(internalName, lang)) : notFound(),
    /** Leaving for a store: records a click; the reply's link carries the click id, never the member's. */
    click: (body: ClickRequest) => http.post<ClickReply>('/api/clicks', body),
    coupons: (q: Record<string, string | number | undefined>) =>
      http.get<CouponsReply>('/api/coupons', { params: clean(q) }),
    products: (q: Record<string, string | number | undefined>) =>
      http.get<ProductsReply>('/api/products', { params: clean(q) }),
    /** A product by id; an id that is not a number is not found, without a call. */
    product: (id: string, lang: string) =>
      NUMERIC_ID.test(id)
        ? http.get<ProductReply>(`/api/products/${encodeURIComponent(id)}`, { params: { lang } })
        : notFound(),
    section: (section: string, lang: string) =>
      http.get<SectionReply>(`/api/section/${encodeURIComponent(section)}`, { params: { lang } }),
    offers: (q: Record<string, string | number | undefined>) =>
      http.get<OffersReply>('/api/offers', { params: clean(q) }),
    /** An offer by id; an id that is not a number is not found, without a call. */
    offer: (id: string) =>
      NUMERIC_ID.test(id) ? http.get<OfferReply>(`/api/offers/${encodeURIComponent(id)}`) : notFound(),
    /** A campaign's offer by its name; a malformed name is not found, without a call. */
    campaign: (campaign: string) =>
      CAMPAIGN_NAME.test(campaign)
        ? http.get<OfferReply>(`/api/campaigns/${encodeURIComponent(campaign)}`)
        : notFound(),
    startOffer: (id: number | string) =>
      http.post<OfferStartReply>(`/api/offers/${encodeURIComponent(String(id))}/start`),
    geo: () => http.get<GeoReply>('/api/geo'),
  }
}

type PagedReply = { data: unknown[]; has_more: boolean }
const NUMERIC_ID = /^\d{1,10}$/
const CAMPAIGN_NAME = /^[a-z0-9-]{1,120}$/

/**
 * What a screen's loader rejects with when the thing asked for does not exist (an id the API cannot
 * take, a coin offer on a catalog page): the same 404 the server answers, so `useLoad`'s
 * 'not-found' is the one signal.
 */
export const notFound = (): Promise<never> => Promise.reject(new HttpError('Not found', 'status', 404))

export type { Offer }

function clean(q: Record<string, string | number | undefined>) {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') out[k] = v
  return out
}
