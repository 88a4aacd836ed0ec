import type { AppParts } from './App'
import type { RuntimeConfig } from './config/runtime-types'
import { dropMismatchedFirstPaint } from './first-paint/client'
import { createHttpClient } from './http/client'
import { createI18n, detectLanguage } from './i18n'
import { composeApp } from './plugin/compose'
import { createRegistry } from './plugin/registry'
import type { Plugin } from './plugin/types'
import { firstPage } from './routing/resolve'
import { LAYOUT_SLOTS } from './ui/Layout'
import { preloadSlots } from './ui/Slot'
import { themeTokens } from './ui/theme'

/** Applies the brand's theme as design-token values, so a partner restyles without code. */
export function applyTheme(config: RuntimeConfig, root: HTMLElement = document.documentElement): void {
  for (const [k, v] of themeTokens(config)) root.style.setProperty(k, v)
}

/** Ends the current task: what follows runs in a new one, after pending input and rendering. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Boot order: collect the enabled plugins (checked against config at build time), build the root
 * store, create it with its services, set up i18n, run each plugin's setup, then render.
 */
export async function boot(plugins: readonly Plugin[], config: RuntimeConfig): Promise<AppParts> {
  applyTheme(config)
  const registry = createRegistry(plugins)
  const http = createHttpClient(config.app.apiBaseUrl)
  const { services, store } = composeApp(plugins, config, http, (e) => {
    if (import.meta.env?.DEV) console.error(e)
  })
  // The first screen's code and texts are fetched at once, while the plugins start, instead of after
  // them: fewer round trips before the first screen shows.
  const page = firstPage(config, window.location.pathname)
  const first = page.screens
  for (const id of first)
    registry.screens
      .get(id)?.()
      .catch(() => {})
  // The layout's slot components and the texts they name come before the first render too, so the
  // header does not grow (and push the screen down) when they arrive.
  const slots = LAYOUT_SLOTS[page.layout].flatMap((name) => registry.slots.get(name) ?? [])
  const slotsReady = preloadSlots(slots).catch(() => {})
  const language = detectLanguage(window.location.search, config.app.languages)
  dropMismatchedFirstPaint(language)
  const texts = createI18n({
    namespaces: [...new Set([...first.map((id) => id.split('/')[0]!), ...slots.flatMap((e) => e.texts)])],
    locales: registry.locales,
    language,
    languages: config.app.languages,
    report: (text) => {
      http
        .post('/api/translation', JSON.stringify(text), { headers: { 'Content-Type': 'application/json' } })
        .catch(() => {})
    },
  })
  // one after another, in brand order, each in a task of its own (the page answers input between them)
  for (const p of plugins) {
    if (!p.setup) continue
    await yieldToMain()
    try {
      await p.setup({ store, services })
    } catch (e) {
      // one plugin's failed start-up must not blank the page
      if (import.meta.env?.DEV) console.error(`setup of plugin '${p.name}' failed`, e)
    }
  }
  const { i18n } = await texts
  await slotsReady
  await yieldToMain()
  return { config, registry, store, services, i18n }
}
