import { definePlugin } from '../../src/plugin/define'
import { CatalogStore } from './model'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = () => import('../../src/ui/PendingPage')

/**
 * The catalog plugin: home, stores (search, sort by rate), merchant pages (rate history, good-rate
 * badge, typical confirmation time, coupons and offers), coupons, products, offers, store visits,
 * and the extension-install prompts. Every screen is its own lazy chunk; only the small model is
 * in the initial bundle.
 */
export default definePlugin({
  name: 'catalog',
  requires: ['auth'],
  screens: {
    HomePage: () => import('./screens/HomePage'),
    StoresPage: () => import('./screens/StoresPage'),
    ProductsPage: pending,
    ProductComparePage: pending,
    MerchantPage: () => import('./screens/MerchantPage'),
    MerchantRedirectingPage: () => import('./screens/MerchantRedirectingPage'),
    MerchantListPage: () => import('./screens/MerchantListPage'),
    SectionPage: pending,
    CouponsPage: pending,
    OffersPage: pending,
    CashbackOfferPage: pending,
    CampaignPage: pending,
    OfferRedirectPage: pending,
    GetAppPage: pending,
    MobileAppPage: pending,
    ExtensionPage: pending,
    AppInstallPage: pending,
    AppInstallExpiredPage: pending,
    ReferPage: pending,
  },
  model: CatalogStore,
  locales: {
    en: () => import('../../locales/en/catalog.json'),
    es: () => import('../../locales/es/catalog.json'),
  },
  slots: {
    'header.nav': () => import('./components/HeaderNav'),
    'app.overlay': () => import('./components/CatalogOverlay'),
  },
})
