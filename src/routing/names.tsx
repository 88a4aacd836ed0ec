/**
 * Routes by name (routes.json and redirects.json `name`): plugin code links to a page by its name, and
 * the path comes from config through the one resolver, so a path can change in config alone and
 * config:check sees every link (src/node/config-check/checks/route-links.ts). A name the brand does
 * not ship (its plugin is off) has no path: `pathTo` and `usePath` give null, `<RouteLink>` draws
 * nothing, and a side menu drops the entry.
 */
import type { ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import type { RuntimeConfig } from '../config/runtime-types'
import { useServices } from '../state/context'
import { fillPattern } from './pattern'
import { routeTable } from './resolve'

/** Params of a named route's pattern by their names in config; numbers are written as they print. */
export type RouteParams = Record<string, string | number | undefined>

type NamedConfig = Pick<RuntimeConfig, 'routes' | 'redirects'>
type TableConfig = Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers' | 'absent'>

const patterns = new WeakMap<object, Map<string, string>>()

function patternsOf(config: NamedConfig): Map<string, string> {
  let byName = patterns.get(config)
  if (!byName) {
    byName = new Map()
    for (const r of config.routes) if (r.name) byName.set(r.name, r.path)
    for (const r of config.redirects) if (r.name) byName.set(r.name, r.from)
    patterns.set(config, byName)
  }
  return byName
}

/**
 * The path of the route (or redirect) named `name`, its params filled and encoded; null when this
 * brand does not ship it.
 *
 * @example pathTo(config, 'stores-category', { category: 'food' }) // '/stores/food'
 */
export function pathTo(config: NamedConfig, name: string, params: RouteParams = {}): string | null {
  const pattern = patternsOf(config).get(name)
  if (pattern === undefined) return null
  const filled: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(params)) filled[k] = v === undefined ? undefined : String(v)
  return fillPattern(pattern, filled)
}

/**
 * The named route a path is, with its params, asked of the one resolver (case-insensitive, a trailing
 * slash allowed, as it is); undefined when the path is no route or its route has no name.
 *
 * @example routeAt(config, '/Stores/food') // { name: 'stores-category', params: { category: 'food' } }
 */
export function routeAt(
  config: TableConfig,
  pathname: string,
): { name: string; params: Record<string, string | undefined> } | undefined {
  const hit = routeTable(config).resolve(pathname)
  const name = hit?.entry.name
  return hit && name !== undefined ? { name, params: hit.params } : undefined
}

/**
 * Whether two paths are the same page, as the resolver sees them: the same route with the same params
 * (case aside, as it matches). A path that is no page is no page's same.
 *
 * @example samePage(config, '/Account/Rebates/', '/account/rebates') // true
 */
export function samePage(config: TableConfig, a: string, b: string): boolean {
  const table = routeTable(config)
  const x = table.resolve(a)
  const y = table.resolve(b)
  if (!x || !y || x.entry !== y.entry) return false
  return Object.keys(x.params).every(
    (n) => (x.params[n] ?? '').toLowerCase() === (y.params[n] ?? '').toLowerCase(),
  )
}

/** `pathTo` of this brand's config, in a component. */
export function usePath(name: string, params?: RouteParams): string | null {
  return pathTo(useServices().config, name, params)
}

export type RouteLinkProps = Omit<LinkProps, 'to'> & {
  /** The route's name in routes.json or redirects.json. */
  route: string
  params?: RouteParams
  /** Appended to the path: '?tab=2', '#faq'. */
  suffix?: string
  children?: ReactNode
}

/** A link to a route by its name; nothing when this brand does not ship the route. */
export function RouteLink({ route, params, suffix = '', ...rest }: RouteLinkProps) {
  const path = usePath(route, params)
  return path === null ? null : <Link to={`${path}${suffix}`} {...rest} />
}
