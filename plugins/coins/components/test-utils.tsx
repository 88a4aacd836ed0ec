import { render } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import coinsEn from '../../../locales/en/coins.json'
import headerEn from '../../../locales/en/coins-header.json'
import coinsEs from '../../../locales/es/coins.json'
import headerEs from '../../../locales/es/coins-header.json'
import {
  type AppContextValue,
  type AppEvents,
  AppProvider,
  type HttpClient,
  HttpError,
  type Services,
  type Session,
} from '../../../src/index'
import { fakeSession, testI18n, testMember } from '../../../tests/unit/kit'
import type { Survey } from '../contract'

/** An i18next instance with the real English and Spanish texts of coins and core. */
export const makeI18n = (lng: 'en' | 'es' = 'en') =>
  testI18n(lng, { coins: [coinsEn, coinsEs], 'coins-header': [headerEn, headerEs] })

export { type Call, type FakeRoutes, fakeHttp, fakeSession } from '../../../tests/unit/kit'

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

export const member = testMember

/** A survey as GET /api/surveys gives it: 300 coins in 10 minutes, open to the member. */
export const survey = (id: number, over: Partial<Survey> = {}): Survey => ({
  id,
  platform: 'devsurvey',
  title: `Survey ${id}`,
  coins_advertised: 300,
  survey_estimated_time_in_mins: 10,
  coins_per_minute: 30,
  screen_out_percent: 20,
  screen_out_from_history: false,
  locked: false,
  is_onboarding: false,
  needs_phone: false,
  has_targeting: false,
  done: false,
  ...over,
})

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
