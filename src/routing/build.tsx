import type { i18n as I18n } from 'i18next'
import { type ComponentType, useEffect, useLayoutEffect } from 'react'
import {
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
  useLoaderData,
  useLocation,
} from 'react-router-dom'
import type { RuntimeConfig } from '../config/runtime-types'
import { revealApp } from '../first-paint/client'
import type { Registry } from '../plugin/registry'
import type { GuardResult, ScreenProps, Services } from '../plugin/types'
import type { RootStore } from '../state/root'
import { NotFound } from './NotFound'
import { askNavigationHooks, externalLoad, fullPageLoad, redirectTarget } from './navigation'
import { layoutOf, type Resolver, type RouteEntry, routeTable } from './resolve'

export type { ScreenProps }

interface LoadedScreen {
  Screen: ComponentType<ScreenProps>
  Overlay?: ComponentType<ScreenProps>
  props: Record<string, unknown>
  params: Record<string, string | undefined>
}

export interface BuildOptions {
  config: RuntimeConfig
  registry: Registry
  store: RootStore
  services: Services
  i18n: I18n
  layouts: { main: ComponentType; bare: ComponentType }
  /**
   * The hash of the location being navigated to (a loader's request has none); by default the
   * page's own, right for the first load. App.tsx asks the router for its pending navigation's.
   */
  pendingHash?: () => string
  /**
   * Awaited once, before the first load's work (the app's start passes `yieldToMain`): React Router's
   * set-up runs the first loader in its own task, and the two were one long task of 80 to 110 ms at
   * CPU x4 (issue 30).
   */
  beforeFirstLoad?: () => Promise<void>
}

/**
 * Builds react-router route objects from config and the plugin registry, all answered by the route
 * resolver (resolve.ts). The loader runs the entry's guard, then loads the screen and its texts, so
 * the screen renders at once (and a #hash target exists when scroll restoration looks for it).
 */
export function buildRoutes(o: BuildOptions): RouteObject[] {
  const table = routeTable(o.config)
  const screenCache = new Map<string, ComponentType<ScreenProps>>()

  async function loadScreen(id: string): Promise<ComponentType<ScreenProps>> {
    const hit = screenCache.get(id)
    if (hit) return hit
    const loader = o.registry.screens.get(id)
    if (!loader) throw new Error(`No enabled plugin gives the screen '${id}'.`)
    const [mod] = await Promise.all([loader(), o.i18n.loadNamespaces(o.registry.textsOf(id))])
    screenCache.set(id, mod.default)
    return mod.default
  }

  /** The texts of a side menu's labels ('coins-menu:history' needs 'coins-menu'), so it draws complete. */
  function loadMenuTexts(menu: string) {
    const namespaces = new Set((o.registry.menus.get(menu) ?? []).map((m) => m.label.split(':')[0]!))
    return namespaces.size ? o.i18n.loadNamespaces([...namespaces]) : undefined
  }

  async function runGuard(
    name: string | undefined,
    url: URL,
    params: Record<string, string | undefined>,
  ): Promise<GuardResult> {
    if (!name) return undefined
    const guard = o.registry.guards.get(name)
    if (!guard) throw new Error(`No enabled plugin gives the guard '${name}'.`)
    return guard({ url, params, store: o.store, services: o.services })
  }

  /** The plugins' navigation hooks (first answer wins): where to go instead of this navigation, if anywhere. */
  async function navigationHook(url: URL): Promise<void> {
    if (!o.registry.navigation.length) return
    const target = new URL(url.href)
    target.hash = (o.pendingHash ?? (() => globalThis.location?.hash ?? ''))()
    const answer = await askNavigationHooks(o.registry.navigation, {
      url: target,
      path: target.pathname,
      search: target.search,
      hash: target.hash,
      store: o.store,
      services: o.services,
    })
    // leaving: the loader waits while the browser leaves; a link that opened nothing shows the web page
    if (answer) await externalLoad(answer.external)
  }

  /**
   * The loader of every path: the plugins' navigation hooks first, then the resolver picks the entry;
   * its guard runs, then the screen loads.
   */
  let beforeFirst = o.beforeFirstLoad
  async function loader({ request }: LoaderFunctionArgs) {
    if (beforeFirst) {
      const wait = beforeFirst
      beforeFirst = undefined
      await wait()
    }
    const url = new URL(request.url)
    await navigationHook(url)
    const hit = table.resolve(url.pathname)
    if (!hit) return null // nothing matched: not found
    const { entry: e, params } = hit
    const verdict = await runGuard(e.guard, url, params)
    if (verdict && 'redirect' in verdict) throw redirect(verdict.redirect)
    if (verdict && 'document' in verdict) return fullPageLoad(verdict.document)
    if (e.kind === 'redirect') throw redirect(redirectTarget(e, params, url.search))
    if (e.kind === 'external') return fullPageLoad(e.external + (e.external.includes('?') ? '' : url.search))
    const [Screen, Overlay] = await Promise.all([
      loadScreen(e.screen),
      e.overlay ? loadScreen(e.overlay) : undefined,
      e.menu ? loadMenuTexts(e.menu) : undefined,
    ])
    return { Screen, Overlay, params, props: { ...e.props, routeName: e.name } } satisfies LoadedScreen
  }

  // One route object answers every path: the resolver is the one matcher (its entry, guard and screen
  // are the loader's), so React Router has nothing to rank or try. With a route object per pattern,
  // createBrowserRouter compiled and tried a regular expression for each of the table's ~150 patterns
  // before the first screen (40 to 80 ms of one task on a phone at CPU x4). A path the resolver does
  // not know loads null: the not-found page.
  const children: RouteObject[] = [{ path: '*', loader, Component: ScreenHost, HydrateFallback }]

  return [{ element: <RouteLayout table={table} layouts={o.layouts} />, children }]
}

/** The layout of the entry the resolver finds for the location: the screen's, else the main one. */
function RouteLayout({ table, layouts }: { table: Resolver<RouteEntry>; layouts: BuildOptions['layouts'] }) {
  const { pathname } = useLocation()
  const Layout = layoutOf(table.resolve(pathname)) === 'bare' ? layouts.bare : layouts.main
  return <Layout />
}

/**
 * Renders what the route's loader picked and loaded: the screen, and its overlay if any, or the
 * not-found page (which takes over from the server's drawing of it, a 404 it paints). On a first
 * load ScrollRestoration looks for the #hash target before the loader has finished; the screen is
 * rendered at once from the loaded module, so scroll to the target here (scroll-margin-top gives the
 * spec's offset).
 */
function ScreenHost() {
  const data = useLoaderData() as LoadedScreen | null
  const location = useLocation()
  // The screen is in the DOM: the page's static first paint (if any) gives way to it in this frame.
  useLayoutEffect(takeOver, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation, keyed by location.key
  useEffect(() => {
    if (!location.hash) return
    let id = location.hash.slice(1)
    try {
      id = decodeURIComponent(id)
    } catch {
      return
    }
    document.getElementById(id)?.scrollIntoView()
  }, [location.key])
  if (!data) return <NotFound />
  const { Screen, Overlay, params, props } = data
  return (
    <>
      <Screen params={params} {...props} />
      {Overlay ? <Overlay params={params} {...props} /> : null}
    </>
  )
}

/**
 * The first screen (or the not-found page) is in the DOM: the page's static first paint, if any, gives
 * way to it in this frame; 'boot:screen' marks the moment on the performance timeline (src/boot.ts).
 */
function takeOver() {
  revealApp()
  const perf = globalThis.performance
  if (perf?.mark && !perf.getEntriesByName('boot:screen').length) perf.mark('boot:screen')
}

function HydrateFallback() {
  return null
}
