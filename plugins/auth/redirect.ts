import { constants, type PluginContext, pathTo, type RuntimeConfig, routeAt, storage } from '@core'
import type { AuthStoreInstance } from './model'
/**
 * A same-origin path to go to, or null. Only paths that start with a single '/' are accepted:
 * '//evil.example', '/\\evil.example', 'https://…', 'javascript:…' and anything that resolves to
 * another origin are ignored (SPEC 2.1 post-login redirect; issue: never follow an off-site redirect).
 */
export function safePath(
  value: unknown,
  origin = globalThis.location?.origin ?? 'http://localhost',
): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  // control characters and backslashes are how browsers get talked into another host
  for (const ch of value) {
    const c = ch.charCodeAt(0)
    if (c < 0x20 || c === 0x7f || ch === '\\') return null
  }
  let url: URL
  try {
    url = new URL(value, origin)
  } catch {
    return null
  }
  if (url.origin !== new URL(origin).origin) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** Keeps a post-login redirect (only a safe one). */
export function rememberRedirect(value: unknown): void {
  const p = safePath(value)
  if (p) storage.set(constants.storageKeys.loginRedirect, p)
}

/** Reads and forgets the stored post-login redirect; an unsafe value is dropped. */
export function takeStoredRedirect(): string | null {
  const raw = storage.get(constants.storageKeys.loginRedirect)
  if (raw === null) return null
  storage.remove(constants.storageKeys.loginRedirect)
  storage.remove(constants.storageKeys.redirectedFromIdentity)
  return safePath(raw)
}

type RouteConfig = Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers' | 'absent'>

/** The pages where a sign-in starts the coin onboarding's path straight away (no `?next=`), by route name. */
const ENTRY_PAGES = [{ route: 'home' }, { route: 'login' }, { route: 'register' }]

/** Pages after which a member who has not done the coin onboarding is sent there (SPEC 4), by route name. */
const ONBOARDING_PAGES = [
  ...ENTRY_PAGES,
  { route: 'stores' },
  { route: 'stores-category' },
  { route: 'offers' },
  { route: 'offers-type' },
  { route: 'offers-app' },
  { route: 'offers-game' },
  { route: 'coupons' },
  { route: 'coupons-category' },
  { route: 'surveys' },
  { route: 'merchant-coupons' },
]

/** Whether a path (query and hash aside) is one of `pages`, as the route resolver says. */
function isOneOf(config: RouteConfig, pages: readonly { route: string }[], path: string): boolean {
  const route = routeAt(config, path.split(/[?#]/)[0] ?? '')?.name
  return pages.some((p) => p.route === route)
}

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * SPEC 4 "After login": coin_onboarding 0, an account not created in the last day, the page in the
 * listed set and no redirect-to-app cookie send the member to /account/onboarding.
 */
export function needsOnboarding(o: {
  config: RouteConfig
  user: { coin_onboarding?: number; created_at?: string } | null | undefined
  page: string
  redirectToApp: boolean
  now?: number
}): boolean {
  const u = o.user
  if (u?.coin_onboarding !== 0 || o.redirectToApp) return false
  const created = Date.parse(u.created_at ?? '')
  if (Number.isNaN(created) || (o.now ?? Date.now()) - created < DAY_MS) return false
  return isOneOf(o.config, ONBOARDING_PAGES, o.page)
}

/**
 * Where to go after a successful sign-in: the stored post-login redirect, else the reply's redirect
 * (both same-origin only), else `fallback` (null: stay). The onboarding rule is applied to that page
 * when the brand ships the onboarding page (a brand without coins does not); the page the member was
 * going to travels as `?next=` so the onboarding's 'skip' goes there.
 */
export function pathAfterLogin(o: {
  config: RouteConfig
  stored: string | null
  replyRedirect: unknown
  fallback: string | null
  currentPath: string
  user: { coin_onboarding?: number; created_at?: string } | null | undefined
  redirectToApp: boolean
  now?: number
}): string | null {
  const target = o.stored ?? safePath(o.replyRedirect) ?? o.fallback
  const page = target ?? o.currentPath
  const onboarding = pathTo(o.config, 'account-onboarding')
  if (
    onboarding !== null &&
    needsOnboarding({ config: o.config, user: o.user, page, redirectToApp: o.redirectToApp, now: o.now })
  )
    return isOneOf(o.config, ENTRY_PAGES, page)
      ? onboarding
      : `${onboarding}?next=${encodeURIComponent(page)}`
  return target
}

/** Where a URL sign-in lands: stored redirect, reply redirect, the link's own, else home; onboarding rule. */
export function landing(
  auth: AuthStoreInstance,
  ctx: PluginContext,
  reply: unknown,
  fallback: string,
): string {
  return (
    pathAfterLogin({
      config: ctx.services.config,
      stored: takeStoredRedirect(),
      replyRedirect: (reply as { redirect?: unknown } | null)?.redirect,
      fallback,
      currentPath: fallback,
      user: auth.member,
      redirectToApp: Boolean(ctx.services.cookies.get(constants.redirectToAppCookieName)),
    }) ?? fallback
  )
}
