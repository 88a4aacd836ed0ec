/**
 * The company behind the brands and its mailboxes, interpolated into the legal texts as
 * {{company}}, {{address}}, {{supportEmail}} and so on. One place to change them.
 */
export const legalContacts = {
  company: 'Rewards Technologies, Inc.',
  address: '100 Pine Street, Suite 1250, San Francisco, CA 94111, USA',
  supportEmail: 'support@example.com',
  privacyEmail: 'privacy@example.com',
  securityEmail: 'security@example.com',
  careersEmail: 'careers@example.com',
  pressEmail: 'press@example.com',
  partnersEmail: 'partners@example.com',
  legalEmail: 'legal@example.com',
  tollFree: '1-800-555-0142',
  appStoreUrl: 'https://apps.apple.com/us/search?term=rewards%20cash%20back',
  playStoreUrl: 'https://play.google.com/store/search?q=rewards%20cash%20back&c=apps',
  chromeStoreUrl: 'https://chromewebstore.google.com/',
} as const
