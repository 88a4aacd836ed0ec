import type { IAnyModelType } from 'mobx-state-tree'
import type { ComponentType } from 'react'
import type { RuntimeConfig } from '../config/runtime-types'
import type { FirstDataRequest } from '../first-paint/data'
import type { Session } from './session'

/** A lazily loaded React component module (a route screen or a slot filler). */
export type ComponentLoader<P = any> = () => Promise<{ default: ComponentType<P> }>

/** Props every screen receives: the route's params by their names in routes.json, and its props. */
export interface ScreenProps {
  params: Record<string, string | undefined>
  [prop: string]: unknown
}

/** What a first paint component gets (src/node/first-paint.tsx): the config, the route's props. */
export interface FirstPaintProps {
  config: RuntimeConfig
  language: string
  [prop: string]: unknown
}

/** What a server paint sees of the request: the route's params and props, the query, the language. */
export interface ServerPaintContext {
  params: Record<string, string | undefined>
  props: Record<string, unknown>
  search: URLSearchParams
  language: string
}

/** A locale file loader: returns the namespace's texts for one language. */
export type LocaleLoader = () => Promise<{ default: Record<string, unknown> }>

/** What a guard answers: nothing to let the navigation through, or where to go instead. */
export type GuardResult =
  | undefined
  | { redirect: string } // a client-side redirect
  | { document: string } // a full-page load

/** What a guard sees of the navigation and the app. */
export interface GuardContext {
  url: URL
  params: Record<string, string | undefined>
  store: RootLike
  services: Services
}

export type Guard = (ctx: GuardContext) => GuardResult | Promise<GuardResult>

/** The navigation a hook sees: the target (path, search, hash) and the services. */
export interface NavigationContext {
  /** The target as a URL of this site (pathname, search and hash). */
  url: URL
  path: string
  search: string
  hash: string
  store: RootLike
  services: Services
}

/** What a navigation hook answers: nothing to go on, or a full-page load of another address instead. */
export type NavigationResult = undefined | { external: string }

/**
 * Called before every in-app navigation (the first load, router navigations and links), in plugin
 * order; the first answer wins. `{ external }` sends the browser there (window.location.assign) and
 * the in-app navigation does not happen (the mobile plugin's deep links).
 */
export type NavigationHook = (ctx: NavigationContext) => NavigationResult | Promise<NavigationResult>

/**
 * One link of a side menu a route names in routes.json (`"menu": "account"`): the name of the route it
 * opens (routes.json `name`; config:check refuses a name no route has), its label as
 * '<namespace>:<key>' (loaded with the screen) and its place (lower first). An entry whose route the
 * brand does not ship is left out. The label's namespace is a small one of the plugin's `namespaces`,
 * '<plugin>-menu' (issue 30): every page under the menu loads it, and a plugin's whole texts there
 * would be loaded for one label.
 *
 * @example { route: 'account-coin-history', label: 'coins-menu:history', order: 60 }
 */
export interface MenuEntry {
  route: string
  label: string
  order: number
}

/** Places in the core layout that plugins may fill with components. */
export type SlotName = 'header.nav' | 'header.actions' | 'footer.links' | 'app.overlay'

/**
 * Whom a slot component is for. `'member'`: drawn only while a member is signed in (the session view),
 * so a visitor's page loads neither its code nor its texts; it appears, without a reload, once a
 * visitor signs in. The build gives such components a chunk of their own ('member') instead of the
 * start chunk (scripts/start-chunk-loader.cjs). Without it a component is for everyone.
 */
export type SlotAudience = 'member'

/**
 * A component for a slot: its loader, or its loader and the text namespaces it shows (and whom it is
 * for). Named texts are loaded with the component before the first render, so the layout does not
 * grow when they arrive.
 *
 * @example { load: () => import('./member/UnreadBadge'), texts: ['account-header'], audience: 'member' }
 */
export type SlotContribution =
  | ComponentLoader
  | { load: ComponentLoader; texts: readonly string[]; audience?: SlotAudience }

/**
 * Typed events between plugins. Plugins add their own by module augmentation of the public module:
 * `declare module '@core' { interface AppEvents { 'my-event': { id: number } } }`
 */
export interface AppEvents {
  /** The auth guard turned a visitor away (the tracking plugin records it). */
  'unauthenticated-attempt': { path: string }
  'logged-in': { userId: string | number }
  'logged-out': Record<string, never>
  'store-visit': { merchant: string; offerId?: string | number }
  /** A funnel or page event any plugin records through `services.track` (the tracking plugin sends it). */
  track: { action: string; data?: Record<string, unknown> }
  /** An offer was visited (the tracking plugin beacons /api/user/offer/visit/:id). */
  'offer-visit': { offerId: string | number; offer?: Record<string, unknown> }
  /** Ask whoever owns sign-in (the auth plugin) to open its modal. */
  'open-auth': { tab: 'login' | 'register'; registerLater?: boolean }
  /** The sign-in modal closed, signed in or not. */
  'auth-closed': { signedIn: boolean }
  /** An unverified member tried to earn: ask the owner of sign-in to offer resending the verification e-mail. */
  'verify-email-required': { reason?: string }
}

export interface EventBus {
  on<K extends keyof AppEvents>(name: K, fn: (payload: AppEvents[K]) => void): () => void
  emit<K extends keyof AppEvents>(name: K, payload: AppEvents[K]): void
}

/** Services every plugin gets through its context and every MST model through getEnv. */
export interface Services {
  http: import('../http/client').HttpClient
  events: EventBus
  cookies: import('../platform/cookies').Cookies
  cache: import('../platform/cache').LocalCache
  config: RuntimeConfig
  /** Records an event; the tracking plugin, when enabled, sends it (SPEC 7 /api/elk). */
  track(action: string, data?: Record<string, unknown>): void
  /** The signed-in member as plugins may read it; signed out when no plugin provides it. */
  session: Session
}

/** The root store as plugins see it: one optional slice per plugin id. */
export type RootLike = Record<string, unknown>

export interface PluginContext {
  store: RootLike
  services: Services
}

export interface PluginDefinition {
  /** The plugin id: its config prefix ('catalog/StoresPage'), its locale namespace and its store key. */
  name: string
  /** Ids of plugins that must be enabled with this one. */
  requires?: readonly string[]
  /** Route screens, lazily loaded, named in routes.json as 'name/Screen'. */
  screens?: Readonly<Record<string, ComponentLoader>>
  /** Guards by short name, used in routes.json and redirects.json. */
  guards?: Readonly<Record<string, Guard>>
  /**
   * Of the guards (by short name), those that let a navigation through exactly when a member is signed
   * in. The server draws a screen under one of them (its `serverPaint`) for a request that carries a
   * login, making the screen's calls with that login, and only then; a call answered 401 or 403 (no
   * valid session) means the page is not drawn, and the app's guard decides as on any other page.
   * Read by the Node painter alone (the browser build drops it, as it drops `serverPaint`).
   */
  memberGuards?: readonly string[]
  /** The plugin's MST model, mounted at root[name]. */
  model?: IAnyModelType
  /** Loaders of locales/<lng>/<name>.json. */
  locales?: Readonly<Record<string, LocaleLoader>>
  /**
   * Further, smaller namespaces named '<name>-<part>' (e.g. the footer's few links), so a component
   * shown on every page does not pull the plugin's whole text.
   */
  namespaces?: Readonly<Record<string, Readonly<Record<string, LocaleLoader>>>>
  /**
   * Namespaces a screen shows besides the plugin's own, by screen name as in `screens`: loaded with
   * the screen before its first render (in the browser and when the server draws it), so texts that
   * only a few screens show need not come with the namespace every page loads.
   * @example screenTexts: { AppPage: ['catalog-pages'] }
   */
  screenTexts?: Readonly<Record<string, readonly string[]>>
  /**
   * Static first paints of screens, by screen name as in `screens`: rendered to HTML at build time
   * for every path without parameters or guard that shows the screen in the bare layout, and sent in the page
   * until the app has started (src/first-paint). Text and layout only, no controls: the component must
   * draw exactly what the screen's own first render draws at the top, so nothing moves when it takes over.
   */
  firstPaint?: Readonly<Record<string, ComponentLoader<FirstPaintProps>>>
  /**
   * Screens the server draws at request time, in the main layout, before the app starts
   * (src/node/page-paint.tsx): by screen name, the GET calls whose replies the screen's first
   * render reads through `useFirstData`. The server makes them in-process (the API's own caches),
   * renders the screen itself to HTML and sends the replies in the page, where the HTTP client answers
   * the same calls from them once. A not-found state drawn (`useNotFoundStatus`) makes the page a 404.
   */
  serverPaint?: Readonly<Record<string, (ctx: ServerPaintContext) => readonly FirstDataRequest[]>>
  /**
   * Calls the plugin's start-up makes on every page that only read: a page the server draws carries
   * their replies too (made in-process with the page request's cookies and token), so the app does not
   * make them at start. A GET, or a POST without a body (`method: 'POST'`, key 'POST <path>').
   */
  startReads?: readonly FirstDataRequest[]
  /**
   * Entries of named side menus (e.g. 'account'). A route that names the menu shows the entries of
   * every enabled plugin, sorted by order, beside its screen; a disabled plugin's entries are absent.
   */
  menus?: Readonly<Record<string, readonly MenuEntry[]>>
  /** Components placed in the core layout. */
  slots?: Readonly<Partial<Record<SlotName, SlotContribution>>>
  /**
   * Named parts: components another plugin shows through the core's `<Part name="account.rebates" />`
   * without importing this plugin (lazily loaded with this plugin's texts). A name is given by at most
   * one enabled plugin; `<Part>` draws its fallback when none gives it.
   */
  parts?: Readonly<Record<string, ComponentLoader>>
  /**
   * Capabilities the core declares and this plugin provides to the others. `session`: the session
   * view (src/plugin/session.ts), made once after the root store exists; at most one plugin gives it.
   */
  provides?: { session?: (ctx: PluginContext) => Session }
  /** Runs before every in-app navigation and may send the browser elsewhere (see NavigationHook). */
  navigation?: NavigationHook
  /** Start-up work: session restore, attribution, … Runs once before the first render. */
  setup?: (ctx: PluginContext) => void | Promise<void>
}

export type Plugin = Readonly<PluginDefinition>
