import { definePlugin } from '../../src/plugin/define'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = () => import('../../src/ui/PendingPage')

/**
 * The upsell plugin: every lander of config/landers.json (one screen composed from lazily loaded
 * step blocks), the pages landers end on, the plus membership page and cancelling it.
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
    SweepstakesVerifyPage: pending,
    SweepstakesRulesPage: pending,
    GiftRedeemPage: pending,
    UpdatePaymentMethodPage: pending,
  },
  locales: {
    en: () => import('../../locales/en/upsell.json'),
    es: () => import('../../locales/es/upsell.json'),
  },
})
