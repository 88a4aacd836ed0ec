import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import coinsEn from '../../../locales/en/coins.json'
import headerEn from '../../../locales/en/coins-header.json'
import coreEn from '../../../locales/en/core.json'
import coinsEs from '../../../locales/es/coins.json'
import headerEs from '../../../locales/es/coins-header.json'
import coreEs from '../../../locales/es/core.json'
import {
  type AppContextValue,
  type AppEvents,
  AppProvider,
  type HttpClient,
  HttpError,
  type Services,
  type Session,
  type SessionMember,
} from '../../../src/index'

/** An i18next instance with the real English and Spanish texts of coins and core. */
export async function makeI18n(lng: 'en' | 'es' = 'en'): Promise<I18n> {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { core: coreEn, coins: coinsEn, 'coins-header': headerEn },
      es: { core: coreEs, coins: coinsEs, 'coins-header': headerEs },
    },
    ns: ['core', 'coins', 'coins-header'],
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return i18n
}

type Handler = (body?: unknown, config?: { params?: Record<string, unknown> }) => unknown
export type FakeRoutes = Record<string, Handler>
export interface Call {
  method: string
  url: string
  body?: unknown
  params?: Record<string, unknown>
}

/** A fake server: 'METHOD /path' -> a handler; a handler that throws answers with that error; else 404. */
export function fakeHttp(routes: FakeRoutes) {
  const calls: Call[] = []
  const run = async (
    method: string,
    url: string,
    body?: unknown,
    config?: { params?: Record<string, unknown> },
  ) => {
    calls.push({ method, url, body, params: config?.params })
    const h = routes[`${method} ${url}`]
    if (!h) throw new HttpError('Request failed with status code 404', 'status', 404)
    return h(body, config)
  }
  const http = {
    get: (url: string, config?: { params?: Record<string, unknown> }) => run('GET', url, undefined, config),
    post: (url: string, body?: unknown) => run('POST', url, body),
  } as unknown as HttpClient
  return { http, calls }
}

/** A refusal as the server sends it: status, code and message. */
export function refusal(status: number, code: string, message = 'Refused') {
  return new HttpError(
    `Request failed with status code ${status}`,
    'status',
    status,
    { survey: [message] },
    {
      code,
      errors: { survey: [message] },
      codes: { survey: code },
    },
  )
}

export const member: SessionMember = {
  id: 7,
  email: 'dana@example.com',
  name: 'Dana Demo',
  emailVerified: true,
  plus: false,
  shipping: false,
  subscriber: false,
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

/** Renders at `path` (matched by `pattern`) with the texts, a router and the app context. */
export function renderWith(
  ui: ReactNode,
  {
    i18n,
    http,
    session = fakeSession().session,
    path = '/',
    pattern = '*',
  }: { i18n: I18n; http: HttpClient; session?: Session; path?: string; pattern?: string },
) {
  const events: { name: keyof AppEvents; payload: unknown }[] = []
  const services = {
    http,
    session,
    config: { plugins: ['auth', 'coins'], brand: { name: 'Rewards' }, app: { languages: ['en', 'es'] } },
    cookies: { remove: () => {}, get: () => undefined, set: () => {} },
    track: () => {},
    events: {
      on: () => () => {},
      emit: (name: keyof AppEvents, payload: unknown) => events.push({ name, payload }),
    },
  } as unknown as Services
  const value = { store: {}, services, registry: {} } as unknown as AppContextValue
  const r = render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={ui} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
  return { ...r, events }
}

/** Shows where the router is (path and query), for tests of navigation. */
function Where() {
  const l = useLocation()
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>
}
