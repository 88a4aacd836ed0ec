import { definePlugin } from '@core'
/**
 * The legal plugin: terms (a shipping partner gets its own), privacy policy (UK and shipping-partner
 * variants), the other company and policy pages, news, unsubscribe, and the footer's links. Every
 * page is its own lazy chunk; the texts are in locales/<lng>/legal.json.
 */
export default definePlugin({
  name: 'legal',
  screens: {
    TermsPage: () => import('./screens/TermsPage'),
    PrivacyPolicyPage: () => import('./screens/PrivacyPolicyPage'),
    DocumentPage: () => import('./screens/DocumentPage'),
    NewsPage: () => import('./screens/NewsPage'),
    NewsPostPage: () => import('./screens/NewsPostPage'),
    UnsubscribePage: () => import('./screens/UnsubscribePage'),
  },
  locales: {
    en: () => import('../../locales/en/legal.json'),
    es: () => import('../../locales/es/legal.json'),
  },
  namespaces: {
    'legal-footer': {
      en: () => import('../../locales/en/legal-footer.json'),
      es: () => import('../../locales/es/legal-footer.json'),
    },
  },
  slots: {
    'footer.links': { load: () => import('./components/FooterLinks'), texts: ['legal-footer'] },
  },
})
