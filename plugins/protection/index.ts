import { definePlugin, loadPendingPage } from '../../src/index'

// Screens this plugin's issue has not built yet show the core's honest placeholder.
const pending = loadPendingPage

export default definePlugin({
  name: 'protection',
  requires: ['auth'],
  screens: {
    LinkedAccountsPage: pending,
    ShippingPage: pending,
    PricePage: pending,
    HotelPage: pending,
    CarRentalPage: pending,
    PackagePage: pending,
    OrderProtectionLinkPage: pending,
  },
  menus: { account: [{ path: '/account/protection/accounts', label: 'protection:title', order: 160 }] },
  locales: {
    en: () => import('../../locales/en/protection.json'),
    es: () => import('../../locales/es/protection.json'),
  },
})
