import { constants, type MobileOs, type RuntimeConfig, samePage } from '@core'

/**
 * Deep links into the brand's app (SPEC 2.4). A link carries no secret: never the login token. Where
 * the app needs the session, it carries a one-time code (POST /api/mobile/code) that
 * /mobile/authorized exchanges once.
 *
 * iOS:     <scheme>://<Destination>?path=<path and query, encoded>[&code=<one-time code>]
 * Android: <scheme>://<androidTokenSegment>/<Destination>?path=…   (the segment is a fixed name, no token)
 */

export type AppConfig = NonNullable<RuntimeConfig['brand']['app']>
export type AppPage = AppConfig['pages'][number]

/** The routes a path is resolved against (the brand's route table). */
export type RouteTable = Pick<RuntimeConfig, 'routes' | 'redirects' | 'landers' | 'absent'>

/**
 * The page of the app that `path` is (the route resolver says whether it is one of the app's pages),
 * with the destination it opens; null when the app does not own it.
 */
export function appPage(
  config: RouteTable,
  app: AppConfig | undefined,
  path: string,
): { page: AppPage; destination: string } | null {
  if (!app) return null
  const page = app.pages.find((p) => samePage(config, p.path, path))
  if (!page) return null
  const destination = page.destination ?? constants.mobile.defaultDestination
  // a destination the app does not know: the web page instead
  if (!app.destinations.includes(destination)) return null
  return { page, destination }
}

export interface DeepLinkInput {
  config: RouteTable
  app: AppConfig | undefined
  os: MobileOs
  /** The target path (pathname) and its query ('' or '?a=1'). */
  path: string
  search?: string
  /** A one-time code, for a page whose app screen needs the session. */
  code?: string
}

/** The app link for a navigation, or null (no app, not a mobile OS, a page the app does not own). */
export function deepLink({ config, app, os, path, search = '', code }: DeepLinkInput): string | null {
  if (!app || !os) return null
  const hit = appPage(config, app, path)
  if (!hit) return null
  const query = new URLSearchParams({ path: path + search })
  if (code) query.set('code', code)
  const segment = os === 'android' ? `${constants.mobile.androidTokenSegment}/` : ''
  return `${app.scheme}://${segment}${encodeURIComponent(hit.destination)}?${query.toString()}`
}
