import { definePlugin } from '../../src/plugin/define'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = () => import('../../src/ui/PendingPage')

export default definePlugin({
  name: 'catalog',
  requires: ['auth'],
  screens: {
    HomePage: pending,
    StoresPage: pending,
    ProductsPage: pending,
    ProductComparePage: pending,
    MerchantPage: pending,
    MerchantRedirectingPage: pending,
    MerchantListPage: pending,
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
  locales: {
    en: () => import('../../locales/en/catalog.json'),
    es: () => import('../../locales/es/catalog.json'),
  },
})
