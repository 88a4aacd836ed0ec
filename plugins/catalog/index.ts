import { definePlugin, firstPaintLanguage, firstPaintReply, yieldToMain } from '@core'
import {
  categoriesRequest,
  homeOffersRequest,
  homeRequest,
  MERCHANT_NAME,
  pageLanguage,
  storeRequest,
  storeSearch,
  storeSort,
  storesRequest,
} from './first-data'
import { CatalogStore, type CatalogStoreInstance } from './model'

/**
 * The catalog plugin: home, stores (search, sort by rate), merchant pages (rate history, good-rate
 * badge, typical confirmation time, coupons and offers), coupons, products, offers, store visits,
 * and the extension-install prompts. Every screen is its own lazy chunk; only the small model is
 * in the initial bundle.
 */
const PAGES = ['catalog-pages']

export default definePlugin({
  name: 'catalog',
  requires: ['auth'],
  screens: {
    HomePage: () => import('./screens/HomePage'),
    StoresPage: () => import('./screens/StoresPage'),
    ProductsPage: () => import('./screens/ProductsPage'),
    ProductComparePage: () => import('./screens/ProductComparePage'),
    MerchantPage: () => import('./screens/MerchantPage'),
    MerchantRedirectingPage: () => import('./screens/MerchantRedirectingPage'),
    MerchantListPage: () => import('./screens/MerchantListPage'),
    SectionPage: () => import('./screens/SectionPage'),
    CouponsPage: () => import('./screens/CouponsPage'),
    OffersPage: () => import('./screens/OffersPage'),
    CashbackOfferPage: () => import('./screens/CashbackOfferPage'),
    CampaignPage: () => import('./screens/CampaignPage'),
    OfferRedirectPage: () => import('./screens/OfferRedirectPage'),
    AppPage: () => import('./screens/AppPage'),
    ExtensionPage: () => import('./screens/ExtensionPage'),
    ReferPage: () => import('./screens/ReferPage'),
  },
  // Drawn by the server before the app starts (src/node/page-paint.tsx): the calls each one's
  // first render reads, the same the screens make (first-data.ts)
  serverPaint: {
    HomePage: ({ language }) => [homeRequest(language), homeOffersRequest(1)],
    StoresPage: ({ params, props, search, language }) => [
      categoriesRequest,
      storesRequest({
        category: params.category,
        q: storeSearch(search.get('q')),
        sort: storeSort(search.get('sort')),
        plus: props.tier === 'plus',
        lang: pageLanguage(language),
        page: 1,
      }),
    ],
    MerchantPage: ({ params, language }) => {
      const merchant = (params.merchant ?? '').toLowerCase()
      return MERCHANT_NAME.test(merchant) ? [storeRequest(merchant, pageLanguage(language))] : []
    },
  },
  model: CatalogStore,
  // A page drawn by the server: the lists its screen loads first (home's sections and offers, the
  // store list's categories) are filled from the page's replies (no call) before the first render, so
  // the screen's own loads after the take-over find them and change nothing. Filled after the
  // take-over instead, the whole screen re-rendered at once in one blocking task.
  setup: async ({ store }) => {
    const lang = firstPaintLanguage()
    if (!lang) return
    const catalog = store.catalog as CatalogStoreInstance
    const drawn = (r: Parameters<typeof firstPaintReply>[0]) => firstPaintReply(r)?.status === 200
    // one list per task: each fills its models from a reply the page carries (no call is made)
    const loads = [
      drawn(homeRequest(lang)) && (() => catalog.loadHome(lang)),
      drawn(homeOffersRequest(1)) && (() => catalog.moreOffers()),
      drawn(categoriesRequest) && (() => catalog.loadCategories()),
    ]
    for (const load of loads) {
      if (!load) continue
      await load()
      await yieldToMain()
    }
  },
  locales: {
    en: () => import('../../locales/en/catalog.json'),
    es: () => import('../../locales/es/catalog.json'),
  },
  // texts home does not show (and the lazy country benefits and shop-now popup on home): not in its first view
  namespaces: {
    'catalog-pages': {
      en: () => import('../../locales/en/catalog-pages.json'),
      es: () => import('../../locales/es/catalog-pages.json'),
    },
  },
  // every screen but home shows texts of 'catalog-pages' (not found, the store page, the redirect, the lists)
  screenTexts: {
    StoresPage: PAGES,
    ProductsPage: PAGES,
    ProductComparePage: PAGES,
    MerchantPage: PAGES,
    MerchantRedirectingPage: PAGES,
    MerchantListPage: PAGES,
    SectionPage: PAGES,
    CouponsPage: PAGES,
    OffersPage: PAGES,
    CashbackOfferPage: PAGES,
    CampaignPage: PAGES,
    OfferRedirectPage: PAGES,
    AppPage: PAGES,
    ExtensionPage: PAGES,
    ReferPage: PAGES,
  },
  slots: {
    'header.nav': { load: () => import('./components/HeaderNav'), texts: ['catalog'] },
    'app.overlay': () => import('./components/CatalogOverlay'),
  },
})
