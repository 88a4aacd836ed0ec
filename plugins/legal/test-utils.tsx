import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import coreEn from '../../locales/en/core.json'
import legalEn from '../../locales/en/legal.json'
import footerEn from '../../locales/en/legal-footer.json'
import coreEs from '../../locales/es/core.json'
import legalEs from '../../locales/es/legal.json'
import footerEs from '../../locales/es/legal-footer.json'
import {
  type AppContextValue,
  AppProvider,
  type HttpClient,
  type RuntimeConfig,
  type Services,
} from '../../src/index'
/** An i18next instance with the real English and Spanish texts, as the app has them. */
export async function makeI18n(lng: 'en' | 'es' = 'en'): Promise<I18n> {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { core: coreEn, legal: legalEn, 'legal-footer': footerEn },
      es: { core: coreEs, legal: legalEs, 'legal-footer': footerEs },
    },
    ns: ['core', 'legal', 'legal-footer'],
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return i18n
}

export type FakeGet = (url: string, config?: { params?: Record<string, unknown> }) => Promise<unknown>

export function fakeServices(opts: { partner?: RuntimeConfig['partner']; get?: FakeGet } = {}): Services {
  const get = opts.get ?? (() => Promise.reject(new Error('no http in this test')))
  const http = { get } as unknown as HttpClient
  const config = {
    brandId: opts.partner ? 'shipnow' : 'default',
    brand: { name: opts.partner ? 'ShipNow Rewards' : 'Rewards' },
    partner: opts.partner ?? null,
    app: { languages: ['en', 'es'] },
  } as unknown as RuntimeConfig
  return { http, config } as unknown as Services
}

export const shippingPartner = {
  id: 'shipnow',
  partner_name: 'ShipNow',
  has_extension: false,
  kind: 'shipping',
} as RuntimeConfig['partner']

/** Renders with the texts, a router at `path` and the app context. */
export function renderWith(
  ui: ReactNode,
  { i18n, services, path = '/' }: { i18n: I18n; services?: Services; path?: string },
) {
  const value = {
    store: {},
    services: services ?? fakeServices(),
    registry: {},
  } as unknown as AppContextValue
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
}
