import { definePlugin } from '@core'
/**
 * The upsell plugin: every lander of config/landers.json (one screen composed from lazily loaded
 * step blocks), the pages landers end on, the plus membership page and cancelling it, the sweepstakes
 * rules and verify pages, gift card redemption and the card-update page for visitors.
 */
export default definePlugin({
  name: 'upsell',
  requires: ['auth'],
  screens: {
    LanderPage: () => import('./screens/LanderPage'),
    ThankYouPage: () => import('./screens/ThankYouPage'),
    PaymentErrorPage: () => import('./screens/PaymentErrorPage'),
    UpsellAcceptedPage: () => import('./screens/UpsellAcceptedPage'),
    UpsellDeclinedPage: () => import('./screens/UpsellDeclinedPage'),
    SummaryPage: () => import('./screens/SummaryPage'),
    AmazonThankYouPage: () => import('./screens/AmazonThankYouPage'),
    OptOutPage: () => import('./screens/OptOutPage'),
    PlusPage: () => import('./screens/PlusPage'),
    CancelSubscriptionPage: () => import('./screens/CancelSubscriptionPage'),
    SweepstakesVerifyPage: () => import('./screens/SweepstakesVerifyPage'),
    SweepstakesRulesPage: () => import('./screens/SweepstakesRulesPage'),
    GiftRedeemPage: () => import('./screens/GiftRedeemPage'),
    UpdatePaymentMethodPage: () => import('./screens/UpdatePaymentMethodPage'),
  },
  firstPaint: {
    LanderPage: () => import('./screens/LanderFirstPaint'),
  },
  locales: {
    en: () => import('../../locales/en/upsell.json'),
    es: () => import('../../locales/es/upsell.json'),
  },
})
