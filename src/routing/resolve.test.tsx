import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createMemoryRouter, matchRoutes, Outlet, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { withFirstPaint } from '../../server/static'
import { config as defaultConfig } from '../../tests/fixtures/brand-module'
import type { RuntimeConfig } from '../config/runtime-types'
import { renderFirstPaints } from '../node/first-paint'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { Services } from '../plugin/types'
import { buildRoutes, type ScreenProps } from './build'
import { landing, markBooted, redirectTarget } from './navigation'
import {
  collectEntries,
  expandOptional,
  firstPage,
  type RouteEntry,
  routerScore,
  routeTable,
} from './resolve'

// Overlapping patterns, declared in an order that does not help: the resolver must rank them.
const config = {
  ...defaultConfig,
  routes: [
    { path: '/', screen: 'shop/Home', layout: 'main', props: {} },
    { path: '/stores/:cat', screen: 'shop/Stores', layout: 'main', props: {} },
    { path: '/stores/top', screen: 'shop/StoresTop', layout: 'main', props: {} },
    { path: '/:merchant/:offer', screen: 'shop/Offer', layout: 'main', props: {} },
    { path: '/:merchant-coupons', screen: 'shop/Merchant', guard: 'spy', layout: 'main', props: {} },
    { path: '/coupons', screen: 'shop/Coupons', layout: 'main', props: {} },
    { path: '/x/:a', screen: 'shop/TieFirst', layout: 'main', props: {} },
    { path: '/:b/y', screen: 'shop/TieSecond', layout: 'main', props: {} },
    { path: '/mobile-safari/installed/:page?', screen: 'shop/Installed', layout: 'bare', props: {} },
    { path: '/unsub/*', screen: 'shop/Unsub', layout: 'main', props: {} },
    // the same static path as a lander below: the route comes first, so the lander never shows there
    { path: '/spl/spinv', screen: 'shop/Home', layout: 'main', props: {} },
  ],
  landers: {
    screen: 'shop/Lander',
    landers: [{ id: 'spl', paths: ['/spl/spland1', '/spupsell', '/spl/spinv'] }],
  },
  redirects: [
    { from: '/:merchant', to: '/:merchant-coupons', keepQuery: true, guard: 'spy' },
    { from: '/category/:cat', to: '/stores/:cat', keepQuery: true },
  ],
} as unknown as RuntimeConfig

/** path -> [the entry's pattern, its params] the resolver must find; null: not found. */
const samples: [string, [string, Record<string, string | undefined>] | null][] = [
  ['/stores/top', ['/stores/top', {}]],
  ['/Stores/TOP', ['/stores/top', {}]],
  ['/stores/food', ['/stores/:cat', { cat: 'food' }]],
  ['/stores/food%20%26%20drink', ['/stores/:cat', { cat: 'food & drink' }]],
  ['/spl/spland1', ['/spl/spland1', {}]],
  ['/Spl/Spland1/', ['/spl/spland1', {}]],
  ['/spupsell', ['/spupsell', {}]],
  ['/spl/spinv', ['/spl/spinv', {}]],
  ['/amazon/deal-1', ['/:merchant/:offer', { merchant: 'amazon', offer: 'deal-1' }]],
  ['/amazon', ['/:merchant', { merchant: 'amazon' }]],
  ['/amazon-coupons', ['/:merchant-coupons', { merchant: 'amazon' }]],
  ['/best-buy-coupons', ['/:merchant-coupons', { merchant: 'best-buy' }]],
  ['/coupons', ['/coupons', {}]],
  ['/category/food', ['/category/:cat', { cat: 'food' }]],
  ['/x/y', ['/x/:a', { a: 'y' }]],
  ['/mobile-safari/installed', ['/mobile-safari/installed/:page?', { page: undefined }]],
  ['/mobile-safari/installed/2', ['/mobile-safari/installed/:page?', { page: '2' }]],
  ['/unsub/a', ['/unsub/*', { '*': 'a' }]],
  ['/unsub/a/b', ['/unsub/*', { '*': 'a/b' }]],
  ['/a/b/c/d', null],
]

const guardCalls: { path: string; params: Record<string, string | undefined> }[] = []
const Spy = (id: string) => async () => ({
  default: ({ params }: ScreenProps) => <h1>{`${id} ${JSON.stringify(params)}`}</h1>,
})
const ids = ['Home', 'Stores', 'StoresTop', 'Offer', 'Merchant', 'Coupons', 'TieFirst', 'TieSecond']
const shop = definePlugin({
  name: 'shop',
  screens: Object.fromEntries([...ids, 'Installed', 'Unsub', 'Lander'].map((id) => [id, Spy(`shop/${id}`)])),
  firstPaint: { Lander: async () => ({ default: () => <h1>Lander paint</h1> }) },
  guards: {
    spy: ({ url, params }) => {
      guardCalls.push({ path: url.pathname, params })
      return undefined
    },
  },
})

function routes(cfg: RuntimeConfig) {
  const i18n = i18next.createInstance()
  void i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { core: { notFound: { title: 'Page not found' } } } } })
  return buildRoutes({
    config: cfg,
    registry: createRegistry([shop]),
    store: {},
    services: {} as Services,
    i18n,
    layouts: { main: Outlet, bare: Outlet },
  })
}

/** The route object React Router's own matching picks for a path. */
function routerPick(built: ReturnType<typeof routes>, path: string) {
  return matchRoutes(built, path)?.at(-1)?.route
}

describe('the route resolver ranks as React Router does (static > param > splat, then order)', () => {
  const table = routeTable(config)
  for (const [path, want] of samples) {
    it(`${path} is ${want ? want[0] : 'not found'}`, () => {
      const hit = table.resolve(path)
      expect(hit ? [hit.entry.path, hit.params] : null).toEqual(want)
    })
  }
  it('is built once per config', () => {
    expect(routeTable(config)).toBe(table)
  })
  it('expands optional segments and scores them with React Router’s formula', () => {
    expect(expandOptional('/a/:b?/:c?')).toEqual(['/a/:b/:c', '/a/:b', '/a/:c', '/a'])
    // leading empty segment +1, static +10, param +3, splat -2, plus one per segment
    expect(routerScore('/stores/top')).toBe(24)
    expect(routerScore('/stores/:__s2')).toBe(17)
    expect(routerScore('/unsub/*')).toBe(12)
  })
})

describe('every consumer of the route table agrees with the resolver', () => {
  const table = routeTable(config)
  const built = routes(config)

  it('React Router matches nothing itself: one route object answers every path, its loader asks the resolver', () => {
    const leaves = new Set(samples.map(([path]) => routerPick(built, path)))
    expect(leaves.size).toBe(1)
    expect([...leaves][0]?.path).toBe('*')
  })

  for (const [path] of samples) {
    it(`the loader, the guards and navigation agree on ${path}`, async () => {
      const end = landing(table, path)
      // the guard runs on every hop whose entry has one, with the resolver's params
      const wantGuards: typeof guardCalls = []
      for (let at = path, hit = table.resolve(at); hit; ) {
        if (hit.entry.guard) wantGuards.push({ path: at, params: hit.params })
        if (hit.entry.kind !== 'redirect') break
        at = redirectTarget(hit.entry, hit.params)
        hit = table.resolve(at)
      }
      guardCalls.length = 0
      markBooted()
      const router = createMemoryRouter(built, { initialEntries: [path] })
      render(<RouterProvider router={router} />)
      const h1 = await screen.findByRole('heading', { level: 1 })
      if (end.end === 'page') {
        const e = end.hit.entry as Extract<RouteEntry, { kind: 'screen' }>
        expect(h1.textContent).toBe(`${e.screen} ${JSON.stringify(end.hit.params)}`)
        expect(router.state.location.pathname).toBe(end.path)
      } else {
        expect(end.end).toBe('nowhere')
        expect(h1.textContent).toBe('Page not found')
      }
      expect(guardCalls).toEqual(wantGuards)
    })
  }

  it('the start-up prefetch (firstPage) fetches the screen the resolver finds, in its layout', () => {
    for (const [path] of samples) {
      const e = table.resolve(path)?.entry
      const page = firstPage(config, path)
      if (e?.kind === 'screen') {
        expect(page, path).toEqual({ screens: [e.screen], layout: e.layout })
      } else expect(page, path).toEqual({ screens: [], layout: 'main' })
    }
  })

  it('the first paints: the build paints a path only where the resolver shows its entry, the server finds it the same way', async () => {
    const paints = await renderFirstPaints(config, [shop])
    const byPath: Record<string, Record<string, { html: string; css: string[] }>> = {}
    for (const p of paints) {
      byPath[p.path] ??= {}
      byPath[p.path]![p.language] = { html: p.html, css: [] }
    }
    // '/spl/spinv' is a lander path, but the route declared before it shows there: no paint
    expect(Object.keys(byPath).sort()).toEqual(['/spl/spland1', '/spupsell'])
    const index = '<html><head></head><body><div id="root"></div></body></html>'
    for (const [path] of samples) {
      const e = table.resolve(path)?.entry
      const painted = e !== undefined && e.path in byPath && table.resolve(e.path)?.entry === e
      expect(withFirstPaint(index, byPath, path).includes('Lander paint'), path).toBe(painted)
    }
  })
})

describe('on the real route table (default brand)', () => {
  const table = routeTable(defaultConfig)
  const fill = (p: string) =>
    p
      .split('/')
      .map((s) => (s === '*' ? 'rest/of/it' : s.replace(/^:([A-Za-z_][A-Za-z0-9_]*)\??/, 'sample-$1')))
      .join('/')
  it('every pattern, filled with sample params, resolves to its own entry', () => {
    const entries = collectEntries(defaultConfig)
    expect(entries.length).toBeGreaterThan(100)
    for (const e of entries) {
      for (const pattern of expandOptional(e.path)) {
        const path = fill(pattern)
        const hit = table.resolve(path)
        expect(hit, path).not.toBeNull()
        // a shadowed pattern would be a config mistake: each one shows its own entry
        expect(hit!.entry.path, path).toBe(e.path)
      }
    }
  }, 20_000)
  it('a lander path beats a store slug; /stores/:category and /coupons beat the merchant patterns', () => {
    const at = (p: string) => table.resolve(p)?.entry.path
    expect(at('/spl/spland1')).toBe('/spl/spland1')
    expect(at('/spupsell')).toBe('/spupsell')
    expect(at('/coupons')).toBe('/coupons')
    expect(at('/amazon-coupons')).toBe('/:merchant-coupons')
    expect(at('/amazon')).toBe('/:merchant')
    expect(at('/amazon/coupons')).toBe('/:merchant/coupons')
    expect(at('/stores/top')).toBe('/stores/:category')
    expect(at('/stores/food')).toBe('/stores/:category')
  })
})
