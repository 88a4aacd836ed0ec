import {
  type AppContextValue,
  AppProvider,
  type ComponentLoader,
  definePlugin,
  type Services,
  type Session,
} from '@core'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import mobileEn from '../../locales/en/mobile.json'
import mobileEs from '../../locales/es/mobile.json'
import { fakeSession, screenConfig, testI18n, testRegistry } from '../../tests/unit/kit'

export { fakeSession, testMember } from '../../tests/unit/kit'

/** Where the router is: rendered on every path the test did not give a screen. */
function Where() {
  const { pathname, search } = useLocation()
  return <p data-testid="where">{`${pathname}${search}`}</p>
}

/**
 * Renders a mobile screen at `path` (matched by `pattern`), with the mobile texts, a session, and
 * the parts other plugins would give (`parts`, by name, under a stand-in plugin of the part's prefix).
 */
export async function renderMobile(
  ui: ReactNode,
  {
    lng = 'en',
    session = fakeSession().session,
    parts = {},
    path = '/',
    pattern = '*',
  }: {
    lng?: 'en' | 'es'
    session?: Session
    parts?: Record<string, ComponentLoader>
    path?: string
    pattern?: string
  } = {},
) {
  const i18n = await testI18n(lng, { mobile: [mobileEn, mobileEs] })
  const byPlugin = new Map<string, Record<string, ComponentLoader>>()
  for (const [name, load] of Object.entries(parts)) {
    const plugin = name.split('.')[0]!
    byPlugin.set(plugin, { ...byPlugin.get(plugin), [name]: load })
  }
  const registry = testRegistry([...byPlugin].map(([name, p]) => definePlugin({ name, parts: p })))
  const emitted: { name: string; payload: unknown }[] = []
  const services = {
    session,
    config: { ...screenConfig, plugins: ['auth', 'mobile'] },
    events: { on: () => () => {}, emit: (name: string, payload: unknown) => emitted.push({ name, payload }) },
    track: () => {},
  } as unknown as Services
  const value = { store: {}, services, registry } as unknown as AppContextValue
  const r = render(
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
  return { ...r, emitted }
}
