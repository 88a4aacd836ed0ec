import { definePlugin } from '../../src/plugin/define'

const pending = () => import('../../src/ui/PendingPage')

export default definePlugin({
  name: 'legal',
  screens: {
    FaqPage: pending,
    ContactPage: pending,
    TermsPage: pending,
    PrivacyPolicyPage: pending,
    CcpaNoticePage: pending,
    IpRightsPage: pending,
    PublisherTermsPage: pending,
    CcpaPrivacyRightsPage: pending,
    GoogleApiPolicyPage: pending,
    LicensePage: pending,
    CookiesPage: pending,
    AboutPage: pending,
    CareersPage: pending,
    NewsPage: pending,
    NewsPostPage: pending,
    VulnerabilityDisclosurePage: pending,
    HowItWorksPage: pending,
    UninstallPage: pending,
    ReviewPage: pending,
    UnsubscribePage: pending,
  },
  locales: {
    en: () => import('../../locales/en/legal.json'),
    es: () => import('../../locales/es/legal.json'),
  },
})
