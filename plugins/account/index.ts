import { definePlugin, loadPendingPage } from '../../src/index'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = loadPendingPage

export default definePlugin({
  name: 'account',
  requires: ['auth'],
  screens: {
    PurchaseHistoryPage: pending,
    NotificationsPage: pending,
    WithdrawalPage: pending,
    CoinWithdrawalPage: pending,
    UpdateExpiredGiftCardPage: pending,
    GiftCardHistoryPage: pending,
    CoinHistoryPage: pending,
    ProfilePage: pending,
    ProfileVerifyPage: pending,
    SettingsPage: pending,
    BillingPage: pending,
    RebatesPage: pending,
    SubscriptionPage: pending,
    ShipSubscriptionPage: pending,
    SfBenefitsPage: pending,
    RxBenefitsPage: pending,
    ReferralsPage: pending,
    FreeDeliveryPage: pending,
    RebateStatusPage: pending,
  },
  locales: {
    en: () => import('../../locales/en/account.json'),
    es: () => import('../../locales/es/account.json'),
  },
})
