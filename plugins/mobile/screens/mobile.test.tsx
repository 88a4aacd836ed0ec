import { constants } from '@core'
import { act, fireEvent, screen } from '@testing-library/react'
import { useParams } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { safeNext } from '../components/next'
import { fakeSession, renderMobile, testMember } from '../test-utils'
import AuthorizedPage, { SLOW_MS } from './AuthorizedPage'
import CoinWithdrawalPage from './CoinWithdrawalPage'
import DashboardPage from './DashboardPage'
import ForceLoginThenRedirectPage from './ForceLoginThenRedirectPage'
import RebatesPage from './RebatesPage'
import SafariInstalledPage, { STEPS } from './SafariInstalledPage'

/** Stand-ins for the account and coins plugins' parts: each shows the props it got. */
const part = (label: string) => async () => ({
  default: (p: Record<string, unknown>) => <p data-testid={label}>{`${label} ${JSON.stringify(p)}`}</p>,
})
const PARTS = {
  'account.balances': part('balances'),
  'account.rebates': part('rebates'),
  'account.subscriptions': part('subscriptions'),
  'account.billing': part('billing'),
}

describe('DashboardPage', () => {
  it("shows a member's balances (the account part, with coins when the brand has them), memberships and shortcuts", async () => {
    const { session } = fakeSession({ ...testMember, plus: true, coins: 1200 })
    await renderMobile(<DashboardPage />, {
      session,
      parts: { ...PARTS, 'coins.withdrawal': part('withdrawal') },
      path: '/mobile/dashboard',
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy()
    expect((await screen.findByTestId('balances')).textContent).toBe('balances {"coins":true}')
    expect(screen.getByTestId('plus-status').textContent).toBe('Plus: active')
    expect(screen.getByTestId('shipping-status').textContent).toBe('Shipping: not a member')
    expect(screen.getByTestId('coin-status').textContent).toBe('1,200 coins')
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'))
    expect(links).toContain('/mobile/coin_withdrawal')
    const tabs = screen.getByRole('navigation', { name: 'App sections' })
    expect([...tabs.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Dashboard',
      'Rebates',
      'Memberships',
      'Billing',
    ])
    expect(tabs.querySelector('[aria-current="page"]')?.textContent).toBe('Dashboard')
  })
  it('a brand without coins: no coin figures, no coin shortcut', async () => {
    await renderMobile(<DashboardPage />, { parts: PARTS })
    expect((await screen.findByTestId('balances')).textContent).toBe('balances {"coins":false}')
    expect(screen.queryByTestId('coin-status')).toBeNull()
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).not.toContain(
      '/mobile/coin_withdrawal',
    )
  })
  it('a visitor is asked to sign in and come back, in Spanish too', async () => {
    const { emitted } = await renderMobile(<DashboardPage />, {
      session: fakeSession(null).session,
      lng: 'es',
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Panel' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe(
      '/mobile/force-login-then-redirect?next=%2Fmobile%2Fdashboard',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Crear una cuenta' }))
    expect(emitted).toEqual([{ name: 'open-auth', payload: { tab: 'register' } }])
    expect(screen.queryByTestId('balances')).toBeNull()
  })
})

describe('RebatesPage', () => {
  it('shows the rebates part with a back link and the tab bar', async () => {
    await renderMobile(<RebatesPage params={{}} />, { parts: PARTS })
    expect((await screen.findByTestId('rebates')).textContent).toBe('rebates {"typeLinks":false}')
    expect(screen.getByTestId('mobile-back').getAttribute('href')).toBe('/mobile/dashboard')
    expect(screen.getByTestId('mobile-tabs')).toBeTruthy()
  })
  it('nonav: the same page without the tab bar and the back link', async () => {
    await renderMobile(<RebatesPage params={{}} nav={false} />, { parts: PARTS })
    expect(await screen.findByTestId('rebates')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Rebates' })).toBeTruthy()
    expect(screen.queryByTestId('mobile-tabs')).toBeNull()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryByTestId('mobile-back')).toBeNull()
  })
})

describe('CoinWithdrawalPage', () => {
  it('says coins are not offered when no plugin gives the coin withdrawal', async () => {
    await renderMobile(<CoinWithdrawalPage />, { parts: PARTS })
    expect(screen.getByTestId('no-coins').textContent).toBe('Coins are not offered on this site.')
  })
})

describe('ForceLoginThenRedirectPage', () => {
  const at = (next: string) =>
    renderMobile(<ForceLoginThenRedirectPage />, {
      path: `/mobile/force-login-then-redirect?next=${encodeURIComponent(next)}`,
      pattern: '/mobile/force-login-then-redirect',
    })
  it('a signed-in member goes on to a path of this site', async () => {
    await at('/account/rebates?x=1')
    expect((await screen.findByTestId('where')).textContent).toBe('/account/rebates?x=1')
  })
  it.each(['//evil.example', 'https://evil.example/x', '/\\evil.example', 'javascript:alert(1)', ''])(
    'refuses %j and goes to the dashboard',
    async (next) => {
      await at(next)
      expect((await screen.findByTestId('where')).textContent).toBe('/mobile/dashboard')
    },
  )
  it('says it is taking the member back while signed out', async () => {
    await renderMobile(<ForceLoginThenRedirectPage />, {
      session: fakeSession(null).session,
      path: '/mobile/force-login-then-redirect?next=/mobile/billing',
      pattern: '/mobile/force-login-then-redirect',
    })
    expect(screen.getByRole('status').textContent).toBe('Taking you back…')
    expect(screen.queryByTestId('where')).toBeNull()
  })
  it('safeNext keeps paths, queries and hashes of this site only', () => {
    expect(safeNext('/stores?q=a#top', '/mobile/dashboard')).toBe('/stores?q=a#top')
    expect(safeNext('/%2F%2Fevil.example', '/mobile/dashboard')).toBe('/%2F%2Fevil.example')
    expect(safeNext('stores', '/mobile/dashboard')).toBe('/mobile/dashboard')
    expect(safeNext(null, '/mobile/dashboard')).toBe('/mobile/dashboard')
    expect(safeNext('/\tevil', '/mobile/dashboard')).toBe('/mobile/dashboard')
  })
})

describe('AuthorizedPage', () => {
  afterEach(() => vi.useRealTimers())
  it('says it is signing in, and offers a sign-in link when nothing happened after 10 s', async () => {
    vi.useFakeTimers()
    await renderMobile(<AuthorizedPage />)
    expect(screen.getByRole('status').textContent).toBe('Signing you in…')
    expect(screen.queryByTestId('authorized-slow')).toBeNull()
    act(() => {
      vi.advanceTimersByTime(SLOW_MS)
    })
    expect(screen.getByRole('link', { name: 'Sign in with your email' })).toBeTruthy()
  })
})

describe('SafariInstalledPage', () => {
  const at = (path: string) =>
    renderMobile(<SafariRoute />, { path, pattern: '/mobile-safari/installed/:page?' })
  it(`shows step ${constants.defaultInstalledPage} of ${STEPS.length} by default, then next and back`, async () => {
    await at('/mobile-safari/installed')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Step 1 of ${STEPS.length}`)
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: 'Next' }))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Step 2 of ${STEPS.length}`)
    fireEvent.click(screen.getByRole('link', { name: 'Back' }))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Step 1 of ${STEPS.length}`)
  })
  it('the last step goes on to the dashboard', async () => {
    await at(`/mobile-safari/installed/${STEPS.length}`)
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/mobile/dashboard',
    )
  })
  it.each(['0', String(STEPS.length + 1), 'abc', '1.5', '01x'])('page %s is not found', async (page) => {
    await at(`/mobile-safari/installed/${page}`)
    expect(screen.getByTestId('not-found')).toBeTruthy()
  })
})

/** The Safari page with its route params, as the app's routes give them. */
function SafariRoute() {
  const params = useParams()
  return <SafariInstalledPage params={{ page: params.page }} />
}
