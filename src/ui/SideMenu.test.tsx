import { act, fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../config/runtime-types'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { RootLike, Services } from '../plugin/types'
import { AppProvider } from '../state/context'
import { currentEntry, SideMenu } from './SideMenu'

const texts = async () => ({ default: {} })
const cash = definePlugin({
  name: 'cash',
  locales: { en: texts },
  menus: {
    account: [
      { route: 'account-withdrawal', label: 'cash:withdraw', order: 20 },
      { route: 'account-history', label: 'cash:history', order: 10 },
      // a page this brand does not ship: no link
      { route: 'account-gone', label: 'cash:gone', order: 30 },
    ],
  },
})
const coin = definePlugin({
  name: 'coin',
  locales: { en: texts },
  menus: { account: [{ route: 'account-coin-history', label: 'coin:history', order: 15 }] },
})
const route = (path: string, name: string) => ({ path, name, screen: 'x/Page', layout: 'main', props: {} })
const config = {
  routes: [
    route('/account/withdrawal', 'account-withdrawal'),
    route('/account/history', 'account-history'),
    route('/account/history/:id', 'account-history-entry'),
    route('/account/coin/history', 'account-coin-history'),
    route('/stores', 'stores'),
  ],
  redirects: [],
  landers: null,
  absent: ['/account/gone'],
} as unknown as RuntimeConfig

const i18n = i18next.createInstance()
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: {
        core: { sideMenu: { label: 'Pages in this section', open: 'Menu' } },
        cash: { withdraw: 'Withdraw cash', history: 'History' },
        coin: { history: 'Coin history' },
      },
    },
  })
})

function menu(plugins: Parameters<typeof createRegistry>[0], path: string) {
  const registry = createRegistry(plugins)
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={{ registry, store: {} as RootLike, services: { config } as Services }}>
        <MemoryRouter initialEntries={[path]}>
          <SideMenu name="account" />
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
}

describe('SideMenu (routes.json "menu")', () => {
  it('lists the enabled plugins’ entries in their order in a named nav, the current page marked', () => {
    menu([cash, coin], '/account/withdrawal')
    const nav = screen.getByRole('navigation', { name: 'Pages in this section' })
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)
    expect(links).toEqual(['History', 'Coin history', 'Withdraw cash'])
    expect(screen.getByRole('link', { name: 'Withdraw cash' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBeNull()
  })
  it('a disabled plugin’s entries are absent', () => {
    menu([cash], '/account/history')
    expect(screen.queryByRole('link', { name: 'Coin history' })).toBeNull()
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['History', 'Withdraw cash'])
  })
  it('folds into a disclosure that names the current page and opens by button', async () => {
    menu([cash, coin], '/account/coin/history')
    const toggle = screen.getByRole('button', { name: /Coin history/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    await act(async () => fireEvent.click(toggle))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)
    expect(list?.className).toMatch(/open/)
  })
  it('a deeper path marks the entry it is under, asked of the route resolver (case as it does)', () => {
    const entries = createRegistry([cash, coin]).menus.get('account')!
    expect(currentEntry(entries, config, '/account/coin/history/')?.label).toBe('coin:history')
    expect(currentEntry(entries, config, '/Account/Coin/History')?.label).toBe('coin:history')
    expect(currentEntry(entries, config, '/account/history/2024')?.label).toBe('cash:history')
    expect(currentEntry(entries, config, '/account/history/2024/more')?.label).toBe('cash:history')
    expect(currentEntry(entries, config, '/stores')).toBeUndefined()
  })
  it('an entry whose route this brand does not ship has no link', () => {
    menu([cash], '/account/history')
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/account/history',
      '/account/withdrawal',
    ])
  })
  it('the registry refuses a label without its namespace, or of texts no plugin gives', () => {
    expect(() =>
      createRegistry([
        definePlugin({ name: 'x', menus: { account: [{ route: 'a', label: 'A', order: 1 }] } }),
      ]),
    ).toThrow(/namespace:key/)
    expect(() =>
      createRegistry([
        definePlugin({ name: 'x', menus: { account: [{ route: 'a', label: 'nobody:a', order: 1 }] } }),
      ]),
    ).toThrow(/no enabled plugin gives/)
  })
})
