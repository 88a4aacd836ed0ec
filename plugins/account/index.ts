import { definePlugin, loadPendingPage } from '../../src/index'
import { AccountStore } from './member/model'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = loadPendingPage

export default definePlugin({
  name: 'account',
  requires: ['auth'],
  // SPEC 3's rebate_address_updated and the header's unread count (./member/model)
  model: AccountStore,
  screens: {
    PurchaseHistoryPage: pending,
    NotificationsPage: () => import('./screens/NotificationsPage'),
    WithdrawalPage: pending,
    CoinWithdrawalPage: pending,
    UpdateExpiredGiftCardPage: pending,
    GiftCardHistoryPage: pending,
    CoinHistoryPage: pending,
    ProfilePage: () => import('./screens/ProfilePage'),
    ProfileVerifyPage: () => import('./screens/ProfileVerifyPage'),
    SettingsPage: () => import('./screens/SettingsPage'),
    BillingPage: () => import('./screens/BillingPage'),
    RebatesPage: pending,
    SubscriptionPage: () => import('./screens/SubscriptionPage'),
    ShipSubscriptionPage: () => import('./screens/ShipSubscriptionPage'),
    SfBenefitsPage: () => import('./screens/SfBenefitsPage'),
    RxBenefitsPage: () => import('./screens/RxBenefitsPage'),
    ReferralsPage: pending,
    FreeDeliveryPage: () => import('./screens/FreeDeliveryPage'),
    ContactPage: () => import('./screens/ContactPage'),
    RebateStatusPage: pending,
  },
  // the unread notification count in the header, for a signed-in member, with its few texts
  slots: { 'header.actions': { load: () => import('./member/UnreadBadge'), texts: ['account-header'] } },
  namespaces: {
    'account-header': {
      en: () => import('../../locales/en/account-header.json'),
      es: () => import('../../locales/es/account-header.json'),
    },
  },
  locales: {
    en: () => import('../../locales/en/account.json'),
    es: () => import('../../locales/es/account.json'),
  },
})
