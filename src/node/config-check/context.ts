import type { Brand } from '../../config/schemas/brand'
import type { Problem } from '../../shared/config-problem'
import type { LoadedFiles } from './load'

/** What one plugin contributes, as far as config is concerned. */
export interface PluginInfo {
  screens: ReadonlySet<string>
  guards: ReadonlySet<string>
  requires: readonly string[]
  /** Its side-menu entries by menu name: the route name each links to (PluginDefinition.menus). */
  menus?: ReadonlyMap<string, readonly string[]>
  /** The route names its code links to (pathTo, usePath, RouteLink, `route:`), with the file of each. */
  links?: readonly { route: string; file: string }[]
}

/** What every check of one brand sees: the files, the brand, its enabled plugins and their guards. */
export interface BrandContext {
  root: string
  files: LoadedFiles
  brandId: string
  brand: Brand
  /** 'config/brands/<id>.json' */
  brandFile: string
  plugins: ReadonlyMap<string, PluginInfo>
  /** The brand's plugins that exist, each once, in its order. */
  enabled: ReadonlySet<string>
  /** The guards its enabled plugins give. */
  guards: ReadonlySet<string>
  environment: string
}

/** One check of one concern: it adds what is wrong to `problems` (and may add notes). */
export type BrandCheck = (ctx: BrandContext, problems: Problem[], notes: string[]) => void

export function brandContext(
  root: string,
  files: LoadedFiles,
  brandId: string,
  plugins: ReadonlyMap<string, PluginInfo>,
  environment: string,
): BrandContext | Problem {
  const brandFile = `config/brands/${brandId}.json`
  const brand = files.brands.get(brandId)
  if (!brand)
    return { file: brandFile, path: '', message: `There is no brand '${brandId}': add ${brandFile}.` }
  const enabled = new Set(brand.plugins.filter((name) => plugins.has(name)))
  const guards = new Set([...enabled].flatMap((name) => [...(plugins.get(name)?.guards ?? [])]))
  return { root, files, brandId, brand, brandFile, plugins, enabled, guards, environment }
}

/** Whether a screen ('plugin/Screen') is shown by this brand: 'disabled' when its plugin exists but is off. */
export function screenState(
  ctx: BrandContext,
  screen: string,
): 'ok' | 'disabled' | 'no-plugin' | 'no-screen' {
  const [plugin, id] = screen.split('/') as [string, string]
  const info = ctx.plugins.get(plugin)
  if (!info) return 'no-plugin'
  if (!ctx.enabled.has(plugin)) return 'disabled'
  return info.screens.has(id) ? 'ok' : 'no-screen'
}
