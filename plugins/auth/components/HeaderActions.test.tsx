import { type AppContextValue, AppProvider, createCookies, createEventBus, type Services } from '@core'
import { fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import headerEn from '../../../locales/en/auth-header.json'
import headerEs from '../../../locales/es/auth-header.json'
import { routeTable, testI18n } from '../../../tests/unit/kit'
import { AuthStore } from '../model'
import HeaderActions from './HeaderActions'

function Where() {
  const { pathname } = useLocation()
  return <output data-testid="where">{pathname}</output>
}

async function renderActions(member: null | { verified: boolean; cents: number }, lng: 'en' | 'es' = 'en') {
  const services = {
    http: { setBearer: () => {}, clearBearer: () => {}, post: async () => ({}) },
    events: createEventBus(),
    cookies: createCookies(''),
    config: { ...routeTable, brand: { defaultAuthPage: 'sm-login' }, plugins: ['auth'] },
  } as unknown as Services
  const auth = AuthStore.create({}, services)
  if (member)
    auth.restored({
      user_id: 7,
      email: 'dana@example.com',
      is_verified: member.verified,
      cash_balance_cents: member.cents,
      login_token: 'tok',
    } as Parameters<typeof auth.restored>[0])
  const i18n = await testI18n(lng, { 'auth-header': [headerEn, headerEs] })
  const value = { store: { auth }, services, registry: {} } as unknown as AppContextValue
  render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={value}>
        <MemoryRouter>
          <HeaderActions />
          <Where />
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
  return auth
}

describe('HeaderActions (header.actions)', () => {
  it('a visitor: Sign in opens the dialog on its sign-in tab (Join, hidden on a phone, on its join tab)', async () => {
    const auth = await renderActions(null)
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(auth.modal?.tab).toBe('login')
    auth.closeModal()
    fireEvent.click(screen.getByRole('button', { name: 'Join' }))
    expect(auth.modal?.tab).toBe('register')
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull()
  })

  it('a member: the balance button opens the panel with the balance link and Sign out; Escape closes it', async () => {
    await renderActions({ verified: true, cents: 4273 })
    const button = screen.getByRole('button', { name: 'Account menu, cash balance $42.73' })
    expect(button.textContent).toBe('$42.73')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(panel.hasAttribute('data-open')).toBe(false)
    expect(panel.contains(screen.getByRole('link', { name: /Cash balance/ }))).toBe(true)
    expect(panel.contains(screen.getByRole('button', { name: 'Sign out' }))).toBe(true)
    expect(screen.getByTestId('cash-balance').textContent).toBe('$42.73')

    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(panel.hasAttribute('data-open')).toBe(true)
    const signOut = screen.getByRole('button', { name: 'Sign out' })
    signOut.focus()
    fireEvent.keyDown(signOut, { key: 'Escape' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)

    // the balance link goes to the account and closes the panel
    fireEvent.click(button)
    fireEvent.click(screen.getByRole('link', { name: /Cash balance/ }))
    expect(screen.getByTestId('where').textContent).toBe('/account')
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('an unverified member: the button says so; Verify email closes the panel and opens the prompt', async () => {
    const auth = await renderActions({ verified: false, cents: 0 })
    const button = screen.getByRole('button', {
      name: 'Account menu, cash balance $0.00, email not verified',
    })
    fireEvent.click(button)
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }))
    expect(auth.prompt).toBe('verify')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(button)
  })

  it('speaks Spanish', async () => {
    await renderActions({ verified: false, cents: 150 }, 'es')
    expect(
      screen.getByRole('button', {
        name: 'Menú de la cuenta, saldo en efectivo $1.50, correo sin verificar',
      }),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy()
  })
})
