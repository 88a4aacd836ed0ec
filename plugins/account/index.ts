import { definePlugin } from '@core'
import { AccountStore } from './member/model'

export default definePlugin({
  name: 'account',
  requires: ['auth'],
  // SPEC 3's rebate_address_updated and the header's unread count (./member/model)
  model: AccountStore,
  screens: {
    PurchaseHistoryPage: () => import('./screens/PurchaseHistoryPage'),
    MissingCashbackPage: () => import('./screens/MissingCashbackPage'),
    NotificationsPage: () => import('./screens/NotificationsPage'),
    WithdrawalPage: () => import('./screens/WithdrawalPage'),
    UpdateExpiredGiftCardPage: () => import('./screens/UpdateExpiredGiftCardPage'),
    GiftCardHistoryPage: () => import('./screens/GiftCardHistoryPage'),
    ProfilePage: () => import('./screens/ProfilePage'),
    ProfileVerifyPage: () => import('./screens/ProfileVerifyPage'),
    SettingsPage: () => import('./screens/SettingsPage'),
    BillingPage: () => import('./screens/BillingPage'),
    RebatesPage: () => import('./screens/RebatesPage'),
    RebateClaimPage: () => import('./screens/RebateClaimPage'),
    SubscriptionPage: () => import('./screens/SubscriptionPage'),
    ShipSubscriptionPage: () => import('./screens/ShipSubscriptionPage'),
    SfBenefitsPage: () => import('./screens/SfBenefitsPage'),
    RxBenefitsPage: () => import('./screens/RxBenefitsPage'),
    ReferralsPage: () => import('./screens/ReferralsPage'),
    FreeDeliveryPage: () => import('./screens/FreeDeliveryPage'),
    ContactPage: () => import('./screens/ContactPage'),
    RebateStatusPage: () => import('./screens/RebateStatusPage'),
  },
  // shown by other plugins through the core's <Part> (the mobile app's pages), one component each with the screens
  parts: {
    'account.balances': () => import('./components/BalancesSummary'),
    'account.rebates': () => import('./screens/RebatesPage').then((m) => ({ default: m.RebatesView })),
    'account.subscriptions': () => import('./parts/Subscriptions'),
    'account.billing': () => import('./screens/BillingPage').then((m) => ({ default: m.BillingView })),
  },
  // The account menu beside every /account page (routes.json "menu": "account"); other plugins add theirs.
  menus: {
    account: [
      { route: 'account-purchase-history', label: 'account:menu.history', order: 10 },
      { route: 'account-missing-cashback', label: 'account:menu.missingCashback', order: 15 },
      { route: 'account-withdrawal', label: 'account:menu.withdrawal', order: 20 },
      { route: 'account-gift-card-history', label: 'account:menu.giftCards', order: 40 },
      { route: 'account-rebates', label: 'account:menu.rebates', order: 50 },
      { route: 'account-referrals', label: 'account:menu.referrals', order: 60 },
      { route: 'account-notifications', label: 'account:menu.notifications', order: 70 },
      { route: 'account-profile', label: 'account:menu.profile', order: 80 },
      { route: 'account-pss', label: 'account:menu.settings', order: 90 },
      { route: 'account-billing', label: 'account:menu.billing', order: 100 },
      { route: 'account-subscription', label: 'account:menu.subscription', order: 110 },
      { route: 'account-shipsubscription', label: 'account:menu.shipSubscription', order: 120 },
      { route: 'account-sfbenefits', label: 'account:menu.sfBenefits', order: 130 },
      { route: 'account-rxbenefits', label: 'account:menu.rxBenefits', order: 140 },
      { route: 'account-fdrd', label: 'account:menu.freeDelivery', order: 150 },
      { route: 'account-faq', label: 'account:menu.faq', order: 170 },
      { route: 'account-contact', label: 'account:menu.contact', order: 180 },
    ],
  },
  // the unread notification count in the header, with its few texts: loaded once a member is signed in
  slots: {
    'header.actions': {
      load: () => import('./member/UnreadBadge'),
      texts: ['account-header'],
      audience: 'member',
    },
  },
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
