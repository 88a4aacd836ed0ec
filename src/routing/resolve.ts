/**
 * The one route resolver: which entry of routes.json, landers.json or redirects.json a path is, and
 * its params. The route loader and the guards it runs (build.tsx), the layout, the start-up prefetch
 * (firstPage), the first paints (src/node/first-paint.tsx, server/static.ts), navigation
 * (navigation.ts: where a path ends after redirects) and the config check all ask it, so they cannot
 * disagree.
 *
 * Ranking is React Router's (its computeScore and sibling order; react-router 7, lib/router/utils.ts):
 * optional segments are expanded into one pattern per length; a pattern's score counts its segments,
 * static +10, param +3, empty +1, splat -2, so static beats a param and a param beats a splat. Among
 * equal scores, a param with a literal suffix ('/:merchant-coupons', which React Router cannot express)
 * comes before a plain param ('/:merchant'), then the order of the entries. React Router itself
 * matches nothing: buildRoutes gives it one route object for every path, whose loader asks this
 * resolver (tested in resolve.test.tsx).
 */
import type { RuntimeConfig } from '../config/runtime-types'
import type { ScreenRoute } from '../config/schemas/routes'
import { type CompiledPattern, compilePattern, matchPattern, paramNames } from './pattern'

/** One thing a path can be: a screen (routes.json, landers.json), a redirect or an external page. */
export type RouteEntry =
  | {
      kind: 'screen'
      path: string
      guard?: string
      screen: string
      overlay?: string
      props: ScreenRoute['props']
      layout: 'main' | 'bare'
      name?: string
      /** The side menu shown beside the screen (routes.json `menu`). */
      menu?: string
      /** false: no site footer (routes.json `footer`). */
      footer?: boolean
    }
  | { kind: 'redirect'; path: string; guard?: string; to: string; keepQuery: boolean; name?: string }
  | { kind: 'external'; path: string; guard?: string; external: string; name?: string }

type Params = Record<string, string | undefined>

export interface Resolved<E> {
  entry: E
  /** The pattern's params by their names in config; an absent optional param is undefined. */
  params: Params
}

/** One length of an entry's pattern (optional segments expanded), as the resolver tries them. */
export interface RankedPattern<E> {
  entry: E
  /** The pattern without optional segments: '/mobile-safari/installed/:page?' gives two. */
  pattern: string
  /** The pattern in React Router's syntax: params as ':__s<segment>', suffixes dropped. */
  routerPath: string
  /** React Router's score of routerPath. */
  score: number
  compiled: CompiledPattern
}

export interface Resolver<E extends { path: string }> {
  readonly entries: readonly E[]
  /** Every pattern, in the order they are tried: the most specific first. */
  readonly ranked: readonly RankedPattern<E>[]
  /** The entry a pathname (as in location.pathname, percent-encoded or not) is, or null. */
  resolve(pathname: string): Resolved<E> | null
}

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)(\?)?(.*)$/

/** React Router's explodeOptionalSegments: '/a/:b?/:c?' is '/a/:b/:c', '/a/:b', '/a/:c', '/a'. */
export function expandOptional(path: string): string[] {
  // most patterns have no optional segment: built for each of them at start-up, before the first screen
  if (!path.includes('?')) return [path]
  const [first = '', ...rest] = path.split('/')
  const optional = first.endsWith('?')
  const required = first.replace(/\?$/, '')
  if (rest.length === 0) return optional ? [required, ''] : [required]
  const tails = expandOptional(rest.join('/'))
  const out = tails.map((t) => (t === '' ? required : `${required}/${t}`))
  if (optional) out.push(...tails)
  return out.map((p) => (path.startsWith('/') && p === '' ? '/' : p))
}

/** A pattern without optional segments in React Router's syntax: every param ':__s<index>'. */
export function routerPathOf(pattern: string): string {
  return pattern
    .split('/')
    .map((seg, i) => (PARAM.test(seg) ? `:__s${i}` : seg.toLowerCase()))
    .join('/')
}

/** React Router's computeScore (react-router 7, lib/router/utils.ts), for a path without '?'. */
export function routerScore(routerPath: string): number {
  const segs = routerPath.split('/')
  const splat = segs.includes('*')
  return segs
    .filter((s) => s !== '*')
    .reduce(
      (score, s) => score + (/^:[\w-]+$/.test(s) ? 3 : s === '' ? 1 : 10),
      segs.length + (splat ? -2 : 0),
    )
}

/** Characters of literal suffix after params: '/:merchant-coupons' is more specific than '/:merchant'. */
function suffixLength(pattern: string): number {
  return pattern.split('/').reduce((n, seg) => n + (PARAM.exec(seg)?.[3]?.length ?? 0), 0)
}

/** React Router's decodePath: each segment decoded, an encoded '/' kept as %2F. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((v) => decodeURIComponent(v).replace(/\//g, '%2F'))
      .join('/')
  } catch {
    return pathname
  }
}

/**
 * A resolver over any entries that have a path pattern (config entries, or the first paints' paths).
 * `absent`: patterns that are nowhere (pages of plugins the brand does not ship). They are ranked with
 * the entries, so a path they match more specifically than an entry (a '/plus' against '/:merchant')
 * resolves to nothing, the app's not-found, instead of falling to the less specific entry.
 */
export function createResolver<E extends { path: string }>(
  entries: readonly E[],
  absent: readonly string[] = [],
): Resolver<E> {
  const nowhere = absent.map((path) => ({ path, nowhere: true as const }))
  // Built at start-up, before the first screen: no regular expression is compiled here. A pattern's
  // is compiled the first time a path of its length is resolved (see `fits`), so a first visit
  // compiles a handful instead of every pattern twice.
  const ranking = [...entries, ...nowhere]
    .flatMap((entry, index) =>
      expandOptional(entry.path).map((pattern) => {
        const routerPath = routerPathOf(pattern)
        let compiled: CompiledPattern | undefined
        const segments = pattern.split('/').filter(Boolean)
        const splat = segments.includes('*')
        return {
          rank: {
            entry,
            pattern,
            routerPath,
            score: routerScore(routerPath),
            get compiled() {
              compiled ??= compilePattern(pattern)
              return compiled
            },
          },
          // the segment counts of the paths it can match: a splat may also match none
          min: splat ? segments.length - 1 : segments.length,
          max: splat ? Number.POSITIVE_INFINITY : segments.length,
          suffix: suffixLength(pattern),
          index,
        }
      }),
    )
    .sort((a, b) => b.rank.score - a.rank.score || b.suffix - a.suffix || a.index - b.index)
  const ranked = ranking.map((r) => r.rank).filter((r): r is RankedPattern<E> => !('nowhere' in r.entry))
  const declared = new Map<E, string[]>()
  const namesOf = (e: E) => {
    let names = declared.get(e)
    if (!names) {
      names = paramNames(e.path)
      declared.set(e, names)
    }
    return names
  }
  // The last answers by pathname: the loader, the layout and the menu ask for the same path in turn.
  const recent = new Map<string, Resolved<E> | null>()
  function find(pathname: string): Resolved<E> | null {
    const path = decodePath(pathname)
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
    const count = trimmed === '/' || trimmed === '' ? 0 : trimmed.split('/').length - 1
    for (const r of ranking) {
      if (count < r.min || count > r.max) continue // a pattern's regex only matches its segment count
      const found = matchPattern(r.rank.compiled, path)
      if (!found) continue
      if ('nowhere' in r.rank.entry) return null
      const entry = r.rank.entry as E
      const params: Params = {}
      for (const n of namesOf(entry)) params[n] = found[n]
      return { entry, params }
    }
    return null
  }
  return {
    entries,
    ranked,
    resolve(pathname) {
      let hit = recent.get(pathname)
      if (hit === undefined) {
        hit = find(pathname)
        if (recent.size >= 50) recent.delete(recent.keys().next().value as string)
        recent.set(pathname, hit)
      }
      // a copy: a caller may change the params it gets
      return hit && { entry: hit.entry, params: { ...hit.params } }
    },
  }
}

/** Flattens routes.json, landers.json and redirects.json into one ordered list of entries. */
export function collectEntries(
  config: Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers'>,
): RouteEntry[] {
  const out: RouteEntry[] = []
  for (const r of config.routes) {
    if ('screen' in r) {
      out.push({
        kind: 'screen',
        path: r.path,
        guard: r.guard,
        screen: r.screen,
        overlay: r.overlay,
        props: r.props,
        layout: r.layout,
        name: r.name,
        menu: r.menu,
        footer: r.footer,
      })
    } else out.push({ kind: 'external', path: r.path, guard: r.guard, external: r.external, name: r.name })
  }
  for (const l of config.landers?.landers ?? []) {
    for (const path of l.paths) {
      out.push({
        kind: 'screen',
        path,
        screen: config.landers!.screen,
        props: { lander: l.id },
        layout: 'bare',
      })
    }
  }
  for (const r of config.redirects)
    out.push({
      kind: 'redirect',
      path: r.from,
      guard: r.guard,
      to: r.to,
      keepQuery: r.keepQuery,
      name: r.name,
    })
  return out
}

const tables = new WeakMap<object, Resolver<RouteEntry>>()

/** The app's resolver for a config, built once per config object. */
export function routeTable(
  config: Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers' | 'absent'>,
): Resolver<RouteEntry> {
  let t = tables.get(config)
  if (!t) {
    t = createResolver(collectEntries(config), config.absent)
    tables.set(config, t)
  }
  return t
}

/**
 * The screens the page at `pathname` will show (screen and overlay) and its layout (the main one when
 * it is not a screen). Used at start-up to fetch them, and the layout's slots, while the plugins start.
 */
export function firstPage(
  config: Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers'>,
  pathname: string,
): { screens: string[]; layout: 'main' | 'bare' } {
  const hit = routeTable(config).resolve(pathname)?.entry
  if (hit?.kind !== 'screen') return { screens: [], layout: 'main' }
  return { screens: hit.overlay ? [hit.screen, hit.overlay] : [hit.screen], layout: hit.layout }
}

/** The side menu a resolved path shows beside its screen (routes.json `menu`), if any. */
export function menuOf(hit: Resolved<RouteEntry> | null): string | undefined {
  return hit?.entry.kind === 'screen' ? hit.entry.menu : undefined
}

/** Whether the site footer is drawn under a resolved path's screen (routes.json `footer`). */
export function footerOf(hit: Resolved<RouteEntry> | null): boolean {
  return hit?.entry.kind !== 'screen' || hit.entry.footer !== false
}

/** The layout a resolved path renders in: its screen's, else the main one (not found, redirects). */
export function layoutOf(hit: Resolved<RouteEntry> | null): 'main' | 'bare' {
  return hit?.entry.kind === 'screen' ? hit.entry.layout : 'main'
}
