import { type HttpClient, HttpError, type Session } from '@core'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import coinsEn from '../../../locales/en/coins.json'
import headerEn from '../../../locales/en/coins-header.json'
import coinsEs from '../../../locales/es/coins.json'
import headerEs from '../../../locales/es/coins-header.json'
import { fakeSession, renderInApp, testI18n, testMember, testServices } from '../../../tests/unit/kit'
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
  const config = { plugins: ['auth', 'coins'], brand: { name: 'Rewards' }, app: { languages: ['en', 'es'] } }
  const { services, events } = testServices({ http, session, config })
  const r = renderInApp(ui, { i18n, services, path, pattern, where: true })
  return { ...r, events }
}
