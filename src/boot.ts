import { when } from 'mobx'
import type { AppParts } from './App'
import type { RuntimeConfig } from './config/runtime-types'
import { dropMismatchedFirstPaint } from './first-paint/client'
import { pageFirstData } from './first-paint/data'
import type { HttpClient } from './http/client'
import { createI18n, detectLanguage } from './i18n'
import { createRegistry } from './plugin/registry'
import type { Plugin } from './plugin/types'
import { firstPage, routeTable } from './routing/resolve'
import { composeAppInSteps } from './state/compose'
import { markBoot, yieldToMain } from './tasks/boot-tasks'
import { LAYOUT_SLOTS } from './ui/Layout'
import { preloadSlots } from './ui/Slot'
import { themeTokens } from './ui/theme'

/** Applies the brand's theme as design-token values, so a partner restyles without code. */
export function applyTheme(config: RuntimeConfig, root: HTMLElement = document.documentElement): void {
  for (const [k, v] of themeTokens(config)) root.style.setProperty(k, v)
}

/**
 * Boot order: collect the enabled plugins (checked against config at build time), start fetching the
 * first screen, the layout's slots and their texts (i18n), build the root store and create it with
 * its services, run each plugin's setup, then render.
 *
 * `source` is the config complete with its route table, or its promise ('@brand' loadConfig(): the
 * table is a chunk of its own). The HTTP client is a chunk of its own too (it loads axios with its
 * first call to the network). index.html's loader preloads both (rsbuild.config.ts
 * pluginScriptsAfterPaint, performance.preload), so they arrive beside the entry chunks instead of the
 * entry carrying them; both are asked for here at once.
 */
export async function boot(
  plugins: readonly Plugin[],
  source: RuntimeConfig | Promise<RuntimeConfig>,
): Promise<AppParts> {
  const client = import(/* webpackChunkName: "http" */ './http/client')
  const config = await source
  markBoot('config')
  applyTheme(config)
  const registry = createRegistry(plugins)
  // The first screen's code and texts are fetched at once, while the plugins start, instead of after
  // them: fewer round trips before the first screen shows.
  routeTable(config)
  // the route table's set-up, matching the page's path against it, and the requests below: a task
  // each (the first two were one of 60 to 95 ms at CPU x4, issue 30)
  await yieldToMain()
  const page = firstPage(config, window.location.pathname)
  await yieldToMain()
  const first = page.screens
  for (const id of first)
    registry.screens
      .get(id)?.()
      .catch(() => {})
  // The layout's slot components and the texts they name come before the first render too, so the
  // header does not grow (and push the screen down) when they arrive. Those for members only once the
  // session says a member is signed in (below): a visitor loads neither their code nor their texts.
  const layoutSlots = LAYOUT_SLOTS[page.layout].flatMap((name) => registry.slots.get(name) ?? [])
  const slots = layoutSlots.filter((e) => e.audience !== 'member')
  const memberSlots = layoutSlots.filter((e) => e.audience === 'member')
  const slotsReady = preloadSlots(slots).catch(() => {})
  // A task of its own from here: the registry, the route table and the prefetches above, then i18next's
  // set-up, then the root store are each tens of milliseconds on a phone (CPU x4), and in one task
  // they were one long task of 100 to 200 ms before the first screen.
  await yieldToMain()
  const language = detectLanguage(window.location.search, config.app.languages)
  dropMismatchedFirstPaint(language)
  let http: HttpClient | undefined
  const texts = createI18n({
    namespaces: [
      ...new Set([...first.flatMap((id) => registry.textsOf(id)), ...slots.flatMap((e) => e.texts)]),
    ],
    locales: registry.locales,
    language,
    languages: config.app.languages,
    report: (text) => {
      http
        ?.post('/api/translation', JSON.stringify(text), { headers: { 'Content-Type': 'application/json' } })
        .catch(() => {})
    },
  })
  // the replies the server drew this page from answer the same first calls (src/first-paint/data.ts)
  http = (await client).createHttpClient(config.app.apiBaseUrl, pageFirstData())
  const { services, store } = await composeAppInSteps(
    plugins,
    config,
    http,
    (e) => {
      if (import.meta.env?.DEV) console.error(e)
    },
    yieldToMain,
  )
  markBoot('store')
  // as soon as a plugin's start-up signs a member in (a restored session), their slots start loading
  let memberSlotsReady: Promise<void> | undefined
  const loadMemberSlots = () => {
    memberSlotsReady ??= texts
      .then(({ i18n }) => preloadSlots(memberSlots, (ns) => i18n.loadNamespaces([...ns])))
      .catch(() => {})
    return memberSlotsReady
  }
  const stopWatching = memberSlots.length
    ? when(() => services.session.authenticated, loadMemberSlots)
    : () => {}
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
  markBoot('setup')
  stopWatching()
  const { i18n } = await texts
  await slotsReady
  if (memberSlots.length && services.session.authenticated) await loadMemberSlots()
  await yieldToMain()
  markBoot('ready')
  return { config, registry, store, services, i18n }
}
