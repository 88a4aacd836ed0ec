import { definePlugin, pageParam } from '@core'
import { historyQuery, ledgerRequest, purchasesRequest } from './first-data'
import { AccountStore } from './member/model'

/** Every account screen but the purchase history shows texts of 'account-pages' too (./texts.ts). */
const PAGES = ['account-pages']

/** The loaders of the namespace 'account-<name>' (the build makes a chunk of each file it may name). */
const part = (name: string) => ({
  en: () => import(`../../locales/en/account-${name}.json`),
  es: () => import(`../../locales/es/account-${name}.json`),
})

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
  // A member's purchase history, drawn by the server with their own calls (src/node/page-paint.tsx,
  // under the auth plugin's member guard): the calls its first render reads (./first-data.ts)
  serverPaint: {
    PurchaseHistoryPage: ({ search }) => [
      ledgerRequest(historyQuery(search)),
      purchasesRequest(pageParam(search, 'purchases')),
    ],
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
      { route: 'account-purchase-history', label: 'account-menu:history', order: 10 },
      { route: 'account-missing-cashback', label: 'account-menu:missingCashback', order: 15 },
      { route: 'account-withdrawal', label: 'account-menu:withdrawal', order: 20 },
      { route: 'account-gift-card-history', label: 'account-menu:giftCards', order: 40 },
      { route: 'account-rebates', label: 'account-menu:rebates', order: 50 },
      { route: 'account-referrals', label: 'account-menu:referrals', order: 60 },
      { route: 'account-notifications', label: 'account-menu:notifications', order: 70 },
      { route: 'account-profile', label: 'account-menu:profile', order: 80 },
      { route: 'account-pss', label: 'account-menu:settings', order: 90 },
      { route: 'account-billing', label: 'account-menu:billing', order: 100 },
      { route: 'account-subscription', label: 'account-menu:subscription', order: 110 },
      { route: 'account-shipsubscription', label: 'account-menu:shipSubscription', order: 120 },
      { route: 'account-sfbenefits', label: 'account-menu:sfBenefits', order: 130 },
      { route: 'account-rxbenefits', label: 'account-menu:rxBenefits', order: 140 },
      { route: 'account-fdrd', label: 'account-menu:freeDelivery', order: 150 },
      { route: 'account-faq', label: 'account-menu:faq', order: 170 },
      { route: 'account-contact', label: 'account-menu:contact', order: 180 },
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
  // the account's smaller namespaces, locales/<lng>/account-<part>.json
  namespaces: {
    // the texts of every account screen but the purchase history, a member's first screen (./texts.ts)
    'account-pages': part('pages'),
    // the account menu's labels: a page under the menu loads these, not the whole account texts
    'account-menu': part('menu'),
    'account-header': part('header'),
  },
  screenTexts: {
    MissingCashbackPage: PAGES,
    NotificationsPage: PAGES,
    WithdrawalPage: PAGES,
    UpdateExpiredGiftCardPage: PAGES,
    GiftCardHistoryPage: PAGES,
    ProfilePage: PAGES,
    ProfileVerifyPage: PAGES,
    SettingsPage: PAGES,
    BillingPage: PAGES,
    RebatesPage: PAGES,
    RebateClaimPage: PAGES,
    SubscriptionPage: PAGES,
    ShipSubscriptionPage: PAGES,
    SfBenefitsPage: PAGES,
    RxBenefitsPage: PAGES,
    ReferralsPage: PAGES,
    FreeDeliveryPage: PAGES,
    ContactPage: PAGES,
    RebateStatusPage: PAGES,
  },
  locales: {
    en: () => import('../../locales/en/account.json'),
    es: () => import('../../locales/es/account.json'),
  },
})
