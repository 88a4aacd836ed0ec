import { CachedList, constants, type Services } from '@core'
import { getEnv, type Instance, types } from 'mobx-state-tree'
import { catalogApi } from './api'
import type { HomeReply } from './contract'
import { HOME_COUPONS } from './first-data'

export { HOME_COUPONS, HOME_OFFERS } from './first-data'

/**
 * The catalog's slice of the root store (SPEC 3 "Store state"): the cached lists of the home page,
 * the categories, the stores and coupons lists of the screen on show, showCodeForMerchantIds and the
 * store visit waiting for the sign-in modal. Only types come from contract.ts here: this file is in
 * the initial bundle, so it must stay small and free of zod.
 */

const minutes = constants.defaultCacheMinutes
const categoryMinutes = constants.categoryCacheHours * 60

/** A store visit kept while the register modal is open (SPEC 4 "Store visit when unauthenticated"). */
export interface PendingVisit {
  /** The merchant's internal name. */
  merchant: string
  /** The merchant's public URL, used when the visitor chooses 'register later'. */
  redirectUrl: string
  offerId?: number
  offer?: Record<string, unknown>
}

const list = (key: string, mins = minutes) =>
  types.optional(CachedList, { cacheKey: `catalog.${key}`, minutes: mins })

export const CatalogStore = types
  .model('CatalogStore', {
    topStores: list('home.top_stores'),
    merchantsWeLove: list('home.merchants_we_love'),
    bestCashback: list('home.best_cashback'),
    topProducts: list('home.top_products'),
    coupons: list('home.coupons'),
    offers: list('home.offers'),
    categories: list('categories', categoryMinutes),
    productCategories: list('product_categories', categoryMinutes),
    /** The stores list on show (by its query; not kept in local storage: one per search). */
    stores: types.optional(CachedList, {}),
    storesQuery: '',
    /** Merchants whose coupon codes the member has revealed: their codes show without a click. */
    showCodeForMerchantIds: types.array(types.string),
  })
  .volatile(() => ({
    homeLang: '',
    pendingVisit: null as PendingVisit | null,
  }))
  .actions((self) => {
    const api = () => catalogApi(getEnv<Services>(self).http)
    const homeLists = () => [
      self.topStores,
      self.merchantsWeLove,
      self.bestCashback,
      self.topProducts,
      self.coupons,
    ]
    return {
      /**
       * Loads the home sections: one /api/home call fills the five cached lists (each kept 5 minutes
       * per language, since rate labels come translated).
       */
      loadHome(lang: string, opts: { force?: boolean } = {}) {
        const lists = homeLists()
        if (self.homeLang !== lang) {
          for (const l of lists) {
            l.cacheKey = `${l.cacheKey!.replace(/\.(en|es)$/, '')}.${lang}`
            l.data = []
            l.expire = 0
          }
          self.homeLang = lang
        }
        let reply: Promise<HomeReply> | undefined
        const home = () => {
          reply ??= api().home(lang)
          return reply
        }
        const d = () => home().then((r) => r.data)
        return Promise.all([
          self.topStores.load(() => d().then((x) => x.top_stores), opts),
          self.merchantsWeLove.load(() => d().then((x) => x.merchants_we_love), opts),
          self.bestCashback.load(() => d().then((x) => x.best_cashback), opts),
          self.topProducts.load(() => d().then((x) => x.top_products), opts),
          self.coupons.load(() => d().then((x) => x.coupons), opts),
        ]).then(() => (self as unknown as { afterHome(): void }).afterHome())
      },
      /** The home reply holds the first page of coupons: more may follow when that page is full. */
      afterHome() {
        const c = self.coupons
        if (c.page === 1 && c.status === 'success') c.has_more = c.data.length >= HOME_COUPONS
      },
      /** The next page of coupons after the home's first (GET /api/coupons, same order). */
      moreCoupons(lang: string) {
        return self.coupons.loadMore((page) => api().homeCoupons(page, lang))
      },
      /** Cash-back offers on home, a page at a time (GET /api/offers?type=CASHBACK). */
      moreOffers() {
        return self.offers.loadMore((page) => api().homeOffers(page))
      },
      loadCategories(opts: { force?: boolean } = {}) {
        return self.categories.load(
          () =>
            api()
              .categories()
              .then((r) => r.data),
          opts,
        )
      },
      loadProductCategories(opts: { force?: boolean } = {}) {
        return self.productCategories.load(
          () =>
            api()
              .productCategories()
              .then((r) => r.data),
          opts,
        )
      },
      /**
       * Starts the stores list over when the query changed; a fresh copy of the same query is kept.
       * `drawn`: the first page the page was drawn with for this query, taken in the same change (the
       * list renders once, with the rows it drew, and no call is made).
       */
      selectStores(query: string, drawn?: { data: unknown[]; has_more: boolean }) {
        if (self.storesQuery === query) return
        self.storesQuery = query
        self.stores.data = []
        self.stores.expire = 0
        self.stores.page = 1
        self.stores.has_more = false
        self.stores.setStatus('empty')
        if (drawn) self.stores.take(drawn.data, drawn.has_more)
      },
      revealCodes(merchant: string) {
        if (!self.showCodeForMerchantIds.includes(merchant)) self.showCodeForMerchantIds.push(merchant)
      },
      setPendingVisit(v: PendingVisit | null) {
        self.pendingVisit = v
      },
    }
  })

export type CatalogStoreInstance = Instance<typeof CatalogStore>

declare module '@core' {
  interface StoreRegistry {
    catalog: CatalogStoreInstance
  }
}
