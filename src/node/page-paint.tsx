/**
 * Request-time first paints (built for Node beside first-paint.tsx, entry 'page-paint'; loaded by the API
 * server, server/static.ts). For a path whose screen is in the main layout, without overlay, and whose
 * plugin lists it in `serverPaint` (without guard, or for a request with a login under a guard a plugin
 * lists in `memberGuards`: a member's own page, drawn with their calls), the server makes the screen's GET calls in-process (the
 * API's own caches answer them), renders the layout's frame (header, footer) and the screen itself to
 * HTML with those replies, and sends both: the HTML in the page until the app has drawn the same
 * thing (src/first-paint/client.ts), the replies as the page's first data (src/first-paint/data.ts),
 * which the screen's first render and the HTTP client read, so the app neither fetches them again nor
 * draws anything different.
 *
 * One visitor store and one i18next instance per language are made at start-up and only read while
 * rendering (React renders to a string synchronously, MobX in static mode): requests share them.
 */
import { config, plugins } from '@brand'
import { enableStaticRendering } from 'mobx-react-lite'
import type { ComponentType, ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { StaticRouter } from 'react-router-dom'
import type { RuntimeConfig } from '../config/runtime-types'
import {
  type FirstDataMap,
  FirstDataProvider,
  type FirstDataRequest,
  type FirstReply,
  type PaintStatus,
  PaintStatusProvider,
  requestKey,
} from '../first-paint/data'
import { createHttpClient } from '../http/client'
import { createI18n, type Language } from '../i18n'
import type { Cookies } from '../platform/cookies'
import { createRegistry } from '../plugin/registry'
import type { Plugin, ScreenProps, ServerPaintContext } from '../plugin/types'
import { NotFound } from '../routing/NotFound'
import { serverRedirect } from '../routing/navigation'
import { menuOf, routeTable } from '../routing/resolve'
import { composeApp } from '../state/compose'
import { AppProvider } from '../state/context'
import { Footer, LAYOUT_SLOTS, MainShell, WithMenu } from '../ui/Layout'
import s from '../ui/layout.module.css'
import { preloadSlots } from '../ui/Slot'
import { themeCss } from '../ui/theme'
import { styleAttributesToRules } from './paint-styles'

/**
 * The server picks a paint's stylesheets with these (./paint-css.ts). It gets them from this built
 * bundle, as it gets the painter: server/ imports no module of src/node (see the layering table in
 * scripts/check-layers.ts).
 */
export { type SheetIndex, sheetIndex, sheetsFor } from './paint-css'

export interface PageRequest {
  /** Path and query, as requested. */
  url: string
  language: string
  /** The request carries a login cookie: the header's actions stay neutral. */
  member: boolean
  userAgent: string
  /** The request's cookies by their full names (the services' cookies read them while it renders). */
  cookies: Readonly<Record<string, string>>
  /** Makes one of the page's calls (the server answers it in-process, with the request's cookies). */
  get: (request: FirstDataRequest) => Promise<FirstReply>
}

export interface PagePaint {
  status: 200 | 404
  language: string
  /** The style element of the theme and the markup of the frame with the screen. */
  html: string
  /** The class names the markup uses (the server links the stylesheets that define them). */
  classes: string[]
  data: FirstDataMap
  /**
   * The cookies (full names) the drawing read: the server keeps a visitor's page for the next visitor
   * whose values of these are the same (issue 29, server/lib/page-cache.ts).
   */
  cookiesRead: string[]
}

export interface PagePainter {
  /** The page's first paint, or null when this path is not drawn on the server. */
  paint(request: PageRequest): Promise<PagePaint | null>
  /** Whether `path` is drawn on the server for a visitor (without drawing it). */
  paints(path: string): boolean
  /**
   * Where an unguarded redirect of the route table sends `url` (path and query), for the server to
   * answer with an HTTP redirect; null otherwise (routing/navigation.ts serverRedirect).
   */
  redirect(url: string): string | null
  /**
   * The plugins' start-up reads (`startReads`): a drawn page carries their replies; the server adds
   * them to every other page it sends too, so no page's start waits for them.
   */
  startReads: readonly FirstDataRequest[]
}

/**
 * The main layout's frame (src/ui/Layout.tsx MainLayout) around the screen, with the route's side menu,
 * without the overlays.
 */
function Frame({ menu, children }: { menu?: string; children: ReactNode }) {
  return (
    <MainShell>
      <main id="main" className={s.main} tabIndex={-1}>
        <WithMenu menu={menu}>{children}</WithMenu>
      </main>
      <Footer />
    </MainShell>
  )
}

/** The cookies of the request being rendered (a render is synchronous: one request at a time). */
let rendering: Readonly<Record<string, string>> = {}
/** The names the render read: what the page depends on, besides its path, language and data. */
let read = new Set<string>()
const requestCookies = (prefix: string): Cookies => ({
  get: (n) => {
    read.add(`${prefix}${n}`)
    return rendering[`${prefix}${n}`]
  },
  set() {},
  remove() {},
  name: (n) => `${prefix}${n}`,
})

type Paint = (ctx: ServerPaintContext) => readonly FirstDataRequest[]

export async function createPagePainter(
  cfg: RuntimeConfig = config,
  list: readonly Plugin[] = plugins,
): Promise<PagePainter> {
  enableStaticRendering(true)
  const registry = createRegistry(list)
  const table = routeTable(cfg)
  const paints = new Map<string, Paint>()
  for (const p of list)
    for (const [id, f] of Object.entries(p.serverPaint ?? {})) paints.set(`${p.name}/${id}`, f)
  // the plugins' start-up reads: every drawn page carries them, so the app starts without them
  const startReads = list.flatMap((p) => p.startReads ?? [])
  // the guards that pass exactly when a member is signed in: their screens are drawn for a login only
  const memberGuards = new Set(list.flatMap((p) => p.memberGuards ?? []))
  // never called while rendering (effects do not run on the server); a call would fail, not hang
  const http = createHttpClient('http://127.0.0.1:9')
  const { services, store } = composeApp(list, cfg, http, () => {}, {
    cookies: requestCookies(cfg.app.cookiePrefix),
  })
  const slots = LAYOUT_SLOTS.main
    .filter((n) => n.startsWith('header.') || n.startsWith('footer.'))
    .flatMap((n) => registry.slots.get(n) ?? [])
  await preloadSlots(slots)
  const screens = new Map<string, ComponentType<ScreenProps>>()
  for (const id of paints.keys()) {
    const load = registry.screens.get(id)
    if (load) screens.set(id, (await load()).default)
  }
  const namespaces = [
    ...new Set([
      'core',
      ...[...screens.keys()].flatMap((id) => registry.textsOf(id)),
      ...slots.flatMap((e) => e.texts),
      // the side menus' labels ('account-menu:history')
      ...[...registry.menus.values()].flat().map((e) => e.label.split(':')[0]!),
    ]),
  ]
  const i18ns = new Map<string, Awaited<ReturnType<typeof createI18n>>['i18n']>()
  for (const language of cfg.app.languages) {
    const { i18n } = await createI18n({
      locales: registry.locales,
      language,
      languages: cfg.app.languages,
      namespaces,
      report: () => {},
    })
    i18ns.set(language, i18n)
  }
  const theme = themeCss(cfg)
  const render = (node: ReactNode) => {
    try {
      return renderToString(node)
    } finally {
      rendering = {}
    }
  }

  /** A path no route has: the core's not-found page in the main layout (as the app draws it), a 404. */
  const notFound = {
    hit: { params: {} as Record<string, string | undefined> },
    entry: { props: {} },
    paint: () => [],
    Screen: NotFound as ComponentType<ScreenProps>,
    guarded: false,
    menu: undefined as string | undefined,
  }
  /** What `path` draws for a visitor, or for a request with a login (`member`); null: not drawn. */
  const target = (path: string, member: boolean) => {
    const hit = table.resolve(path)
    if (!hit) return notFound
    const e = hit.entry
    if (e.kind !== 'screen' || e.layout !== 'main' || e.overlay) return null
    if (e.guard && !(member && memberGuards.has(e.guard))) return null
    const paint = paints.get(e.screen)
    const Screen = screens.get(e.screen)
    return paint && Screen
      ? { hit, entry: e, paint, Screen, guarded: Boolean(e.guard), menu: menuOf(hit) }
      : null
  }

  return {
    startReads,
    paints: (path) => target(path, false) !== null,
    redirect: (url) => serverRedirect(table, url),
    async paint(req) {
      const [path = '/', query = ''] = req.url.split('?')
      const t = target(path, req.member)
      if (!t) return null
      const language = (
        cfg.app.languages.includes(req.language as Language) ? req.language : 'en'
      ) as Language
      const i18n = i18ns.get(language)!
      const props = (t.entry.props ?? {}) as Record<string, unknown>
      const params = t.hit.params
      const own = t.paint({ params, props, search: new URLSearchParams(query), language })
      const data: FirstDataMap = {}
      await Promise.all(
        [...own, ...startReads].map(async (r) => {
          data[requestKey(r)] = await req.get(r)
        }),
      )
      // a member's page whose login is not (or no longer) valid: the app's guard sends them to sign in
      if (t.guarded && own.some((r) => [401, 403].includes(data[requestKey(r)]!.status))) return null
      const status: PaintStatus = { notFound: false, member: req.member, userAgent: req.userAgent }
      const { Screen } = t
      rendering = req.cookies
      read = new Set()
      const body = render(
        <StaticRouter location={req.url}>
          <I18nextProvider i18n={i18n}>
            <AppProvider value={{ store, services, registry }}>
              <FirstDataProvider value={data}>
                <PaintStatusProvider value={status}>
                  <Frame menu={t.menu}>
                    <Screen params={params} {...props} />
                  </Frame>
                </PaintStatusProvider>
              </FirstDataProvider>
            </AppProvider>
          </I18nextProvider>
        </StaticRouter>,
      )
      const { html: markup, css } = styleAttributesToRules(body)
      const classes = [
        ...new Set([...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/))),
      ]
      return {
        status: status.notFound ? 404 : 200,
        language,
        html: `<style nonce="CSP_NONCE_PLACEHOLDER">${theme}${css}</style>${markup}`,
        classes,
        data,
        cookiesRead: [...read].sort(),
      }
    },
  }
}
