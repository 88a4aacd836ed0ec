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
  },
  locales: {
    en: () => import('../../locales/en/coins.json'),
    es: () => import('../../locales/es/coins.json'),
  },
})
