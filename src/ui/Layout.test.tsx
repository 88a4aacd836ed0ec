import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, StaticRouter } from 'react-router-dom'
import { beforeAll, describe, expect, it } from 'vitest'
import { testI18n } from '../../tests/unit/kit'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { RootLike, Services } from '../plugin/types'
import { AppProvider } from '../state/context'
import { Footer, Header } from './Layout'
import { preloadSlots } from './Slot'

const Nav = () => <a href="/stores">Stores</a>
const Actions = () => <button type="button">Sign in</button>
const Legal = () => <a href="/terms">Terms</a>
const registry = createRegistry([
  definePlugin({
    name: 'shop',
    slots: {
      'header.nav': async () => ({ default: Nav }),
      'header.actions': async () => ({ default: Actions }),
      'footer.links': async () => ({ default: Legal }),
    },
  }),
])
const config = {
  brand: { name: 'Rewards', theme: { logo: '/brand/logo.svg' } },
  app: { languages: ['en', 'es'] },
}
const services = { config } as unknown as Services

beforeAll(async () => {
  await Promise.all([...registry.slots.values()].map((entries) => preloadSlots(entries)))
})

describe('Header and Footer (named exports: the server draws them before the app starts)', () => {
  it('render to a string with only a router, i18n and the app context, the slots in place', async () => {
    const i18n = await testI18n('en', {})
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <AppProvider value={{ registry, store: {} as RootLike, services }}>
          <StaticRouter location="/">
            <Header />
            <Footer />
          </StaticRouter>
        </AppProvider>
      </I18nextProvider>,
    )
    expect(html).toContain('<header')
    expect(html).toContain('aria-label="Rewards home"')
    expect(html).toContain('href="/stores"')
    expect(html).toContain('>Sign in</button>')
    expect(html).toContain('<footer')
    expect(html).toContain('href="/terms"')
  })

  it('the logo link keeps its accessible name where CSS hides the brand name (a phone)', async () => {
    const i18n = await testI18n('es', {})
    render(
      <I18nextProvider i18n={i18n}>
        <AppProvider value={{ registry, store: {} as RootLike, services }}>
          <MemoryRouter>
            <Header />
          </MemoryRouter>
        </AppProvider>
      </I18nextProvider>,
    )
    const banner = screen.getByRole('banner')
    const home = screen.getByRole('link', { name: 'Inicio de Rewards' })
    expect(banner.contains(home)).toBe(true)
    expect(home.textContent).toBe('Rewards')
    expect(screen.getByRole('navigation', { name: 'Principal' }).textContent).toBe('Stores')
  })
})
