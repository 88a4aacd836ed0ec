import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RuntimeConfig } from '../config/runtime-types'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { NavigationHook, Plugin, Services } from '../plugin/types'
import { buildRoutes, type ScreenProps } from './build'
import { externalLoad, markBooted } from './navigation'

const Page = (name: string) => async () => ({
  default: (_: ScreenProps) => <h1>{name}</h1>,
})

const config = {
  routes: [
    { path: '/', screen: 'shop/Home', layout: 'main', props: {} },
    { path: '/offers', screen: 'shop/Offers', layout: 'main', props: {} },
  ],
  redirects: [],
  landers: null,
} as unknown as RuntimeConfig

function routesWith(plugins: Plugin[]) {
  const i18n = i18next.createInstance()
  void i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { core: {} } } })
  return buildRoutes({
    config,
    registry: createRegistry(plugins),
    store: {},
    services: { config } as unknown as Services,
    i18n,
    layouts: { main: Outlet, bare: Outlet },
    pendingHash: () => '#top',
  })
}

const shop = definePlugin({ name: 'shop', screens: { Home: Page('Home'), Offers: Page('Offers') } })
const hooked = (navigation: NavigationHook, name = 'app') => definePlugin({ name, navigation })

afterEach(() => {
  delete document.documentElement.dataset.externalNavigation
  vi.restoreAllMocks()
})

describe('navigation hooks', () => {
  it('a hook that answers { external } sends the browser there instead of the in-app navigation', async () => {
    markBooted()
    const hook = vi.fn<NavigationHook>(({ path }) =>
      path === '/offers' ? { external: 'rewardsapp://Offers' } : undefined,
    )
    const router = createMemoryRouter(routesWith([shop, hooked(hook)]), { initialEntries: ['/'] })
    render(<RouterProvider router={router} />)
    await screen.findByRole('heading', { name: 'Home' })
    expect(hook).toHaveBeenCalledTimes(1)
    void router.navigate('/offers?x=1')
    await vi.waitFor(() =>
      expect(document.documentElement.dataset.externalNavigation).toBe('rewardsapp://Offers'),
    )
    const ctx = hook.mock.calls.at(-1)![0]
    expect([ctx.path, ctx.search, ctx.hash]).toEqual(['/offers', '?x=1', '#top'])
    expect(ctx.services.config).toBe(config)
    // the in-app navigation did not happen
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByRole('heading').textContent).toBe('Home')
  })

  it('the first load asks the hooks too', async () => {
    const hook = vi.fn<NavigationHook>(() => ({ external: 'https://elsewhere.example/' }))
    createMemoryRouter(routesWith([shop, hooked(hook)]), { initialEntries: ['/offers'] })
    await vi.waitFor(() =>
      expect(document.documentElement.dataset.externalNavigation).toBe('https://elsewhere.example/'),
    )
  })

  it('a hook that answers nothing lets the navigation through; hooks run in plugin order, first answer wins', async () => {
    markBooted()
    const calls: string[] = []
    const first = hooked(() => {
      calls.push('first')
      return undefined
    }, 'first')
    const second = hooked(() => {
      calls.push('second')
      return { external: 'https://second.example/' }
    }, 'second')
    const third = hooked(() => {
      calls.push('third')
      return { external: 'https://third.example/' }
    }, 'third')
    const router = createMemoryRouter(routesWith([shop, first]), { initialEntries: ['/'] })
    render(<RouterProvider router={router} />)
    await screen.findByRole('heading', { name: 'Home' })
    await router.navigate('/offers')
    expect(router.state.location.pathname).toBe('/offers')
    await screen.findByRole('heading', { name: 'Offers' })
    expect(document.documentElement.dataset.externalNavigation).toBeUndefined()

    calls.length = 0
    createMemoryRouter(routesWith([shop, first, second, third]), { initialEntries: ['/offers'] })
    await vi.waitFor(() =>
      expect(document.documentElement.dataset.externalNavigation).toBe('https://second.example/'),
    )
    expect(calls).toEqual(['first', 'second'])
  })

  it("a disabled plugin's hook never runs (only the enabled plugins are registered)", async () => {
    markBooted()
    const disabled = vi.fn<NavigationHook>(() => ({ external: 'https://disabled.example/' }))
    void hooked(disabled, 'disabled') // defined, but not in this brand's plugin list
    const registry = createRegistry([shop])
    expect(registry.navigation).toEqual([])
    const router = createMemoryRouter(routesWith([shop]), { initialEntries: ['/offers'] })
    render(<RouterProvider router={router} />)
    await screen.findByRole('heading', { name: 'Offers' })
    await router.navigate('/')
    await screen.findByRole('heading', { name: 'Home' })
    expect(disabled).not.toHaveBeenCalled()
    expect(document.documentElement.dataset.externalNavigation).toBeUndefined()
  })

  it('not-found paths ask the hooks too', async () => {
    const hook = vi.fn<NavigationHook>(() => undefined)
    createMemoryRouter(routesWith([shop, hooked(hook)]), { initialEntries: ['/nowhere'] })
    await vi.waitFor(() => expect(hook).toHaveBeenCalled())
    expect(hook.mock.calls[0]![0].path).toBe('/nowhere')
  })
})

describe('externalLoad (leaving for an app link)', () => {
  it('an app link that opened nothing (the page is still in front) gives way to the web page after the wait', async () => {
    vi.useFakeTimers()
    try {
      const assign = vi.fn()
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
      let settled = false
      void externalLoad('rewardsapp://Offers', 1000).then(() => {
        settled = true
      })
      expect(assign).toHaveBeenCalledWith('rewardsapp://Offers')
      await vi.advanceTimersByTimeAsync(999)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(settled).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
  it('while the app is in front (the page hidden) it waits, and shows the web page when the member comes back', async () => {
    vi.useFakeTimers()
    let visibility: DocumentVisibilityState = 'hidden'
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
    try {
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn() })
      let settled = false
      void externalLoad('rewardsapp://Offers', 1000).then(() => {
        settled = true
      })
      await vi.advanceTimersByTimeAsync(5000)
      expect(settled).toBe(false)
      visibility = 'visible'
      document.dispatchEvent(new Event('visibilitychange'))
      await vi.advanceTimersByTimeAsync(0)
      expect(settled).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
  it('a web address never gives way: the page unloads', async () => {
    vi.useFakeTimers()
    try {
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign: vi.fn() })
      let settled = false
      void externalLoad('https://elsewhere.example/', 1000).then(() => {
        settled = true
      })
      await vi.advanceTimersByTimeAsync(10_000)
      expect(settled).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})
