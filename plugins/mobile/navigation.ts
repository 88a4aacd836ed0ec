import { inMobileApp, mobileOs, type NavigationHook } from '@core'
import { mobileApi } from './api'

/**
 * The mobile plugin's navigation hook: with the mobile-app cookie on iOS or Android, a navigation to
 * a page the brand's app owns goes to the app's deep link instead. A page whose app screen needs the
 * session gets a one-time code when the member is signed in (never the login token). Elsewhere (a
 * desktop browser with the cookie, no cookie, a brand without an app): nothing.
 */
export function mobileNavigation(
  userAgent: () => string = () => globalThis.navigator?.userAgent ?? '',
): NavigationHook {
  return async ({ path, search, services }) => {
    const app = services.config.brand.app
    if (!app || !inMobileApp(services.cookies)) return undefined
    const os = mobileOs(userAgent())
    if (!os) return undefined
    // the link building loads only in the app's web view: everywhere else this hook costs a cookie read
    const { appPage, deepLink } = await import('./deep-link')
    const hit = appPage(services.config, app, path)
    if (!hit) return undefined
    let code: string | undefined
    if (hit.page.session && services.session.authenticated) {
      try {
        // the contract (zod/mini) loads only here, in the app's web view: it stays out of the entry bundle
        const [reply, { MobileCodeReply }] = await Promise.all([
          mobileApi(services.http).code(),
          import('./contract'),
        ])
        const parsed = MobileCodeReply.safeParse(reply)
        if (parsed.success) code = parsed.data.code
      } catch {
        // no code: the app asks the member to sign in
      }
    }
    const link = deepLink({ config: services.config, app, os, path, search, code })
    return link ? { external: link } : undefined
  }
}
