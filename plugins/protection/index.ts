import { definePlugin } from '@core'
import { followSession, ProtectionStore, type ProtectionStoreInstance } from './model'

export default definePlugin({
  name: 'protection',
  requires: ['auth'],
  // SPEC 3's linked_accounts, loaded with the member (./model); its calls load with the first use
  model: ProtectionStore,
  screens: {
    LinkedAccountsPage: () => import('./screens/LinkedAccountsPage'),
    ShippingPage: () => import('./screens/ShippingPage'),
    PricePage: () => import('./screens/PricePage'),
    HotelPage: () => import('./screens/HotelPage'),
    CarRentalPage: () => import('./screens/CarRentalPage'),
    PackagePage: () => import('./screens/PackagePage'),
    OrderProtectionLinkPage: () => import('./screens/OrderProtectionLinkPage'),
  },
  menus: {
    account: [{ route: 'account-protection-accounts', label: 'protection-menu:protection', order: 160 }],
  },
  // the account menu's label, without the whole protection texts
  namespaces: {
    'protection-menu': {
      en: () => import('../../locales/en/protection-menu.json'),
      es: () => import('../../locales/es/protection-menu.json'),
    },
  },
  locales: {
    en: () => import('../../locales/en/protection.json'),
    es: () => import('../../locales/es/protection.json'),
  },
  setup: ({ store, services }) => {
    followSession(store.protection as ProtectionStoreInstance, services.session)
  },
})
