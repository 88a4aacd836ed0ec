import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RuntimeConfig } from '../../config/runtime-types'
import type { Plugin } from '../../plugin/types'
import type { Problem } from '../../shared/config-problem'
import type { PluginInfo } from './context'
import { crossCheck } from './cross-check'
import { loadConfigFiles } from './load'

/**
 * How plugin code names a route (src/routing/names.tsx): `pathTo(config, 'name')`, `usePath('name')`,
 * `<RouteLink route="name">` and `route: 'name'` in a list of links a component maps over. A name is
 * written as a string literal in one of these places, so the check sees every link without running it.
 */
const LINK_FORMS = [
  /\bpathTo\(\s*[^,()]+,\s*['"`]([^'"`]+)['"`]/g,
  /\busePath\(\s*['"`]([^'"`]+)['"`]/g,
  /\broute=\{?\s*['"`]([^'"`]+)['"`]/g,
  /\broute:\s*['"`]([^'"`]+)['"`]/g,
]

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sourcesOf(path)
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|test-utils/.test(e.name) ? [path] : []
  })
}

/** The route names a plugin's code links to, each with the file it is in (relative to root). */
export function linksOf(root: string, pluginDir: string): { route: string; file: string }[] {
  return sourcesOf(pluginDir).flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    return LINK_FORMS.flatMap((re) =>
      [...text.matchAll(re)].map((m) => ({ route: m[1]!, file: relative(root, file) })),
    )
  })
}

/** Imports every plugin under plugins/ and notes what it contributes. */
export async function discoverPlugins(root: string): Promise<Map<string, PluginInfo>> {
  const dir = join(root, 'plugins')
  const out = new Map<string, PluginInfo>()
  for (const name of readdirSync(dir).sort()) {
    const index = join(dir, name, 'index.ts')
    if (!existsSync(index)) continue
    const mod = (await import(pathToFileURL(index).href)) as { default: Plugin }
    const p = mod.default
    if (p.name !== name)
      throw new Error(`plugins/${name}/index.ts declares the plugin '${p.name}': use '${name}'.`)
    out.set(name, {
      screens: new Set(Object.keys(p.screens ?? {})),
      guards: new Set(Object.keys(p.guards ?? {})),
      requires: p.requires ?? [],
      menus: new Map(
        Object.entries(p.menus ?? {}).map(([menu, entries]) => [menu, entries.map((e) => e.route)]),
      ),
      links: linksOf(root, join(dir, name)),
    })
  }
  return out
}

export interface CheckResult {
  problems: Problem[]
  notes: string[]
  configs: Map<string, RuntimeConfig>
}

/** Validates config/ for the given brands (all brands when none is named). */
export async function checkConfig(
  root: string,
  opts: { brands?: string[]; environment?: string; plugins?: Map<string, PluginInfo> } = {},
): Promise<CheckResult> {
  const { files, problems } = loadConfigFiles(root)
  const plugins = opts.plugins ?? (await discoverPlugins(root))
  const configs = new Map<string, RuntimeConfig>()
  const notes: string[] = []
  const brands = opts.brands ?? [...files.brands.keys()]
  const environment = opts.environment ?? files.app?.defaultEnvironment ?? 'production'
  const seen = new Set(problems.map((p) => JSON.stringify(p)))
  for (const brand of brands) {
    const r = crossCheck(root, files, brand, plugins, environment)
    for (const p of r.problems) {
      const key = JSON.stringify(p)
      if (!seen.has(key)) {
        seen.add(key)
        problems.push(
          brands.length > 1 && p.file !== `config/brands/${brand}.json`
            ? { ...p, message: `${p.message} (brand ${brand})` }
            : p,
        )
      }
    }
    notes.push(...r.notes.map((n) => `${brand}: ${n}`))
    if (r.config) configs.set(brand, r.config)
  }
  return { problems, notes, configs }
}
