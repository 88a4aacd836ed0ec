import { describe, expect, it } from 'vitest'
import { config } from '../../tests/fixtures/brand-module'
import { serverRedirect } from './navigation'
import { createResolver, type RouteEntry } from './resolve'

const table = createResolver<RouteEntry>([
  { kind: 'screen', path: '/stores', screen: 'shop/Stores', layout: 'main', props: {} },
  { kind: 'screen', path: '/:merchant-coupons', screen: 'shop/Merchant', layout: 'main', props: {} },
  { kind: 'redirect', path: '/category', to: '/stores', keepQuery: true },
  { kind: 'redirect', path: '/plain', to: '/stores', keepQuery: false },
  { kind: 'redirect', path: '/:merchant', to: '/:merchant-coupons', keepQuery: true },
  { kind: 'redirect', path: '/settings', to: '/account/settings', keepQuery: true, guard: 'auth' },
])

describe('serverRedirect: the redirects the server answers with an HTTP redirect (issue 17: /deliveroo arrives drawn)', () => {
  it('sends an unguarded redirect where the app would, with the query unless keepQuery is false', () => {
    expect(serverRedirect(table, '/category')).toBe('/stores')
    expect(serverRedirect(table, '/category?sid=11252026_fb&lang=es')).toBe('/stores?sid=11252026_fb&lang=es')
    expect(serverRedirect(table, '/plain?sid=x')).toBe('/stores')
    expect(serverRedirect(table, '/deliveroo')).toBe('/deliveroo-coupons')
    expect(serverRedirect(table, '/Deliveroo?cid=ad')).toBe('/Deliveroo-coupons?cid=ad')
  })

  it('leaves a guarded redirect, a page and an unknown path to the app', () => {
    expect(serverRedirect(table, '/settings')).toBeNull()
    expect(serverRedirect(table, '/stores')).toBeNull()
    expect(serverRedirect(table, '/deliveroo-coupons')).toBeNull()
    expect(serverRedirect(table, '/a/b/c')).toBeNull()
  })

  it('never sends the browser to another host: a param is encoded, so a backslash or slash stays in the path', () => {
    // '/%5Cevil.example' would otherwise become '/\evil.example-coupons', which browsers read as //evil.example
    expect(serverRedirect(table, '/%5Cevil.example')).toBe('/%5Cevil.example-coupons')
    // an encoded slash stays encoded in the resolved param (as React Router has it), and is encoded again
    expect(serverRedirect(table, '/%2F%2Fevil.example')).toBe('/%252F%252Fevil.example-coupons')
    const external = createResolver<RouteEntry>([
      { kind: 'redirect', path: '/out', to: '//evil.example', keepQuery: true },
    ])
    expect(serverRedirect(external, '/out')).toBeNull()
  })

  it("follows the brand's own redirects.json: every unguarded entry has a target on this site", () => {
    const brand = createResolver<RouteEntry>(
      config.redirects.map((r) => ({
        kind: 'redirect',
        path: r.from,
        to: r.to,
        keepQuery: r.keepQuery,
        guard: r.guard,
      })),
    )
    const sample = (p: string) => p.replace(/:(\w+)\?/g, '2').replace(/:(\w+)/g, 'sample')
    const unguarded = config.redirects.filter((r) => !r.guard)
    expect(unguarded.length).toBeGreaterThan(0)
    for (const r of unguarded) expect(serverRedirect(brand, sample(r.from)), r.from).toMatch(/^\/[^/\\]/)
    for (const r of config.redirects.filter((r) => r.guard))
      expect(serverRedirect(brand, sample(r.from))).toBeNull()
  })

  it('SPEC 2.4: every /safari-mobile/... address lands on /mobile-safari/installed/{page}, page 1 for a bare /safari-mobile (issue 25)', () => {
    const brand = createResolver<RouteEntry>(
      config.redirects.map((r) => ({
        kind: 'redirect',
        path: r.from,
        to: r.to,
        keepQuery: r.keepQuery,
        guard: r.guard,
      })),
    )
    expect(serverRedirect(brand, '/safari-mobile')).toBe('/mobile-safari/installed/1')
    expect(serverRedirect(brand, '/safari-mobile/installed/2')).toBe('/mobile-safari/installed/2')
    expect(serverRedirect(brand, '/safari-mobile/installed')).toBe('/mobile-safari/installed')
    expect(serverRedirect(brand, '/safari-mobile/3?lang=es')).toBe('/mobile-safari/installed/3?lang=es')
    // /mobile-safari has no other page: a longer rest is not found there either, so it is not redirected
    expect(serverRedirect(brand, '/safari-mobile/installed/2/extra')).toBeNull()
  })
})
