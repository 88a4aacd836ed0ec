import { definePlugin, loadPendingPage } from '../../src/index'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = loadPendingPage

export default definePlugin({
  name: 'coins',
  requires: ['auth'],
  screens: {
    SurveyCompletePage: pending,
    SurveyOnboardingPage: pending,
    SmsVerifyPage: pending,
    PromoteBetterOfferPage: pending,
    SurveyTargetingPage: pending,
    SurveysPage: pending,
    CoinOfferPage: pending,
    IncompleteCoinOffersPage: pending,
    OnboardingPage: pending,
    CoinHistoryPage: () => import('./screens/CoinHistoryPage'),
    CoinWithdrawalPage: () => import('./screens/CoinWithdrawalPage'),
  },
  // beside the cash pages in the account menu; a brand without coins has neither link nor page
  menus: {
    account: [
      { path: '/account/coin/history', label: 'coins:menu.history', order: 25 },
      { path: '/account/withdrawal-coin', label: 'coins:menu.withdraw', order: 26 },
    ],
  },
  locales: {
    en: () => import('../../locales/en/coins.json'),
    es: () => import('../../locales/es/coins.json'),
  },
})
