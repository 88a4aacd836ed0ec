import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../config/runtime-types'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { Services } from '../plugin/types'
import { buildRoutes, type ScreenProps } from './build'
import { markBooted } from './navigation'
import { firstPage } from './resolve'

const Page = (name: string) => async () => ({
  default: ({ params, tier }: ScreenProps) => (
    <h1>
      {name} {JSON.stringify(params)} {tier ? String(tier) : ''}
    </h1>
  ),
})

function setup(member: boolean) {
  const plugin = definePlugin({
    name: 'shop',
    screens: {
      Home: Page('Home'),
      Stores: Page('Stores'),
      Merchant: Page('Merchant'),
      Account: Page('Account'),
    },
    guards: {
      member: ({ store }) => ((store as { member: boolean }).member ? undefined : { redirect: '/' }),
    },
  })
  const config = {
    routes: [
      { path: '/', screen: 'shop/Home', layout: 'main', props: {} },
      { path: '/stores/:category?', screen: 'shop/Stores', layout: 'main', props: { tier: 'plus' } },
      { path: '/:merchant-coupons', screen: 'shop/Merchant', layout: 'main', props: {} },
      { path: '/account', screen: 'shop/Account', guard: 'member', layout: 'main', props: {} },
    ],
    redirects: [
      { from: '/category/:category', to: '/stores/:category', keepQuery: true },
      { from: '/:merchant', to: '/:merchant-coupons', keepQuery: true },
    ],
    landers: null,
  } as unknown as RuntimeConfig
  const i18n = i18next.createInstance()
  void i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { core: { notFound: { title: 'Page not found' } } } } })
  const routes = buildRoutes({
    config,
    registry: createRegistry([plugin]),
    store: { member },
    services: {} as Services,
    i18n,
    layouts: { main: Outlet, bare: Outlet },
  })
  return routes
}

async function visit(path: string, member = false) {
  markBooted()
  const router = createMemoryRouter(setup(member), { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1 })
  return router
}

describe('routes built from config', () => {
  it('renders a screen with params by their config names and the route props', async () => {
    await visit('/stores/food')
    expect(screen.getByRole('heading').textContent).toBe('Stores {"category":"food"} plus')
  })
  it('redirects with params and keeps the query', async () => {
    const router = await visit('/category/food?sid=1')
    expect(router.state.location.pathname + router.state.location.search).toBe('/stores/food?sid=1')
  })
  it('tells /:merchant and /:merchant-coupons apart', async () => {
    const router = await visit('/amazon')
    expect(router.state.location.pathname).toBe('/amazon-coupons')
    expect(screen.getByRole('heading').textContent).toContain('{"merchant":"amazon"}')
  })
  it('runs the guard before loading the screen', async () => {
    const router = await visit('/account')
    expect(router.state.location.pathname).toBe('/')
  })
  it('lets the guard pass', async () => {
    const router = await visit('/account', true)
    expect(router.state.location.pathname).toBe('/account')
  })
  it('shows not-found for a path that is not listed', async () => {
    await visit('/a/b/c/d')
    expect(screen.getByRole('heading').textContent).toBe('Page not found')
  })
})

describe("firstPage (start-up prefetch of the screen and its layout's slots)", () => {
  it('finds the screen the router will show, the most specific pattern first', () => {
    const config = {
      routes: [
        { path: '/:merchant-coupons', screen: 'shop/Merchant', layout: 'main', props: {} },
        { path: '/stores', screen: 'shop/Stores', layout: 'main', props: {} },
        { path: '/login', screen: 'shop/Home', overlay: 'auth/SignIn', layout: 'main', props: {} },
      ],
      redirects: [{ from: '/:merchant', to: '/:merchant-coupons', keepQuery: true }],
      landers: { screen: 'up/Lander', landers: [{ id: 'a', paths: ['/spl/a'] }] },
    } as unknown as RuntimeConfig
    const screensFor = (config: RuntimeConfig, path: string) => firstPage(config, path).screens
    expect(screensFor(config, '/stores')).toEqual(['shop/Stores'])
    expect(screensFor(config, '/amazon-coupons')).toEqual(['shop/Merchant'])
    expect(screensFor(config, '/login')).toEqual(['shop/Home', 'auth/SignIn'])
    expect(screensFor(config, '/spl/a')).toEqual(['up/Lander'])
    expect(screensFor(config, '/amazon')).toEqual([])
    expect(screensFor(config, '/no/such/page')).toEqual([])
    // the layout: a lander's is bare; a route's own; the main one when no screen matches
    expect(firstPage(config, '/spl/a').layout).toBe('bare')
    expect(firstPage(config, '/stores').layout).toBe('main')
    expect(firstPage(config, '/amazon').layout).toBe('main')
  })
})
