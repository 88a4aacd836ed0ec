import { act, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { observable, runInAction } from 'mobx'
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { PaintStatusProvider } from '../first-paint/data'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { Session } from '../plugin/session'
import type { RootLike, Services } from '../plugin/types'
import { AppProvider } from '../state/context'
import { preloadSlots, Slot } from './Slot'

const Nav = () => <a href="/stores">Stores</a>
const Actions = () => <button type="button">Sign in</button>
const loadNav = async () => ({ default: Nav })
const loadActions = async () => ({ default: Actions })
const registry = createRegistry([
  definePlugin({ name: 'shop', slots: { 'header.nav': loadNav, 'header.actions': loadActions } }),
])
const app = (name: 'header.nav' | 'header.actions') => (
  <AppProvider value={{ registry, store: {} as RootLike, services: {} as Services }}>
    <Slot name={name} />
  </AppProvider>
)

describe('Slot (the header does not grow after the first frame)', () => {
  it('a preloaded slot component is in the first render', async () => {
    await preloadSlots(registry.slots.get('header.nav')!)
    render(app('header.nav'))
    // synchronously: no suspended first frame
    expect(screen.getByRole('link', { name: 'Stores' })).toBeTruthy()
  })
  it('one not preloaded arrives after its chunk', async () => {
    render(app('header.actions'))
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull()
    await act(async () => {})
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy()
  })
})

function Bell() {
  const { t } = useTranslation('shop-header')
  return <a href="/notifications">{t('bell')}</a>
}

describe("Slot: a component for members only (audience: 'member')", () => {
  function setup() {
    const loads: string[] = []
    const registry = createRegistry([
      definePlugin({
        name: 'shop',
        namespaces: { 'shop-header': { en: async () => ({ default: { bell: 'Notifications' } }) } },
        slots: {
          'header.actions': {
            load: async () => {
              loads.push('bell')
              return { default: Bell }
            },
            texts: ['shop-header'],
            audience: 'member',
          },
        },
      }),
    ])
    const session = observable({ authenticated: false }) as unknown as Session
    const i18n = i18next.createInstance()
    const backend = {
      type: 'backend' as const,
      init() {},
      read(lng: string, ns: string, cb: (e: unknown, d: unknown) => void) {
        const l = registry.locales.get(ns)?.[lng]
        if (!l) return cb(null, {})
        l().then((m) => cb(null, m.default))
      },
    }
    const ready = i18n
      .use(backend)
      .use(initReactI18next)
      .init({ lng: 'en', ns: [], fallbackLng: 'en', react: { useSuspense: true } })
    const app = (paint?: { member: boolean }) => (
      <I18nextProvider i18n={i18n}>
        <AppProvider value={{ registry, store: {} as RootLike, services: { session } as Services }}>
          <PaintStatusProvider value={paint ? { notFound: false, userAgent: '', ...paint } : null}>
            <Slot name="header.actions" />
          </PaintStatusProvider>
        </AppProvider>
      </I18nextProvider>
    )
    return { loads, session, i18n, ready, app, registry }
  }

  it('a visitor loads neither its code nor its texts; once a member signs in it shows, with its texts, without a reload', async () => {
    const { loads, session, i18n, ready, app } = setup()
    await ready
    render(app())
    await act(async () => {})
    expect(loads).toEqual([])
    expect(i18n.hasLoadedNamespace('shop-header')).toBe(false)
    expect(screen.queryByRole('link')).toBeNull()

    act(() => runInAction(() => Object.assign(session, { authenticated: true })))
    // drawn only with its texts: never a raw key
    const link = await screen.findByRole('link')
    expect(link.textContent).toBe('Notifications')
    expect(loads).toEqual(['bell'])

    act(() => runInAction(() => Object.assign(session, { authenticated: false })))
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('preloaded with its texts (a member at start-up, src/boot.ts), it is in the first render', async () => {
    const { session, i18n, ready, app, registry } = setup()
    await ready
    runInAction(() => Object.assign(session, { authenticated: true }))
    await preloadSlots(registry.slots.get('header.actions')!, (ns) => i18n.loadNamespaces([...ns]))
    render(app())
    // synchronously: no suspended first frame
    expect(screen.getByRole('link').textContent).toBe('Notifications')
  })

  it("the server's paint never draws it (the session is not known there)", async () => {
    const { session, ready, app, loads } = setup()
    await ready
    runInAction(() => Object.assign(session, { authenticated: true }))
    render(app({ member: false }))
    await act(async () => {})
    expect(screen.queryByRole('link')).toBeNull()
    expect(loads).toEqual([])
  })

  it('an unknown audience fails when the plugins are collected', () => {
    expect(() =>
      createRegistry([
        definePlugin({
          name: 'x',
          slots: { 'header.nav': { load: loadNav, texts: [], audience: 'visitor' as 'member' } },
        }),
      ]),
    ).toThrow(/audience 'visitor'/)
  })
})
