import { definePlugin } from '../../src/plugin/define'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = () => import('../../src/ui/PendingPage')

export default definePlugin({
  name: 'upsell',
  requires: ['auth'],
  screens: {
    SweepstakesVerifyPage: pending,
    SweepstakesRulesPage: pending,
    ThankYouPage: pending,
    PaymentErrorPage: pending,
    GiftRedeemPage: pending,
    UpsellAcceptedPage: pending,
    UpsellDeclinedPage: pending,
    SummaryPage: pending,
    AmazonThankYouPage: pending,
    OptOutPage: pending,
    PlusPage: pending,
    CancelSubscriptionPage: pending,
    UpdatePaymentMethodPage: pending,
    LanderPage: pending,
  },
  locales: {
    en: () => import('../../locales/en/upsell.json'),
    es: () => import('../../locales/es/upsell.json'),
  },
})
