import { definePlugin } from '../../src/index'
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
    CcpaNoticePage: () => import('./screens/CcpaNoticePage'),
    IpRightsPage: () => import('./screens/IpRightsPage'),
    PublisherTermsPage: () => import('./screens/PublisherTermsPage'),
    CcpaPrivacyRightsPage: () => import('./screens/CcpaPrivacyRightsPage'),
    GoogleApiPolicyPage: () => import('./screens/GoogleApiPolicyPage'),
    LicensePage: () => import('./screens/LicensePage'),
    CookiesPage: () => import('./screens/CookiesPage'),
    AboutPage: () => import('./screens/AboutPage'),
    CareersPage: () => import('./screens/CareersPage'),
    NewsPage: () => import('./screens/NewsPage'),
    NewsPostPage: () => import('./screens/NewsPostPage'),
    VulnerabilityDisclosurePage: () => import('./screens/VulnerabilityDisclosurePage'),
    HowItWorksPage: () => import('./screens/HowItWorksPage'),
    UninstallPage: () => import('./screens/UninstallPage'),
    ContactPage: () => import('./screens/ContactPage'),
    FaqPage: () => import('./screens/FaqPage'),
    ReviewPage: () => import('./screens/ReviewPage'),
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
