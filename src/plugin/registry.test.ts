import { types } from 'mobx-state-tree'
import { describe, expect, it } from 'vitest'
import { buildRootModel, getSlice } from '../state/root'
import { definePlugin } from './define'
import { createEventBus } from './events'
import { createRegistry } from './registry'

const screen = async () => ({ default: () => null })

describe('plugin contract', () => {
  it('definePlugin returns a frozen plain value and rejects bad ids', () => {
    const p = definePlugin({ name: 'demo', screens: { HomePage: screen } })
    expect(Object.isFrozen(p)).toBe(true)
    expect(() => definePlugin({ name: 'Bad Name' })).toThrow(/lower-case/)
    expect(() => definePlugin({ name: 'x', screens: { lower: screen } })).toThrow(/PascalCase/)
  })
  it('registry fails early on a duplicate id, a missing requirement or a guard given twice', () => {
    const a = definePlugin({ name: 'a', guards: { auth: () => undefined } })
    expect(() => createRegistry([a, a])).toThrow(/twice/)
    expect(() => createRegistry([definePlugin({ name: 'b', requires: ['a'] })])).toThrow(
      /requires plugin 'a'/,
    )
    const c = definePlugin({ name: 'c', guards: { auth: () => undefined } })
    expect(() => createRegistry([a, c])).toThrow(/both 'a' and 'c'/)
  })
  it('collects screens by qualified id, guards, locales and slots', () => {
    const r = createRegistry([
      definePlugin({
        name: 'shop',
        screens: { StoresPage: screen },
        guards: { member: () => undefined },
        locales: { en: async () => ({ default: {} }) },
        namespaces: { 'shop-header': { en: async () => ({ default: {} }) } },
        slots: { 'header.nav': screen },
      }),
    ])
    expect([...r.screens.keys()]).toEqual(['shop/StoresPage'])
    expect(r.guards.has('member')).toBe(true)
    expect(r.locales.has('shop')).toBe(true)
    expect(r.locales.has('shop-header')).toBe(true)
    expect(() => definePlugin({ name: 'x', namespaces: { other: {} } })).toThrow(/must start with 'x-'/)
    expect(r.slots.get('header.nav')).toEqual([{ load: screen, texts: [] }])
    expect(r.has('shop')).toBe(true)
  })
  it('a slot component may name the texts it shows; an unknown namespace fails early', () => {
    const r = createRegistry([
      definePlugin({
        name: 'shop',
        locales: { en: async () => ({ default: {} }) },
        slots: { 'header.actions': { load: screen, texts: ['shop'] } },
      }),
    ])
    expect(r.slots.get('header.actions')).toEqual([{ load: screen, texts: ['shop'] }])
    expect(() =>
      createRegistry([
        definePlugin({ name: 'x', slots: { 'header.nav': { load: screen, texts: ['nope'] } } }),
      ]),
    ).toThrow(/texts 'nope'/)
  })
  it("a screen may name further texts it shows: they load with it, its plugin's first; unknown ones fail early", () => {
    const loader = async () => ({ default: {} })
    const r = createRegistry([
      definePlugin({
        name: 'shop',
        screens: { HomePage: screen, AppPage: screen },
        locales: { en: loader },
        namespaces: { 'shop-pages': { en: loader } },
        screenTexts: { AppPage: ['shop-pages'] },
      }),
    ])
    expect(r.textsOf('shop/AppPage')).toEqual(['shop', 'shop-pages'])
    expect(r.textsOf('shop/HomePage')).toEqual(['shop'])
    expect(() =>
      createRegistry([definePlugin({ name: 'x', screens: { A: screen }, screenTexts: { A: ['nope'] } })]),
    ).toThrow(/texts 'nope'/)
    expect(() =>
      createRegistry([definePlugin({ name: 'x', locales: { en: loader }, screenTexts: { Missing: ['x'] } })]),
    ).toThrow(/not one of its screens/)
  })
  it('the root store has one slice per plugin model; a disabled one throws when asked for', () => {
    const Model = types.model('Shop', { n: 1 })
    const root = buildRootModel([
      definePlugin({ name: 'shop', model: Model }),
      definePlugin({ name: 'plain' }),
    ]).create({})
    expect((root as unknown as { shop: { n: number } }).shop.n).toBe(1)
    expect(() => getSlice(root, 'auth' as never)).toThrow(/not enabled/)
  })
  it('events reach every listener even when one throws', () => {
    const errors: unknown[] = []
    const bus = createEventBus((e) => errors.push(e))
    const seen: string[] = []
    bus.on('unauthenticated-attempt', () => {
      throw new Error('boom')
    })
    const off = bus.on('unauthenticated-attempt', ({ path }) => seen.push(path))
    bus.emit('unauthenticated-attempt', { path: '/account' })
    off()
    bus.emit('unauthenticated-attempt', { path: '/again' })
    expect(seen).toEqual(['/account'])
    expect(errors).toHaveLength(2)
  })
})
