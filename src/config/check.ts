import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from '../plugin/types'
import { crossCheck, type PluginInfo } from './cross-check'
import { loadConfigFiles, type Problem } from './load'
import type { RuntimeConfig } from './runtime-types'

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
