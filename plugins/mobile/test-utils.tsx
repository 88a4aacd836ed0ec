import { type ComponentLoader, definePlugin, type Services, type Session } from '@core'
import type { ReactNode } from 'react'
import mobileEn from '../../locales/en/mobile.json'
import mobileEs from '../../locales/es/mobile.json'
import { fakeSession, renderInApp, screenConfig, testI18n, testRegistry } from '../../tests/unit/kit'

export { fakeSession, testMember } from '../../tests/unit/kit'

/**
 * Renders a mobile screen at `path` (matched by `pattern`), with the mobile texts, a session, and
 * the parts other plugins would give (`parts`, by name, under a stand-in plugin of the part's prefix).
 * On every path the test did not give a screen: where the router is (test id 'where').
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
  const r = renderInApp(ui, { i18n, services, registry, path, pattern, elsewhere: 'where' })
  return { ...r, emitted }
}
