/**
 * What the plugins' screen tests share (the one place a plugin's test may import besides the core's
 * public module; the import wall, scripts/check-layers.ts, allows it): real texts in an i18next instance, a fake HTTP client that
 * answers 'METHOD /path' from handlers, and a fake session of a signed-in member.
 */

import { config as brandConfig } from '@brand'
import {
  type AppContextValue,
  type AppEvents,
  AppProvider,
  type HttpClient,
  HttpError,
  type Plugin,
  type Services,
  type Session,
  type SessionMember,
} from '@core'
import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import coreEn from '../../locales/en/core.json'
import laterEn from '../../locales/en/core-on-demand.json'
import coreEs from '../../locales/es/core.json'
import laterEs from '../../locales/es/core-on-demand.json'
import { createRegistry } from '../../src/plugin/registry'

type Texts = Record<string, unknown>

/**
 * An i18next instance in `lng` with the core's texts and the given namespaces, English and Spanish.
 *
 * @example await testI18n('es', { coins: [coinsEn, coinsEs] })
 */
export async function testI18n(lng: 'en' | 'es', namespaces: Record<string, [Texts, Texts]>): Promise<I18n> {
  const i18n = i18next.createInstance()
  const pick = (k: 0 | 1) => Object.fromEntries(Object.entries(namespaces).map(([ns, t]) => [ns, t[k]]))
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {
      en: { core: coreEn, 'core-on-demand': laterEn, ...pick(0) },
      es: { core: coreEs, 'core-on-demand': laterEs, ...pick(1) },
    },
    ns: ['core', 'core-on-demand', ...Object.keys(namespaces)],
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return i18n
}

export type Handler = (body?: unknown, config?: { params?: Record<string, unknown> }) => unknown
/** 'METHOD /path' -> what the server answers (a handler that throws answers with that error). */
export type FakeRoutes = Record<string, Handler>
export interface Call {
  method: string
  url: string
  body?: unknown
  params?: Record<string, unknown>
}

/** A fake server: each call is recorded; a path without a handler answers 404 (code not_found). */
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
    if (!h)
      throw new HttpError(
        'Request failed with status code 404',
        'status',
        404,
        { id: ['Not found'] },
        { code: 'not_found' },
      )
    return h(body, config)
  }
  const http = {
    get: (url: string, config?: { params?: Record<string, unknown> }) => run('GET', url, undefined, config),
    post: (url: string, body?: unknown) => run('POST', url, body),
    put: (url: string, body?: unknown) => run('PUT', url, body),
    delete: (url: string) => run('DELETE', url),
  } as unknown as HttpClient
  return { http, calls }
}

/** A signed-in, verified member without memberships; spread it to change a field. */
export const testMember: SessionMember = {
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

/** The session of `m` (null: a visitor), counting the resyncs a screen asks for. */
export function fakeSession(m: SessionMember | null = testMember) {
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

/**
 * The plugin registry of `plugins` (e.g. stand-ins that give the parts a screen shows with `<Part>`).
 *
 * @example testRegistry([definePlugin({ name: 'account', parts: { 'account.rebates': load } })])
 */
export function testRegistry(plugins: readonly Plugin[]) {
  return createRegistry(plugins)
}

/** The default brand's route table, for a test's config: the screens link by route name. */
export const routeTable = {
  routes: brandConfig.routes,
  redirects: brandConfig.redirects,
  landers: brandConfig.landers,
  absent: brandConfig.absent,
}

/** A screen test's config: the route table, the brand's name and both languages (add `plugins`). */
export const screenConfig = { ...routeTable, brand: { name: 'Rewards' }, app: { languages: ['en', 'es'] } }

/**
 * The services of a screen test: the fake HTTP client and session, the config, and cookies, tracking
 * and events that record what the screen does (`removed` cookie names, `tracked` actions, `events`).
 * The config has the default brand's route table unless it brings its own (links by route name).
 *
 * @example const { services, events } = testServices({ http, config: { plugins: ['auth', 'coins'] } })
 */
export function testServices({
  http,
  session = fakeSession().session,
  config,
}: {
  http: HttpClient
  session?: Session
  config: Record<string, unknown>
}) {
  const removed: string[] = []
  const tracked: string[] = []
  const events: { name: keyof AppEvents; payload: unknown }[] = []
  const services = {
    http,
    session,
    config: { ...routeTable, ...config },
    cookies: { remove: (n: string) => removed.push(n), get: () => undefined, set: () => {} },
    track: (a: string) => tracked.push(a),
    events: {
      on: () => () => {},
      emit: (name: keyof AppEvents, payload: unknown) => events.push({ name, payload }),
    },
  } as unknown as Services
  return { services, removed, tracked, events }
}

/** Shows where the router is (path and query), for tests of navigation. */
function Where({ testId = 'location' }: { testId?: string }) {
  const l = useLocation()
  return <output data-testid={testId}>{`${l.pathname}${l.search}`}</output>
}

/**
 * Renders `ui` as the app would: with the texts, the app context (store slices by plugin id, the
 * services, a registry) and a router at `path`, where `pattern` (a route path) matches it if given.
 * `where` adds an output of the router's location (test id 'location'); `elsewhere` (a test id) shows
 * that output instead of `ui` on every path `pattern` does not match (where a screen sent the member).
 *
 * @example renderInApp(<SurveysPage />, { i18n, services, path: '/surveys', where: true })
 */
export function renderInApp(
  ui: ReactNode,
  {
    i18n,
    services,
    store = {},
    registry = {},
    path = '/',
    pattern,
    where = false,
    elsewhere,
  }: {
    i18n: I18n
    services: Services
    store?: Record<string, unknown>
    registry?: object
    path?: string
    pattern?: string
    where?: boolean
    elsewhere?: string
  },
) {
  const value = { store, services, registry } as unknown as AppContextValue
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>
        <MemoryRouter initialEntries={[path]}>
          {pattern ? (
            <Routes>
              <Route path={pattern} element={ui} />
              {elsewhere ? <Route path="*" element={<Where testId={elsewhere} />} /> : null}
            </Routes>
          ) : (
            ui
          )}
          {where ? <Where /> : null}
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
}
