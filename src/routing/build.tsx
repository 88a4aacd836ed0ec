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
import type { ScreenRoute } from '../config/schemas/routes'
import { revealApp } from '../first-paint/client'
import type { Registry } from '../plugin/registry'
import type { GuardResult, ScreenProps, Services } from '../plugin/types'
import type { RootStore } from '../state/root'
import { NotFound } from '../ui/NotFound'
import { fullPageLoad } from './navigation'
import {
  type CompiledPattern,
  compilePattern,
  fillPattern,
  matchPattern,
  specificity,
  toRouterPath,
} from './pattern'

export type { ScreenProps }

type Entry =
  | {
      kind: 'screen'
      path: string
      guard?: string
      screen: string
      overlay?: string
      props: ScreenRoute['props']
      layout: 'main' | 'bare'
      name?: string
    }
  | { kind: 'redirect'; path: string; guard?: string; to: string; keepQuery: boolean }
  | { kind: 'external'; path: string; guard?: string; external: string }

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
}

/** Flattens routes.json, landers.json and redirects.json into one ordered list of entries. */
export function collectEntries(config: RuntimeConfig): Entry[] {
  const out: Entry[] = []
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
      })
    } else out.push({ kind: 'external', path: r.path, guard: r.guard, external: r.external })
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
    out.push({ kind: 'redirect', path: r.from, guard: r.guard, to: r.to, keepQuery: r.keepQuery })
  return out
}

/**
 * The screens the page at `pathname` will show (screen and overlay) and its layout (the main one when
 * it is not a screen), found the way the router will: the most specific pattern wins. Used at
 * start-up to fetch them, and the layout's slots, while the plugins start.
 */
export function firstPage(
  config: RuntimeConfig,
  pathname: string,
): { screens: string[]; layout: 'main' | 'bare' } {
  const hit = collectEntries(config)
    .map((e) => ({ e, p: compilePattern(e.path) }))
    .filter(({ p }) => matchPattern(p, pathname))
    .sort((a, b) => specificity(b.p.source) - specificity(a.p.source))[0]
  if (!hit || hit.e.kind !== 'screen') return { screens: [], layout: 'main' }
  return {
    screens: hit.e.overlay ? [hit.e.screen, hit.e.overlay] : [hit.e.screen],
    layout: hit.e.layout,
  }
}

/**
 * Builds react-router route objects from config and the plugin registry. Routes that react-router
 * cannot tell apart ('/:merchant' and '/:merchant-coupons') share one route object whose loader picks
 * the entry that matches. Each loader runs the entry's guard, then loads the screen and its texts, so
 * the screen renders at once (and a #hash target exists when scroll restoration looks for it).
 */
export function buildRoutes(o: BuildOptions): RouteObject[] {
  const screenCache = new Map<string, ComponentType<ScreenProps>>()

  async function loadScreen(id: string): Promise<ComponentType<ScreenProps>> {
    const hit = screenCache.get(id)
    if (hit) return hit
    const loader = o.registry.screens.get(id)
    if (!loader) throw new Error(`No enabled plugin gives the screen '${id}'.`)
    const [mod] = await Promise.all([loader(), o.i18n.loadNamespaces(id.split('/')[0]!)])
    screenCache.set(id, mod.default)
    return mod.default
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

  const groups = new Map<
    string,
    { routerPath: string; layout: 'main' | 'bare'; entries: { e: Entry; p: CompiledPattern }[] }
  >()
  for (const e of collectEntries(o.config)) {
    const { shape } = toRouterPath(e.path)
    let routerPath = shape
      .split('/')
      .map((s, i) => (s === ':' ? `:__s${i}` : s === ':?' ? `:__s${i}?` : s))
      .join('/')
    if (routerPath === '') routerPath = '/'
    const g = groups.get(shape) ?? {
      routerPath,
      layout: e.kind === 'screen' ? e.layout : 'main',
      entries: [],
    }
    g.entries.push({ e, p: compilePattern(e.path) })
    groups.set(shape, g)
  }

  function routeFor(g: { routerPath: string; entries: { e: Entry; p: CompiledPattern }[] }): RouteObject {
    return {
      path: g.routerPath,
      loader: async ({ request }: LoaderFunctionArgs) => {
        const url = new URL(request.url)
        for (const { e, p } of g.entries) {
          const params = matchPattern(p, url.pathname)
          if (!params) continue
          const verdict = await runGuard(e.guard, url, params)
          if (verdict && 'redirect' in verdict) throw redirect(verdict.redirect)
          if (verdict && 'document' in verdict) return fullPageLoad(verdict.document)
          if (e.kind === 'redirect') {
            throw redirect(fillPattern(e.to, params) + (e.keepQuery ? url.search : ''))
          }
          if (e.kind === 'external')
            return fullPageLoad(e.external + (e.external.includes('?') ? '' : url.search))
          const [Screen, Overlay] = await Promise.all([
            loadScreen(e.screen),
            e.overlay ? loadScreen(e.overlay) : undefined,
          ])
          return { Screen, Overlay, params, props: { ...e.props, routeName: e.name } } satisfies LoadedScreen
        }
        return null // nothing matched: not found
      },
      Component: ScreenHost,
      HydrateFallback,
    }
  }

  const main: RouteObject[] = []
  const bare: RouteObject[] = []
  for (const g of groups.values()) (g.layout === 'bare' ? bare : main).push(routeFor(g))
  main.push({ path: '*', Component: NotFound })
  return [
    { Component: o.layouts.main, children: main },
    { Component: o.layouts.bare, children: bare },
  ]
}

/**
 * Renders what the route's loader picked and loaded: the screen, and its overlay if any. On a first
 * load ScrollRestoration looks for the #hash target before the loader has finished; the screen is
 * rendered at once from the loaded module, so scroll to the target here (scroll-margin-top gives the
 * spec's offset).
 */
function ScreenHost() {
  const data = useLoaderData() as LoadedScreen | null
  const location = useLocation()
  // The screen is in the DOM: the page's static first paint (if any) gives way to it in this frame.
  useLayoutEffect(() => revealApp(), [])
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

function HydrateFallback() {
  return null
}
