import { type HttpClient, HttpError, type Services } from '@core'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { renderInApp, screenConfig } from '../../../../tests/unit/kit'
import type { Survey } from '../../contract'
import { survey } from '../test-utils'

export { fakeHttp } from '../../../../tests/unit/kit'
export { makeI18n } from '../test-utils'

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

/**
 * Renders a screen at `path` (matched by `pattern`) with the texts, a router and the fake http; on
 * any other path, where the app went (test id 'where': its path and query).
 */
export function renderAt(
  ui: ReactNode,
  { i18n, http, path, pattern }: { i18n: I18n; http: HttpClient; path: string; pattern: string },
) {
  const services = {
    http,
    config: { ...screenConfig, plugins: ['auth', 'coins'] },
    track: () => {},
    events: { on: () => () => {}, emit: () => {} },
  } as unknown as Services
  return renderInApp(ui, { i18n, services, path, pattern, elsewhere: 'where' })
}

/** A survey as GET /api/surveys gives it (10 coins a minute unless told). */
export const surveyOf = ({ id, ...over }: Partial<Survey> & { id: number }) =>
  survey(id, { coins_advertised: 100, coins_per_minute: 10, screen_out_percent: 10, ...over })
