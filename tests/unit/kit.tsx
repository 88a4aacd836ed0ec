/**
 * What the plugins' screen tests share (the one place a plugin's test may import besides the core's
 * public module; biome.json allows it): real texts in an i18next instance, a fake HTTP client that
 * answers 'METHOD /path' from handlers, and a fake session of a signed-in member.
 */
import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import coreEn from '../../locales/en/core.json'
import coreEs from '../../locales/es/core.json'
import { type HttpClient, HttpError, type Plugin, type Session, type SessionMember } from '../../src/index'
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
    resources: { en: { core: coreEn, ...pick(0) }, es: { core: coreEs, ...pick(1) } },
    ns: ['core', ...Object.keys(namespaces)],
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
