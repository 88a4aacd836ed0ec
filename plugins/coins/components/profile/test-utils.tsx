import { type AppContextValue, AppProvider, type HttpClient, HttpError, type Services } from '@core'
import { render } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { screenConfig } from '../../../../tests/unit/kit'
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
    config: { ...screenConfig, plugins: ['auth', 'coins'] },
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

/** A survey as GET /api/surveys gives it (10 coins a minute unless told). */
export const surveyOf = ({ id, ...over }: Partial<Survey> & { id: number }) =>
  survey(id, { coins_advertised: 100, coins_per_minute: 10, screen_out_percent: 10, ...over })
