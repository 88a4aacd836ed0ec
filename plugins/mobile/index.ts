import { definePlugin } from '@core'
import { mobileNavigation } from './navigation'

export default definePlugin({
  name: 'mobile',
  requires: ['auth'],
  screens: {
    DashboardPage: () => import('./screens/DashboardPage'),
    RebatesPage: () => import('./screens/RebatesPage'),
    SubscriptionsPage: () => import('./screens/SubscriptionsPage'),
    BillingPage: () => import('./screens/BillingPage'),
    AuthorizedPage: () => import('./screens/AuthorizedPage'),
    ForceLoginThenRedirectPage: () => import('./screens/ForceLoginThenRedirectPage'),
    CoinWithdrawalPage: () => import('./screens/CoinWithdrawalPage'),
    SafariInstalledPage: () => import('./screens/SafariInstalledPage'),
  },
  // deep links: with the mobile-app cookie on iOS or Android, pages the brand's app owns open in the app
  navigation: mobileNavigation(),
  locales: {
    en: () => import('../../locales/en/mobile.json'),
    es: () => import('../../locales/es/mobile.json'),
  },
})
