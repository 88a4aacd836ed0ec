import { definePlugin, loadPendingPage } from '../../src/index'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = loadPendingPage

export default definePlugin({
  name: 'mobile',
  requires: ['auth'],
  screens: {
    DashboardPage: pending,
    RebatesPage: pending,
    SubscriptionsPage: pending,
    BillingPage: pending,
    AuthorizedPage: pending,
    ForceLoginThenRedirectPage: pending,
    CoinWithdrawalPage: pending,
    SafariInstalledPage: pending,
  },
  locales: {
    en: () => import('../../locales/en/mobile.json'),
    es: () => import('../../locales/es/mobile.json'),
  },
})
