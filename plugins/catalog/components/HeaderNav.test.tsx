import { config as brand } from '@brand'
import { type AppContextValue, AppProvider } from '@core'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import catalogEn from '../../../locales/en/catalog.json'
import catalogEs from '../../../locales/es/catalog.json'
import { testI18n } from '../../../tests/unit/kit'
import HeaderNav from './HeaderNav'

function Where() {
  const { pathname, search } = useLocation()
  return <output data-testid="where">{pathname + search}</output>
}

async function renderNav(lng: 'en' | 'es' = 'en', path = '/') {
  const i18n = await testI18n(lng, { catalog: [catalogEn, catalogEs] })
  const app = { services: { config: brand } } as unknown as AppContextValue
  render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={app}>
        <MemoryRouter initialEntries={[path]}>
          <HeaderNav />
          <button type="button">elsewhere</button>
          <Where />
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
}

const where = () => screen.getByTestId('where').textContent
/** The panel a disclosure button controls, and whether it is open (CSS shows it by data-open). */
function panelOf(button: HTMLElement) {
  const panel = document.getElementById(button.getAttribute('aria-controls')!)
  expect(panel).not.toBeNull()
  return { panel: panel!, open: () => panel!.hasAttribute('data-open') }
}

describe('HeaderNav: the menu disclosure of the compact header', () => {
  it('a button with aria-expanded and aria-controls opens the panel of catalog links', async () => {
    await renderNav()
    const button = screen.getByRole('button', { name: 'Menu' })
    const { panel, open } = panelOf(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(open()).toBe(false)
    expect([...panel.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Stores',
      'Coupons',
      'Products',
      'Offers',
    ])
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(open()).toBe(true)
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(open()).toBe(false)
  })

  it('Escape closes it and puts focus back on the button', async () => {
    await renderNav()
    const button = screen.getByRole('button', { name: 'Menu' })
    fireEvent.click(button)
    const link = screen.getByRole('link', { name: 'Products' })
    link.focus()
    fireEvent.keyDown(link, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(panelOf(button).open()).toBe(false)
    expect(document.activeElement).toBe(button)
  })

  it('a followed link goes there and closes it, focus back on the button', async () => {
    await renderNav()
    const button = screen.getByRole('button', { name: 'Menu' })
    fireEvent.click(button)
    const link = screen.getByRole('link', { name: 'Coupons' })
    link.focus()
    fireEvent.click(link)
    expect(where()).toBe('/coupons')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('a link to the page already shown closes it too', async () => {
    await renderNav('en', '/stores')
    const button = screen.getByRole('button', { name: 'Menu' })
    fireEvent.click(button)
    fireEvent.click(screen.getByRole('link', { name: 'Stores' }))
    expect(where()).toBe('/stores')
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('focus leaving it or a press outside closes it', async () => {
    await renderNav()
    const button = screen.getByRole('button', { name: 'Menu' })
    fireEvent.click(button)
    screen.getByRole('link', { name: 'Offers' }).focus()
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus())
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    fireEvent.pointerDown(document.body)
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })
})

describe('HeaderNav: the search toggle of the compact header', () => {
  it('opens one search field, focused, with its label; a query goes to /stores?q=', async () => {
    await renderNav()
    const button = screen.getByRole('button', { name: 'Search stores' })
    const { panel, open } = panelOf(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(open()).toBe(true)
    const field = screen.getByRole('searchbox', { name: 'Search stores' })
    expect(panel.contains(field)).toBe(true)
    expect(document.activeElement).toBe(field)
    fireEvent.change(field, { target: { value: ' shell ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(where()).toBe('/stores?q=shell')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('Escape closes it and puts focus back on its button; an empty query lists every store', async () => {
    await renderNav()
    const button = screen.getByRole('button', { name: 'Search stores' })
    fireEvent.click(button)
    const field = screen.getByRole('searchbox')
    fireEvent.keyDown(field, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
    fireEvent.click(button)
    fireEvent.submit(field.closest('form')!)
    expect(where()).toBe('/stores')
  })

  it('opening the search closes the menu (focus leaves it)', async () => {
    await renderNav()
    const menu = screen.getByRole('button', { name: 'Menu' })
    fireEvent.click(menu)
    menu.focus()
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Search stores' })))
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByRole('button', { name: 'Search stores' }).getAttribute('aria-expanded')).toBe('true')
  })

  it('speaks Spanish', async () => {
    await renderNav('es')
    expect(screen.getByRole('button', { name: 'Menú' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Buscar tiendas' })).toBeTruthy()
    expect(screen.getByRole('searchbox', { name: 'Buscar tiendas' })).toBeTruthy()
  })
})
