/**
 * Each plugin boots alone, with only what it `requires` (ARCHITECTURE "Boundaries"): registry, root
 * store, session, i18n, its setup, then one of its screens in a memory router, HTTP answered by an
 * axios adapter. A plugin that reached into another's files or store would fail here.
 */

import { AppProvider, type Plugin } from '@core'
import { fireEvent, render, screen } from '@testing-library/react'
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { type ReactNode, Suspense } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import account from '../../plugins/account/index'
import auth from '../../plugins/auth/index'
import catalog from '../../plugins/catalog/index'
import coins from '../../plugins/coins/index'
import legal from '../../plugins/legal/index'
import mobile from '../../plugins/mobile/index'
import protection from '../../plugins/protection/index'
import tracking from '../../plugins/tracking/index'
import upsell from '../../plugins/upsell/index'
import { createHttpClient } from '../../src/http/client'
import { createI18n } from '../../src/i18n'
import { createRegistry } from '../../src/plugin/registry'
import { composeApp } from '../../src/state/compose'
import { config as defaultConfig } from '../fixtures/brand-module'

const all: Record<string, Plugin> = {
  auth,
  tracking,
  catalog,
  coins,
  upsell,
  account,
  protection,
  mobile,
  legal,
}

/** The plugin and, first, what it requires (transitively): the brand order the registry checks. */
function alone(name: string): Plugin[] {
  const out: Plugin[] = []
  const add = (n: string) => {
    const p = all[n]
    if (!p) throw new Error(`no plugin '${n}'`)
    for (const r of p.requires ?? []) add(r)
    if (!out.includes(p)) out.push(p)
  }
  add(name)
  return out
}

type Answer = { status?: number; data: unknown }
type Replies = Record<string, Answer>

/** The core's own HTTP client, its axios adapter answering from `replies` ('GET /api/x'); else 200 {}. */
function fakeHttp(replies: Replies, seen: string[]) {
  const adapter = async (cfg: InternalAxiosRequestConfig) => {
    const key = `${(cfg.method ?? 'get').toUpperCase()} ${String(cfg.url).split('?')[0]}`
    seen.push(key)
    const a = replies[key] ?? { data: {} }
    const response = {
      data: a.data,
      status: a.status ?? 200,
      statusText: '',
      headers: {},
      config: cfg,
    } as AxiosResponse
    if (response.status >= 400)
      throw new AxiosError('failed', AxiosError.ERR_BAD_RESPONSE, cfg, null, response)
    return response
  }
  const http = createHttpClient('', undefined, { adapter })
  http.beacon = () => {}
  return http
}

async function boot(name: string, replies: Replies = {}) {
  const plugins = alone(name)
  const registry = createRegistry(plugins)
  const config = { ...defaultConfig, plugins: plugins.map((p) => p.name) }
  const seen: string[] = []
  const { services, store } = composeApp(plugins, config, fakeHttp(replies, seen), (e) => {
    throw e
  })
  const { i18n } = await createI18n({
    locales: registry.locales,
    language: 'en',
    languages: ['en', 'es'],
    report: () => {},
    namespaces: ['core', ...registry.locales.keys()],
  })
  for (const p of plugins) await p.setup?.({ store, services })
  const wrap = (node: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <AppProvider value={{ store, services, registry }}>
        <Suspense fallback={null}>{node}</Suspense>
      </AppProvider>
    </I18nextProvider>
  )
  /** Renders the plugin's screen at `path` (a route of the brand's routes.json) in a memory router. */
  async function show(screenId: string, path: string, params: Record<string, string> = {}) {
    const load = registry.screens.get(screenId)
    if (!load) throw new Error(`${screenId} is not a screen of ${plugins.map((p) => p.name).join(', ')}`)
    const Screen = (await load()).default
    const route = config.routes.find((r) => 'screen' in r && r.screen === screenId)
    const props = route && 'props' in route ? (route.props ?? {}) : {}
    const router = createMemoryRouter([{ path: '*', element: <Screen params={params} {...props} /> }], {
      initialEntries: [path],
    })
    render(wrap(<RouterProvider router={router} />))
  }
  return { plugins, registry, store, services, seen, show, wrap }
}

describe('each plugin boots alone (plus what it requires) and shows one of its screens', () => {
  it('auth: the password reset request page', async () => {
    const b = await boot('auth')
    expect(b.plugins.map((p) => p.name)).toEqual(['auth'])
    await b.show('auth/PasswordResetRequestPage', '/password/reset')
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy()
    expect(screen.getByLabelText('Email')).toBeTruthy()
  })

  it('tracking (no screens): its start-up asks for the cookie; the failure shows in its overlay', async () => {
    const b = await boot('tracking', {
      'POST /api/get-cookie': { status: 422, data: { errors: { sid: ['The sid is not valid.'] } } },
    })
    expect(b.plugins.map((p) => p.name)).toEqual(['tracking'])
    // the call goes out once axios has loaded (src/http/client.ts loads it with the first call)
    // (a dynamic import: more than vi.waitFor's default second on a loaded machine)
    await vi.waitFor(() => expect(b.seen).toContain('POST /api/get-cookie'), { timeout: 5_000 })
    const Overlay = (await b.registry.slots.get('app.overlay')![0]!.load()).default
    render(b.wrap(<Overlay />))
    const dialog = await screen.findByTestId('tracking-error')
    expect(dialog.textContent).toContain('We could not load your session')
    expect(dialog.textContent).toContain('The sid is not valid.')
  })

  it('catalog (requires auth): the refer page invites a signed-out visitor', async () => {
    const b = await boot('catalog')
    expect(b.plugins.map((p) => p.name)).toEqual(['auth', 'catalog'])
    expect(b.services.session.authenticated).toBe(false)
    await b.show('catalog/ReferPage', '/refer')
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer your friends' })).toBeTruthy()
  })

  it('upsell (requires auth): the plus page asks a visitor to sign up first', async () => {
    const b = await boot('upsell')
    expect(b.plugins.map((p) => p.name)).toEqual(['auth', 'upsell'])
    await b.show('upsell/PlusPage', '/plus')
    expect(await screen.findByRole('heading', { level: 1, name: 'Plus membership' })).toBeTruthy()
    expect(screen.getByText('Create a free account or sign in, then start your trial.')).toBeTruthy()
  })

  it('legal: the terms of service', async () => {
    const b = await boot('legal')
    expect(b.plugins.map((p) => p.name)).toEqual(['legal'])
    await b.show('legal/TermsPage', '/terms')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy()
  })

  it('account (requires auth): the settings page shows the terms the server answers', async () => {
    const terms = { stats: true, cookies: true, firefox: false, pii: false }
    const b = await boot('account', {
      'GET /api/account/settings': {
        data: { data: { email_offers: true, email_rebates: true, sms: false, language: 'en', terms } },
      },
    })
    expect(b.plugins.map((p) => p.name)).toEqual(['auth', 'account'])
    await b.show('account/SettingsPage', '/account/settings')
    expect(await screen.findByRole('checkbox', { name: 'Usage statistics' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy()
  })

  it('coins (requires auth): the survey list shows what GET /api/surveys answers, locked until onboarding', async () => {
    const survey = (id: number, title: string, onboarding: boolean) => ({
      id,
      platform: 'devsurvey',
      title,
      coins_advertised: 300,
      survey_estimated_time_in_mins: 6,
      coins_per_minute: 50,
      screen_out_percent: 12,
      screen_out_from_history: false,
      locked: !onboarding,
      is_onboarding: onboarding,
      needs_phone: false,
      has_targeting: false,
      done: false,
    })
    const b = await boot('coins', {
      'GET /api/surveys': {
        data: {
          onboarding_completed: false,
          data: [survey(1, 'Tell us about yourself', true), survey(2, 'Streaming habits', false)],
        },
      },
    })
    expect(b.plugins.map((p) => p.name)).toEqual(['auth', 'coins'])
    await b.show('coins/SurveysPage', '/surveys')
    expect(await screen.findByText('Tell us about yourself')).toBeTruthy()
    // the locked one waits under the line that says why (issue 30); opened, it shows
    const group = screen.getByTestId('surveys-locked') as HTMLDetailsElement
    expect(group.querySelector('summary')?.textContent).toBe(
      '1 more survey unlocks once the onboarding survey is done',
    )
    group.open = true
    fireEvent(group, new Event('toggle'))
    expect(await screen.findByText('Streaming habits')).toBeTruthy()
    expect(b.seen).toContain('GET /api/surveys')
  })

  it('protection (requires auth): the car rental page shows what GET /api/protection/overview answers', async () => {
    const b = await boot('protection', {
      'GET /api/protection/overview': {
        data: {
          orders: [
            {
              id: 3,
              provider: 'expedia',
              kind: 'carrental',
              merchant: 'Hertz',
              title: 'Compact car, 3 days',
              reference: 'EXP-3',
              ordered_at: '2026-04-01',
              paid_cents: 21000,
              current_cents: 19500,
              watch_until: '2026-05-01',
              promised_at: null,
              delivered_at: null,
              starts_at: '2026-05-01',
              ends_at: '2026-05-04',
              carrier: null,
              tracking_number: null,
            },
          ],
          claims: [],
          recovered_year_cents: 0,
          linked: 1,
          checked_at: null,
          notice: null,
        },
      },
    })
    expect(b.plugins.map((p) => p.name)).toEqual(['auth', 'protection'])
    // a visitor: the store's linked accounts are not asked for
    expect(b.seen).not.toContain('GET /api/linked/accounts')
    await b.show('protection/CarRentalPage', '/account/protection/carrental')
    expect(await screen.findByRole('heading', { level: 1, name: 'Car rental protection' })).toBeTruthy()
    expect(await screen.findByText('Compact car, 3 days')).toBeTruthy()
    expect(screen.getByTestId('recovered-year').textContent).toBe('$0.00')
    expect(b.seen).toContain('GET /api/protection/overview')
  })

  it('mobile (requires auth): the dashboard asks a visitor to sign in; the Safari install steps show', async () => {
    const b = await boot('mobile')
    expect(b.plugins.map((p) => p.name)).toEqual(['auth', 'mobile'])
    // without the account plugin no part is registered: the page does not reach for it
    expect(b.registry.parts.size).toBe(0)
    await b.show('mobile/DashboardPage', '/mobile/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/mobile/force-login-then-redirect?next=%2Fmobile%2Fdashboard',
    )
    expect(screen.getByRole('navigation', { name: 'App sections' })).toBeTruthy()
  })

  it('mobile: the first Safari install step by default', async () => {
    const b = await boot('mobile')
    await b.show('mobile/SafariInstalledPage', '/mobile-safari/installed')
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1 of 4' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/mobile-safari/installed/2')
  })
})
