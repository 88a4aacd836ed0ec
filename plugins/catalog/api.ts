import type { HttpClient, Offer, OfferReply, OffersReply } from '@core'
import type {
  ClickReply,
  ClickRequest,
  CouponsReply,
  ProductReply,
  ProductsReply,
  StoreReply,
  StoresReply,
} from './contract'

/** The catalog's calls, through the core HTTP client. Labels come translated with ?lang. */
export const catalogApi = (http: HttpClient) => ({
  stores: (q: Record<string, string | number | undefined>) =>
    http.get<StoresReply>('/api/stores', { params: clean(q) }),
  store: (internalName: string, lang: string) =>
    http.get<StoreReply>(`/api/stores/${encodeURIComponent(internalName)}`, { params: { lang } }),
  /** Leaving for a store: records a click; the reply's link carries the click id, never the member's. */
  click: (body: ClickRequest) => http.post<ClickReply>('/api/clicks', body),
  coupons: (q: Record<string, string | number | undefined>) =>
    http.get<CouponsReply>('/api/coupons', { params: clean(q) }),
  products: (q: Record<string, string | number | undefined>) =>
    http.get<ProductsReply>('/api/products', { params: clean(q) }),
  product: (id: string, lang: string) =>
    http.get<ProductReply>(`/api/products/${encodeURIComponent(id)}`, { params: { lang } }),
  section: (section: string, lang: string) =>
    http.get<{ data: unknown[] }>(`/api/section/${encodeURIComponent(section)}`, { params: { lang } }),
  offers: (q: Record<string, string | number | undefined>) =>
    http.get<OffersReply>('/api/offers', { params: clean(q) }),
  offer: (id: string) => http.get<OfferReply>(`/api/offers/${encodeURIComponent(id)}`),
  campaign: (campaign: string) => http.get<OfferReply>(`/api/campaigns/${encodeURIComponent(campaign)}`),
  startOffer: (id: number | string) =>
    http.post<{ data: { click_url: string } }>(`/api/offers/${encodeURIComponent(String(id))}/start`),
  geo: () => http.get<{ country_code: string }>('/api/geo'),
})

export type { Offer }

function clean(q: Record<string, string | number | undefined>) {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') out[k] = v
  return out
}
