import { type HttpClient, HttpError, type Session, type SessionMember } from '@core'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import accountEn from '../../../locales/en/account.json'
import headerEn from '../../../locales/en/account-header.json'
import pagesEn from '../../../locales/en/account-pages.json'
import accountEs from '../../../locales/es/account.json'
import headerEs from '../../../locales/es/account-header.json'
import pagesEs from '../../../locales/es/account-pages.json'
import { fakeSession, renderInApp, testI18n, testMember, testServices } from '../../../tests/unit/kit'
import { AccountStore, type AccountStoreInstance } from './model'

/** An i18next instance with the real English and Spanish texts. */
export const makeI18n = (lng: 'en' | 'es' = 'en') =>
  testI18n(lng, {
    account: [accountEn, accountEs],
    'account-pages': [pagesEn, pagesEs],
    'account-header': [headerEn, headerEs],
  })

export { type Call, type FakeRoutes as Routes, fakeHttp, fakeSession } from '../../../tests/unit/kit'

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

/** A signed-in Plus member. */
export const member: SessionMember = { ...testMember, plus: true, subscriber: true }

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
  const config = { plugins, brand: { name: 'Rewards' }, app: { languages: ['en', 'es'] } }
  const { services, removed, tracked } = testServices({ http, session, config })
  const r = renderInApp(ui, { i18n, services, store: { account: store }, path })
  return { ...r, store, removed, tracked }
}
