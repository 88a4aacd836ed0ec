import type { RuntimeConfig } from '../../config/runtime-types'
import type { Problem } from '../../shared/config-problem'
import { brandChecks } from './checks'
import { type BrandContext, brandContext, type PluginInfo, screenState } from './context'
import { withPlans } from './lander-plans'
import type { LoadedFiles } from './load'

export type { PluginInfo }

/**
 * The checks that span files, for one brand (checks/index.ts lists them, one per concern). Returns the
 * brand's runtime config (only its enabled plugins' routes) when there is no problem.
 */
export function crossCheck(
  root: string,
  files: LoadedFiles,
  brandId: string,
  plugins: ReadonlyMap<string, PluginInfo>,
  environment: string,
): { config?: RuntimeConfig; problems: Problem[]; notes: string[] } {
  const ctx = brandContext(root, files, brandId, plugins, environment)
  if (!('brand' in ctx)) return { problems: [ctx], notes: [] }
  const problems: Problem[] = []
  const notes: string[] = []
  for (const check of brandChecks) check(ctx, problems, notes)
  const config = runtimeConfig(ctx, notes)
  return problems.length || !config ? { problems, notes } : { problems, notes, config }
}

/** The brand's runtime config: its enabled plugins' routes and landers, the others' paths `absent`. */
function runtimeConfig(ctx: BrandContext, notes: string[]): RuntimeConfig | undefined {
  const { files, brandId } = ctx
  const env = files.app?.environments[ctx.environment]
  if (!files.app || !env) return undefined
  const routes: RuntimeConfig['routes'] = []
  const absent: string[] = []
  for (const r of files.routes ?? []) {
    if ('screen' in r && screenState(ctx, r.screen) === 'disabled') {
      notes.push(`${r.path}: left out, plugin '${r.screen.split('/')[0]}' is not enabled for ${brandId}.`)
      absent.push(r.path)
    } else routes.push(r)
  }
  let landers: RuntimeConfig['landers'] = null
  if (files.landers) {
    const state = screenState(ctx, files.landers.screen)
    if (state === 'ok') landers = withPlans(files.landers, files.plans, [])
    else if (state === 'disabled') absent.push(...files.landers.landers.flatMap((l) => l.paths))
  }
  return {
    brandId,
    environment: ctx.environment,
    app: { ...env, languages: files.app.languages },
    brand: ctx.brand,
    partner: files.partners?.find((p) => p.id === ctx.brand.partner) ?? null,
    routes,
    redirects: files.redirects ?? [],
    landers,
    plugins: [...ctx.enabled],
    absent,
  }
}
