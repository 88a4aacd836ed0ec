import { type AppContextValue, AppProvider, type HttpClient, type RuntimeConfig, type Services } from '@core'
import { render } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import legalEn from '../../locales/en/legal.json'
import footerEn from '../../locales/en/legal-footer.json'
import legalEs from '../../locales/es/legal.json'
import footerEs from '../../locales/es/legal-footer.json'
import { routeTable, testI18n } from '../../tests/unit/kit'
/** An i18next instance with the real English and Spanish texts, as the app has them. */
export const makeI18n = (lng: 'en' | 'es' = 'en') =>
  testI18n(lng, { legal: [legalEn, legalEs], 'legal-footer': [footerEn, footerEs] })

export type FakeGet = (url: string, config?: { params?: Record<string, unknown> }) => Promise<unknown>

export function fakeServices(opts: { partner?: RuntimeConfig['partner']; get?: FakeGet } = {}): Services {
  const get = opts.get ?? (() => Promise.reject(new Error('no http in this test')))
  const http = { get } as unknown as HttpClient
  const config = {
    ...routeTable,
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
