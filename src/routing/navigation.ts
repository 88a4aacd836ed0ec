import { redirectDocument } from 'react-router-dom'
import type { NavigationContext, NavigationHook } from '../plugin/types'
import { fillPattern } from './pattern'
import type { Resolved, Resolver, RouteEntry } from './resolve'

let firstNavigationDone = false

/** Called once the first page has rendered: later guard redirects are in-app navigations. */
export function markBooted(): void {
  firstNavigationDone = true
}

export function isFirstLoad(): boolean {
  return !firstNavigationDone
}

/**
 * A full-page load of `url`. On the first load the current history entry is replaced, so the Back
 * button does not land on the guarded URL again and loop; later it is a normal document redirect.
 */
export function fullPageLoad(url: string): Promise<never> {
  if (isFirstLoad()) {
    window.location.replace(url)
    // the page is going away: keep the router waiting instead of rendering anything
    return new Promise<never>(() => {})
  }
  throw redirectDocument(url)
}

/**
 * Asks the enabled plugins' navigation hooks, in plugin order, about a navigation: the first answer
 * wins. A hook that throws is skipped (one plugin must not block navigation).
 */
export async function askNavigationHooks(
  hooks: readonly NavigationHook[],
  ctx: NavigationContext,
): Promise<{ external: string } | undefined> {
  for (const hook of hooks) {
    try {
      const answer = await hook(ctx)
      if (answer?.external) return answer
    } catch (e) {
      if (import.meta.env?.DEV) console.error('navigation hook failed', e)
    }
  }
  return undefined
}

/**
 * Leaves the app for `url` (a navigation hook's answer, e.g. an app's deep link): a full-page load by
 * window.location.assign; the address is also written to `<html data-external-navigation>` (a custom
 * scheme leaves no request a test could see). The router is kept waiting, so the in-app navigation
 * does not happen while the browser leaves. A web address unloads the page. A custom scheme may open
 * nothing (the app is not installed): if the page is still in front after `fallbackMs`, or when the
 * member comes back from the app, the promise resolves and the web page is shown after all.
 */
export function externalLoad(url: string, fallbackMs = 2500): Promise<void> {
  document.documentElement.dataset.externalNavigation = url
  window.location.assign(url)
  if (/^https?:/i.test(url)) return new Promise<void>(() => {})
  return new Promise<void>((resolve) => {
    const settle = () => {
      if (document.visibilityState === 'hidden') return // in the app now: wait until the member is back
      document.removeEventListener('visibilitychange', settle)
      resolve()
    }
    setTimeout(() => {
      settle()
      document.addEventListener('visibilitychange', settle)
    }, fallbackMs)
  })
}

/** Where a redirect entry sends a path it matched: its target with the params, and the query unless keepQuery is false. */
export function redirectTarget(
  entry: { to: string; keepQuery: boolean },
  params: Record<string, string | undefined>,
  search = '',
): string {
  return fillPattern(entry.to, params) + (entry.keepQuery ? search : '')
}

/**
 * Where the server may send a page request at once, as an HTTP redirect: a redirect entry without a
 * guard (a guard needs the app's session), with the request's query unless keepQuery is false. The
 * same target the app's loader would go to, one round trip and one app start earlier, so a page the
 * server draws (a store page for `/deliveroo`) arrives drawn. Only a path on this site: a target that
 * a browser could read as another host (`//…`, `/\\…`) is refused. Null: not such a redirect.
 *
 * @example serverRedirect(table, '/category?sid=x') // '/stores?sid=x'
 */
export function serverRedirect<E extends RouteEntry>(table: Resolver<E>, url: string): string | null {
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  const hit = table.resolve(path)
  const e = hit?.entry
  if (!hit || !e || e.kind !== 'redirect' || e.guard) return null
  const to = redirectTarget(e, hit.params, q < 0 ? '' : url.slice(q))
  return to.startsWith('/') && !/^\/[/\\]/.test(to) ? to : null
}

export type Landing<E> =
  | { end: 'page'; path: string; hit: Resolved<E>; hops: number }
  | { end: 'nowhere'; path: string }
  | { end: 'loop'; path: string }

/**
 * Where a navigation to `path` ends once the redirects on its way are followed (guards aside), as
 * the route loader follows them: a page, nowhere (not found), or a loop.
 */
export function landing<E extends RouteEntry>(table: Resolver<E>, path: string, maxHops = 10): Landing<E> {
  const seen = new Set<string>()
  let at = path
  for (let hops = 0; hops <= maxHops; hops++) {
    if (seen.has(at.toLowerCase())) return { end: 'loop', path: at }
    seen.add(at.toLowerCase())
    const hit = table.resolve(at)
    if (!hit) return { end: 'nowhere', path: at }
    if (hit.entry.kind !== 'redirect') return { end: 'page', path: at, hit, hops }
    at = redirectTarget(hit.entry, hit.params)
  }
  return { end: 'loop', path: at }
}
