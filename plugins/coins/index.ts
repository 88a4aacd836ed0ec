import { definePlugin } from '@core'
import { surveysRequest } from './first-data'

export default definePlugin({
  name: 'coins',
  requires: ['auth'],
  screens: {
    SurveyCompletePage: () => import('./screens/SurveyCompletePage'),
    SurveyOnboardingPage: () => import('./screens/SurveyOnboardingPage'),
    SmsVerifyPage: () => import('./screens/SmsVerifyPage'),
    PromoteBetterOfferPage: () => import('./screens/PromoteBetterOfferPage'),
    SurveyTargetingPage: () => import('./screens/SurveyTargetingPage'),
    SurveysPage: () => import('./screens/SurveysPage'),
    CoinOfferPage: () => import('./screens/CoinOfferPage'),
    CoinOffersPage: () => import('./screens/CoinOffersPage'),
    IncompleteCoinOffersPage: () => import('./screens/IncompleteCoinOffersPage'),
    OnboardingPage: () => import('./screens/OnboardingPage'),
    CoinHistoryPage: () => import('./screens/CoinHistoryPage'),
    CoinWithdrawalPage: () => import('./screens/CoinWithdrawalPage'),
  },
  // drawn by the server before the app starts (src/node/page-paint.tsx): for a member, with their login
  serverPaint: { SurveysPage: () => [surveysRequest] },
  // shown by other plugins through the core's <Part> (the mobile app's coin withdrawal page)
  parts: {
    'coins.withdrawal': () =>
      import('./screens/CoinWithdrawalPage').then((m) => ({ default: m.CoinWithdrawalView })),
  },
  // beside the cash pages in the account menu; a brand without coins has neither link nor page
  menus: {
    account: [
      { route: 'account-coin-history', label: 'coins-menu:history', order: 25 },
      { route: 'account-withdrawal-coin', label: 'coins-menu:withdraw', order: 26 },
    ],
  },
  // the member's coin balance in the header, with its two texts: loaded once a member is signed in
  slots: {
    'header.actions': {
      load: () => import('./components/CoinBalance'),
      texts: ['coins-header'],
      audience: 'member',
    },
  },
  namespaces: {
    // the account menu's two labels, without the whole coins texts
    'coins-menu': {
      en: () => import('../../locales/en/coins-menu.json'),
      es: () => import('../../locales/es/coins-menu.json'),
    },
    'coins-header': {
      en: () => import('../../locales/en/coins-header.json'),
      es: () => import('../../locales/es/coins-header.json'),
    },
  },
  locales: {
    en: () => import('../../locales/en/coins.json'),
    es: () => import('../../locales/es/coins.json'),
  },
})
