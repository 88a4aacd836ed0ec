import { useTranslation } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { config as defaultConfig, plugins as defaultPlugins } from '../../tests/fixtures/brand-module'
import type { RuntimeConfig } from '../config/runtime-types'
import { renderFirstPaints } from '../node/first-paint'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { FirstPaintProps } from '../plugin/types'
import { dropMismatchedFirstPaint, revealApp } from './client'

function Hello({ who }: FirstPaintProps) {
  const { t } = useTranslation('shop')
  return <h1>{t('hello', { who: String(who) })}</h1>
}
const Nothing = () => null
const shop = definePlugin({
  name: 'shop',
  screens: { Promo: async () => ({ default: Nothing }), Other: async () => ({ default: Nothing }) },
  firstPaint: { Promo: async () => ({ default: Hello }) },
  guards: { member: () => undefined },
  locales: {
    en: async () => ({ default: { hello: 'Hello {{who}}' } }),
    es: async () => ({ default: { hello: 'Hola {{who}}' } }),
  },
})
const loadHello = async () => ({ default: Hello })
const bad = definePlugin({ name: 'bad', firstPaint: { Nope: loadHello } })
const config = {
  ...defaultConfig,
  routes: [
    { path: '/promo', screen: 'shop/Promo', layout: 'bare', props: { who: 'Ana' } },
    { path: '/promo/:id', screen: 'shop/Promo', layout: 'bare', props: {} },
    { path: '/main-promo', screen: 'shop/Promo', layout: 'main', props: {} },
    { path: '/members-promo', screen: 'shop/Promo', layout: 'bare', guard: 'member', props: {} },
    { path: '/other', screen: 'shop/Other', layout: 'bare', props: {} },
  ],
  redirects: [],
  landers: null,
} as unknown as RuntimeConfig

describe('first paint (ARCHITECTURE budgets: Lighthouse 95 on a lander; the largest text needs no script)', () => {
  it('renders a plugin first paint for every language, for bare-layout paths without parameters or guard', async () => {
    const out = await renderFirstPaints(config, [shop])
    expect(out.map((p) => `${p.path} ${p.language}`)).toEqual(['/promo en', '/promo es'])
    expect(out[0]!.html).toContain('<h1>Hello Ana</h1>')
    expect(out[1]!.html).toContain('<h1>Hola Ana</h1>')
    // the brand's theme tokens come with it, under the page's CSP nonce
    expect(out[0]!.html).toMatch(/^<style nonce="CSP_NONCE_PLACEHOLDER">:root\{--c-primary:#/)
    // inside the bare layout's frame, whose classes the build links stylesheets for
    expect(out[0]!.html).toContain('<main class=')
    expect(out[0]!.classes.length).toBeGreaterThan(0)
  })

  it('the default brand paints every lander path without parameters, with the offer filled in', async () => {
    const out = await renderFirstPaints(defaultConfig, defaultPlugins)
    const spl = out.find((p) => p.path === '/spl/spland1' && p.language === 'en')
    expect(spl?.html).toContain('<h1>Get $25.00 cash back on your first order</h1>')
    const es = out.find((p) => p.path === '/spl/spland1' && p.language === 'es')
    expect(es?.html).toContain('<h1>Obtén $25.00 de reembolso en tu primer pedido</h1>')
    expect(out.some((p) => p.path.includes(':'))).toBe(false)
    // no controls: a click before the app starts would go nowhere
    for (const p of out) expect(p.html).not.toMatch(/<(button|input|a|form)\b/)
  })

  it('a plugin cannot give a first paint for a screen it does not have', () => {
    expect(() => createRegistry([bad])).toThrow(/first paint for 'Nope'/)
  })
})

describe('the app takes over from the first paint (src/first-paint/client.ts)', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })
  const page = (lang: string) => {
    document.body.innerHTML = `<div id="first-paint" data-lang="${lang}"><h1>Hi</h1></div><div id="root" hidden></div>`
  }
  it('reveal removes the first paint and shows the root, once', () => {
    page('en')
    revealApp()
    expect(document.getElementById('first-paint')).toBeNull()
    expect(document.getElementById('root')!.hidden).toBe(false)
    revealApp()
    expect(document.getElementById('root')!.hidden).toBe(false)
  })
  it('a first paint in another language than the visitor’s goes at once; the same language stays', () => {
    page('en')
    dropMismatchedFirstPaint('en')
    expect(document.getElementById('first-paint')).not.toBeNull()
    dropMismatchedFirstPaint('es')
    expect(document.getElementById('first-paint')).toBeNull()
    expect(document.getElementById('root')!.hidden).toBe(false)
  })
})
