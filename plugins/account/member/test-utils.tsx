import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import accountEn from '../../../locales/en/account.json'
import headerEn from '../../../locales/en/account-header.json'
import coreEn from '../../../locales/en/core.json'
import accountEs from '../../../locales/es/account.json'
import headerEs from '../../../locales/es/account-header.json'
import coreEs from '../../../locales/es/core.json'
import {
  type AppContextValue,
  AppProvider,
  type HttpClient,
  HttpError,
  type Services,
  type Session,
  type SessionMember,
} from '../../../src/index'
import { AccountStore, type AccountStoreInstance } from './model'

/** An i18next instance with the real English and Spanish texts. */
export async function makeI18n(lng: 'en' | 'es' = 'en'): Promise<I18n> {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { core: coreEn, account: accountEn, 'account-header': headerEn },
      es: { core: coreEs, account: accountEs, 'account-header': headerEs },
    },
    ns: ['core', 'account', 'account-header'],
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return i18n
}

type Handler = (body?: unknown, config?: { params?: Record<string, unknown> }) => unknown
/** A fake server: 'METHOD /path' -> a handler; a handler that throws answers with that error. */
export type Routes = Record<string, Handler>

export interface Call {
  method: string
  url: string
  body?: unknown
}

export function fakeHttp(routes: Routes) {
  const calls: Call[] = []
  const run = async (
    method: string,
    url: string,
    body?: unknown,
    config?: { params?: Record<string, unknown> },
  ) => {
    calls.push({ method, url, body })
    const h = routes[`${method} ${url}`]
    if (!h) throw new HttpError('Request failed with status code 404', 'status', 404)
    return h(body, config)
  }
  const http = {
    get: (url: string, config?: { params?: Record<string, unknown> }) => run('GET', url, undefined, config),
    post: (url: string, body?: unknown) => run('POST', url, body),
    axios: { put: async (url: string, body?: unknown) => ({ data: await run('PUT', url, body) }) },
  } as unknown as HttpClient
  return { http, calls }
}

/** A 422 as the server sends it: errors and codes per field. */
export function invalid(errors: Record<string, string>, codes: Record<string, string>, status = 422) {
  const e = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]]))
  const first = Object.keys(codes)[0]
  return new HttpError(`Request failed with status code ${status}`, 'status', status, e, {
    code: first ? codes[first] : 'invalid',
    errors: e,
    codes,
  })
}

export const member: SessionMember = {
  id: 7,
  email: 'dana@example.com',
  name: 'Dana Demo',
  emailVerified: true,
  plus: true,
  shipping: false,
  subscriber: true,
  coins: 0,
  signedUpAt: null,
  partnerId: null,
  allowsPii: false,
}

export function fakeSession(m: SessionMember | null = member) {
  let resyncs = 0
  const session = {
    authenticated: m !== null,
    member: m,
    token: m ? 'token' : null,
    register: () => Promise.reject(new Error('not here')),
    resync: async () => {
      resyncs++
    },
  } as Session
  return { session, resyncs: () => resyncs }
}

/** Renders with the texts, a router, the app context (the account store, the fake http and session). */
export function renderWith(
  ui: ReactNode,
  {
    i18n,
    http,
    session = fakeSession().session,
    store = AccountStore.create(),
    plugins = ['auth', 'account', 'upsell'],
    path = '/',
  }: {
    i18n: I18n
    http: HttpClient
    session?: Session
    store?: AccountStoreInstance
    plugins?: string[]
    path?: string
  },
) {
  const removed: string[] = []
  const tracked: string[] = []
  const services = {
    http,
    session,
    config: { plugins, brand: { name: 'Rewards' }, app: { languages: ['en', 'es'] } },
    cookies: { remove: (n: string) => removed.push(n), get: () => undefined, set: () => {} },
    track: (a: string) => tracked.push(a),
    events: { on: () => () => {}, emit: () => {} },
  } as unknown as Services
  const value = { store: { account: store }, services, registry: {} } as unknown as AppContextValue
  const r = render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
  return { ...r, store, removed, tracked }
}
