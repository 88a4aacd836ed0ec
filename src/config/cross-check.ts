import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { landing } from '../routing/navigation'
import { fillPattern, paramNames } from '../routing/pattern'
import { collectEntries, createResolver } from '../routing/resolve'
import { withPlans } from './lander-plans'
import type { LoadedFiles, Problem } from './load'
import type { RuntimeConfig } from './runtime-types'

/** What one plugin contributes, as far as config is concerned. */
export interface PluginInfo {
  screens: ReadonlySet<string>
  guards: ReadonlySet<string>
  requires: readonly string[]
}

/**
 * The checks that span files, for one brand: screens and guards no enabled plugin gives, plugins a
 * brand names that do not exist, duplicate paths, redirects to nowhere and redirect loops, missing
 * artwork. Returns the brand's runtime config (only its enabled plugins' routes) with the problems.
 */
export function crossCheck(
  root: string,
  files: LoadedFiles,
  brandId: string,
  plugins: ReadonlyMap<string, PluginInfo>,
  environment: string,
): { config?: RuntimeConfig; problems: Problem[]; notes: string[] } {
  const problems: Problem[] = []
  const notes: string[] = []
  const brandFile = `config/brands/${brandId}.json`
  const brand = files.brands.get(brandId)
  if (!brand) {
    problems.push({ file: brandFile, path: '', message: `There is no brand '${brandId}': add ${brandFile}.` })
    return { problems, notes }
  }
  const enabled = new Set<string>()
  brand.plugins.forEach((name, i) => {
    if (!plugins.has(name)) {
      problems.push({
        file: brandFile,
        path: `plugins[${i}]`,
        message: `There is no plugin '${name}'. Known plugins: ${[...plugins.keys()].join(', ')}.`,
      })
    } else if (enabled.has(name)) {
      problems.push({ file: brandFile, path: `plugins[${i}]`, message: `Plugin '${name}' is listed twice.` })
    } else enabled.add(name)
  })
  for (const name of enabled) {
    for (const r of plugins.get(name)?.requires ?? []) {
      if (!enabled.has(r)) {
        problems.push({
          file: brandFile,
          path: 'plugins',
          message: `Plugin '${name}' needs plugin '${r}': add '${r}' to this brand's plugins.`,
        })
      }
    }
  }
  const guards = new Set<string>()
  for (const name of enabled) for (const g of plugins.get(name)?.guards ?? []) guards.add(g)

  /** undefined: fine; 'disabled': the screen's plugin exists but this brand does not ship it. */
  function checkScreen(file: string, path: string, screen: string): 'ok' | 'disabled' | 'bad' {
    const [plugin, id] = screen.split('/') as [string, string]
    const info = plugins.get(plugin)
    if (!info) {
      problems.push({
        file,
        path,
        message: `No plugin '${plugin}' exists, so screen '${screen}' cannot be shown.`,
      })
      return 'bad'
    }
    if (!enabled.has(plugin)) return 'disabled'
    if (!info.screens.has(id)) {
      problems.push({
        file,
        path,
        message: `Plugin '${plugin}' has no screen '${id}'. It has: ${[...info.screens].join(', ') || 'none'}.`,
      })
      return 'bad'
    }
    return 'ok'
  }
  function checkGuard(file: string, path: string, guard: string | undefined) {
    if (guard && !guards.has(guard)) {
      problems.push({
        file,
        path,
        message: `No enabled plugin of brand '${brandId}' gives the guard '${guard}'. Available: ${[...guards].join(', ') || 'none'}.`,
      })
    }
  }

  const seen = new Map<string, string>()
  function claim(pattern: string, where: string) {
    const key = pattern.toLowerCase().replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')
    const before = seen.get(key)
    if (before) {
      const [file, path] = where.split('#') as [string, string]
      problems.push({
        file,
        path,
        message: `The path '${pattern}' is already used by ${before.replace('#', ' at ')}.`,
      })
    } else seen.set(key, where)
  }

  const routes: RuntimeConfig['routes'] = []
  const absent: string[] = []
  ;(files.routes ?? []).forEach((r, i) => {
    const path = `routes[${i}]`
    claim(r.path, `config/routes.json#${path}.path`)
    checkGuard('config/routes.json', `${path}.guard`, r.guard)
    if ('screen' in r) {
      const state = checkScreen('config/routes.json', `${path}.screen`, r.screen)
      if (r.overlay) checkScreen('config/routes.json', `${path}.overlay`, r.overlay)
      if (state === 'disabled') {
        notes.push(`${r.path}: left out, plugin '${r.screen.split('/')[0]}' is not enabled for ${brandId}.`)
        absent.push(r.path)
        return
      }
    } else if (!existsSync(join(root, 'public', r.external.split(/[?#]/)[0]!))) {
      problems.push({
        file: 'config/routes.json',
        path: `${path}.external`,
        message: `The page '${r.external}' does not exist: add it under public/.`,
      })
    }
    routes.push(r)
  })

  let landers: RuntimeConfig['landers'] = null
  if (files.landers) {
    const state = checkScreen('config/landers.json', 'screen', files.landers.screen)
    files.landers.landers.forEach((l, i) => {
      l.paths.forEach((p, j) => {
        claim(p, `config/landers.json#landers[${i}].paths[${j}]`)
      })
    })
    // the numbers a lander shows come from the plan it names (config/plans.json)
    const priced = withPlans(files.landers, files.plans, problems)
    if (state === 'ok') landers = priced
    else if (state === 'disabled') absent.push(...files.landers.landers.flatMap((l) => l.paths))
  }

  const redirects = files.redirects ?? []
  redirects.forEach((r, i) => {
    claim(r.from, `config/redirects.json#redirects[${i}].from`)
    checkGuard('config/redirects.json', `redirects[${i}].guard`, r.guard)
    const have = new Set(paramNames(r.from))
    for (const n of paramNames(r.to)) {
      if (!have.has(n) && !r.to.includes(`:${n}?`)) {
        problems.push({
          file: 'config/redirects.json',
          path: `redirects[${i}].to`,
          message: `'${r.to}' uses :${n}, but '${r.from}' has no :${n} to take it from.`,
        })
      }
    }
  })

  // Every redirect must end on a page, without a loop: followed with the app's route resolver.
  const table = createResolver(
    collectEntries({ routes: files.routes ?? [], redirects, landers: files.landers ?? null }),
  )
  // A lander ends on pages that exist.
  files.landers?.landers.forEach((l, i) => {
    for (const [k, to] of Object.entries(l.endsOn)) {
      if (to && !table.resolve(to)) {
        problems.push({
          file: 'config/landers.json',
          path: `landers[${i}].endsOn.${k}`,
          message: `'${to}' is not a page of routes.json, landers.json or redirects.json.`,
        })
      }
    }
  })
  // The pages a brand's app owns (deep links) are pages of the site.
  brand.app?.pages.forEach((page, i) => {
    if (!table.resolve(page.path)) {
      problems.push({
        file: brandFile,
        path: `app.pages[${i}].path`,
        message: `'${page.path}' is not a page of routes.json, landers.json or redirects.json.`,
      })
    }
  })
  redirects.forEach((r, i) => {
    const sample = Object.fromEntries(paramNames(r.from).map((n) => [n, 'sample']))
    const end = landing(table, fillPattern(r.from, sample))
    if (end.end === 'loop') {
      problems.push({
        file: 'config/redirects.json',
        path: `redirects[${i}]`,
        message: `Redirect loop: '${r.from}' comes back to '${end.path}'.`,
      })
    } else if (end.end === 'nowhere') {
      problems.push({
        file: 'config/redirects.json',
        path: `redirects[${i}].to`,
        message: `'${r.to}' is not a page of routes.json, landers.json or another redirect.`,
      })
    }
  })

  for (const [cc, cat] of files.catalogs) {
    for (const [category, merchants] of Object.entries(cat.categories)) {
      merchants?.forEach((m, j) => {
        if (!existsSync(join(root, 'public', 'catalog-logos', m.logo))) {
          problems.push({
            file: `config/catalogs/${cc}.json`,
            path: `categories.${category}[${j}].logo`,
            message: `The logo file public/catalog-logos/${m.logo} does not exist.`,
          })
        }
      })
    }
  }
  for (const [theme, benefits] of Object.entries(files.benefits?.themes ?? {})) {
    for (const [benefit, images] of Object.entries(benefits ?? {})) {
      images?.forEach((img, j) => {
        if (!existsSync(join(root, 'public', 'benefits', img))) {
          problems.push({
            file: 'config/benefits.json',
            path: `themes.${theme}.${benefit}[${j}]`,
            message: `The image public/benefits/${img} does not exist.`,
          })
        }
      })
    }
  }

  let partner: RuntimeConfig['partner'] = null
  if (brand.partner) {
    partner = files.partners?.find((p) => p.id === brand.partner) ?? null
    if (!partner) {
      problems.push({
        file: brandFile,
        path: 'partner',
        message: `No partner '${brand.partner}' in config/partners.json.`,
      })
    }
  }
  if (!existsSync(join(root, 'public', brand.theme.logo))) {
    problems.push({
      file: brandFile,
      path: 'theme.logo',
      message: `The logo public${brand.theme.logo} does not exist.`,
    })
  }
  const env = files.app?.environments[environment]
  if (files.app && !env) {
    problems.push({
      file: 'config/app.json',
      path: 'environments',
      message: `There is no environment '${environment}'. Known: ${Object.keys(files.app.environments).join(', ')}.`,
    })
  }
  if (files.app && !files.brands.has(files.app.defaultBrand)) {
    problems.push({
      file: 'config/app.json',
      path: 'defaultBrand',
      message: `There is no brand '${files.app.defaultBrand}'.`,
    })
  }

  if (problems.length || !files.app || !env) return { problems, notes }
  return {
    problems,
    notes,
    config: {
      brandId,
      environment,
      app: { ...env, languages: files.app.languages },
      brand,
      partner,
      routes,
      redirects,
      landers,
      plugins: [...enabled],
      absent,
    },
  }
}
