import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { definePlugin } from '../plugin/define'
import { createRegistry } from '../plugin/registry'
import type { RootLike, Services } from '../plugin/types'
import { AppProvider } from '../state/context'
import { Part, useHasPart } from './Part'

function Greeting({ who }: { who: string }) {
  const { t } = useTranslation('shop')
  return <p>{t('hello', { who })}</p>
}
const loadGreeting = async () => ({ default: Greeting })
const shop = definePlugin({
  name: 'shop',
  parts: { 'shop.greeting': loadGreeting },
  locales: { en: async () => ({ default: { hello: 'Hello {{who}}' } }) },
})

async function app(plugins = [shop], ui = <Part name="shop.greeting" who="Dana" />) {
  const registry = createRegistry(plugins)
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  // the app's backend: a plugin's namespace from its locale loaders (src/i18n)
  const load = i18n.loadNamespaces.bind(i18n)
  i18n.loadNamespaces = (async (ns: string | string[]) => {
    for (const n of [ns].flat()) {
      const texts = await registry.locales.get(n)?.en?.()
      if (texts) i18n.addResourceBundle('en', n, texts.default)
    }
    return load(ns)
  }) as typeof i18n.loadNamespaces
  return render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={{ registry, store: {} as RootLike, services: {} as Services }}>{ui}</AppProvider>
    </I18nextProvider>,
  )
}

function Has({ name }: { name: string }) {
  return <p>{useHasPart(name) ? 'yes' : 'no'}</p>
}

describe('parts (named components a plugin shows without importing another)', () => {
  it('a registered part renders with its props and its plugin texts', async () => {
    await app()
    expect(await screen.findByText('Hello Dana')).toBeTruthy()
  })
  it('a part no enabled plugin gives renders the fallback, or nothing', async () => {
    await app([], <Part name="shop.greeting" fallback={<p>No shop here</p>} who="Dana" />)
    expect(screen.getByText('No shop here')).toBeTruthy()
    const { container } = await app([], <Part name="shop.greeting" who="Dana" />)
    expect(container.textContent).toBe('')
  })
  it('useHasPart tells whether an enabled plugin gives it', async () => {
    await app([shop], <Has name="shop.greeting" />)
    expect(screen.getByText('yes')).toBeTruthy()
    await app([], <Has name="other.part" />)
    expect(screen.getByText('no')).toBeTruthy()
  })
  it('registry collects parts with their plugin; a name given twice throws', () => {
    expect(createRegistry([shop]).parts.get('shop.greeting')).toEqual({ load: loadGreeting, plugin: 'shop' })
    const other = definePlugin({ name: 'other', parts: { 'shop.greeting': loadGreeting } })
    expect(() => createRegistry([shop, other])).toThrow(
      "Part 'shop.greeting' is contributed by both 'shop' and 'other'.",
    )
  })
  it('definePlugin rejects a badly named part', () => {
    expect(() => definePlugin({ name: 'x', parts: { Greeting: loadGreeting } })).toThrow(/part 'Greeting'/)
  })
})
