import type {
  ComponentLoader,
  FirstPaintProps,
  Guard,
  LocaleLoader,
  MenuEntry,
  NavigationHook,
  Plugin,
  SlotAudience,
  SlotContribution,
  SlotName,
} from './types'

export interface SlotEntry {
  load: ComponentLoader
  texts: readonly string[]
  /** 'member': drawn (and loaded) only while a member is signed in. */
  audience?: SlotAudience
}

/** A named part (definePlugin `parts`): its loader and the plugin whose texts it shows. */
export interface PartEntry {
  load: ComponentLoader
  plugin: string
}

export interface Registry {
  readonly plugins: readonly Plugin[]
  /** Named parts by name ('account.rebates'), shown by the core's `<Part>`. */
  readonly parts: ReadonlyMap<string, PartEntry>
  readonly screens: ReadonlyMap<string, ComponentLoader>
  /** The namespaces a screen shows ('catalog/AppPage' -> ['catalog', 'catalog-pages']), its plugin's first. */
  textsOf(screen: string): string[]
  /** First paints by screen id ('upsell/LanderPage'). */
  readonly firstPaints: ReadonlyMap<string, ComponentLoader<FirstPaintProps>>
  readonly guards: ReadonlyMap<string, Guard>
  readonly locales: ReadonlyMap<string, Readonly<Record<string, LocaleLoader>>>
  readonly slots: ReadonlyMap<SlotName, readonly SlotEntry[]>
  /** Side menus by name: the enabled plugins' entries, sorted by order (then route name). */
  readonly menus: ReadonlyMap<string, readonly MenuEntry[]>
  /** The enabled plugins' navigation hooks, in plugin order. */
  readonly navigation: readonly NavigationHook[]
  has(plugin: string): boolean
}

/**
 * Collects what the enabled plugins contribute. Fails early: a duplicate id, a missing
 * requirement or two plugins giving the same guard name throw here, before anything renders.
 *
 * @example
 * const registry = createRegistry([auth, legal])
 * registry.screens.get('legal/TermsPage')
 */
export function createRegistry(plugins: readonly Plugin[]): Registry {
  const byName = new Map<string, Plugin>()
  for (const p of plugins) {
    if (byName.has(p.name)) throw new Error(`Plugin '${p.name}' is registered twice.`)
    byName.set(p.name, p)
  }
  for (const p of plugins) {
    for (const r of p.requires ?? []) {
      if (!byName.has(r))
        throw new Error(`Plugin '${p.name}' requires plugin '${r}', which this brand does not enable.`)
    }
  }
  const screens = new Map<string, ComponentLoader>()
  const firstPaints = new Map<string, ComponentLoader<FirstPaintProps>>()
  const guards = new Map<string, Guard>()
  const guardOwner = new Map<string, string>()
  const locales = new Map<string, Readonly<Record<string, LocaleLoader>>>()
  const slots = new Map<SlotName, SlotEntry[]>()
  const menus = new Map<string, MenuEntry[]>()
  const parts = new Map<string, PartEntry>()
  const screenTexts = new Map<string, readonly string[]>()
  for (const p of plugins) {
    for (const [name, load] of Object.entries(p.parts ?? {})) {
      const owner = parts.get(name)?.plugin
      if (owner) throw new Error(`Part '${name}' is contributed by both '${owner}' and '${p.name}'.`)
      parts.set(name, { load, plugin: p.name })
    }
    for (const [menu, entries] of Object.entries(p.menus ?? {})) {
      const list = menus.get(menu) ?? []
      for (const e of entries) {
        if (!/^[a-z][a-z0-9-]*:[\w.-]+$/.test(e.label))
          throw new Error(
            `Plugin '${p.name}': menu '${menu}' entry '${e.route}' needs its label as 'namespace:key'.`,
          )
        list.push(e)
      }
      menus.set(menu, list)
    }
    for (const [id, loader] of Object.entries(p.screens ?? {})) screens.set(`${p.name}/${id}`, loader)
    for (const [id, loader] of Object.entries(p.firstPaint ?? {})) {
      if (!p.screens?.[id])
        throw new Error(`Plugin '${p.name}' has a first paint for '${id}', which is not one of its screens.`)
      firstPaints.set(`${p.name}/${id}`, loader)
    }
    for (const [id, names] of Object.entries(p.screenTexts ?? {})) {
      if (!p.screens?.[id])
        throw new Error(`Plugin '${p.name}' names texts for '${id}', which is not one of its screens.`)
      screenTexts.set(`${p.name}/${id}`, names)
    }
    for (const [id, guard] of Object.entries(p.guards ?? {})) {
      const owner = guardOwner.get(id)
      if (owner) throw new Error(`Guard '${id}' is contributed by both '${owner}' and '${p.name}'.`)
      guardOwner.set(id, p.name)
      guards.set(id, guard)
    }
    if (p.locales) locales.set(p.name, p.locales)
    for (const [ns, loaders] of Object.entries(p.namespaces ?? {})) locales.set(ns, loaders)
    for (const [slot, c] of Object.entries(p.slots ?? {}) as [SlotName, SlotContribution][]) {
      const list = slots.get(slot) ?? []
      if (typeof c !== 'function' && c.audience !== undefined && c.audience !== 'member')
        throw new Error(
          `Plugin '${p.name}': the component for slot '${slot}' has audience '${String(c.audience)}'; leave it out (everyone) or use 'member'.`,
        )
      list.push(typeof c === 'function' ? { load: c, texts: [] } : c)
      slots.set(slot, list)
    }
  }
  for (const [slot, entries] of slots)
    for (const e of entries)
      for (const ns of e.texts)
        if (ns !== 'core' && !locales.has(ns))
          throw new Error(
            `A component for slot '${slot}' names texts '${ns}', which no enabled plugin gives.`,
          )
  for (const [screen, names] of screenTexts)
    for (const ns of names)
      if (ns !== 'core' && !locales.has(ns))
        throw new Error(`The screen '${screen}' names texts '${ns}', which no enabled plugin gives.`)
  for (const [menu, list] of menus)
    for (const e of list) {
      const ns = e.label.split(':')[0]!
      if (ns !== 'core' && !locales.has(ns))
        throw new Error(
          `Menu '${menu}' entry '${e.route}' names texts '${ns}', which no enabled plugin gives.`,
        )
    }
  const navigation = plugins.flatMap((p) => (p.navigation ? [p.navigation] : []))
  for (const list of menus.values()) list.sort((a, b) => a.order - b.order || a.route.localeCompare(b.route))
  return {
    plugins,
    screens,
    textsOf: (screen) => [...new Set([screen.split('/')[0]!, ...(screenTexts.get(screen) ?? [])])],
    parts,
    menus,
    navigation,
    firstPaints,
    guards,
    locales,
    slots,
    has: (name) => byName.has(name),
  }
}
