import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import coinsEn from '../../../../locales/en/coins.json'
import coreEn from '../../../../locales/en/core.json'
import coinsEs from '../../../../locales/es/coins.json'
import coreEs from '../../../../locales/es/core.json'
import {
  type AppContextValue,
  AppProvider,
  type HttpClient,
  HttpError,
  type Services,
} from '../../../../src/index'

/** An i18next instance with the real English and Spanish texts of core and coins. */
export async function makeI18n(lng: 'en' | 'es' = 'en'): Promise<I18n> {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { core: coreEn, coins: coinsEn }, es: { core: coreEs, coins: coinsEs } },
    ns: ['core', 'coins'],
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return i18n
}

type Handler = (body?: unknown) => unknown
/** A fake server: 'METHOD /path' -> a handler; a handler that throws answers with that error. */
export function fakeHttp(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body?: unknown }[] = []
  const run = async (method: string, url: string, body?: unknown) => {
    calls.push({ method, url, body })
    const h = routes[`${method} ${url}`]
    if (!h)
      throw new HttpError(
        'Request failed with status code 404',
        'status',
        404,
        { id: ['Not found'] },
        {
          code: 'not_found',
        },
      )
    return h(body)
  }
  const http = {
    get: (url: string) => run('GET', url),
    post: (url: string, body?: unknown) => run('POST', url, body),
    axios: { put: async (url: string, body?: unknown) => ({ data: await run('PUT', url, body) }) },
  } as unknown as HttpClient
  return { http, calls }
}

/** An error answer as the server sends it: one field, its code, and the extra numbers. */
export function refused(status: number, field: string, code: string, extra: Record<string, unknown> = {}) {
  const errors = { [field]: [`server says ${code}`] }
  return new HttpError(`Request failed with status code ${status}`, 'status', status, errors, {
    ...extra,
    code,
    errors,
    codes: { [field]: code },
  })
}

/** Where the app went: the path and query of the current location. */
function Where() {
  const l = useLocation()
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>
}

/** Renders a screen at `path` (matched by `pattern`) with the texts, a router and the fake http. */
export function renderAt(
  ui: ReactNode,
  { i18n, http, path, pattern }: { i18n: I18n; http: HttpClient; path: string; pattern: string },
) {
  const services = {
    http,
    config: { plugins: ['auth', 'coins'], brand: { name: 'Rewards' }, app: { languages: ['en', 'es'] } },
    track: () => {},
    events: { on: () => () => {}, emit: () => {} },
  } as unknown as Services
  const value = { store: {}, services, registry: {} } as unknown as AppContextValue
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={ui} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
}

/** A survey as GET /api/surveys gives it. */
export const surveyOf = (over: Partial<Record<string, unknown>> & { id: number }) => ({
  platform: 'devsurvey',
  title: `Survey ${over.id}`,
  coins_advertised: 100,
  survey_estimated_time_in_mins: 10,
  coins_per_minute: 10,
  screen_out_percent: 10,
  screen_out_from_history: false,
  locked: false,
  is_onboarding: false,
  needs_phone: false,
  has_targeting: false,
  done: false,
  ...over,
})
