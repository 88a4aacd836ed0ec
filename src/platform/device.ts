import { constants } from '../config/constants'
import type { Cookies } from './cookies'

export type MobileOs = 'ios' | 'android' | null

export function mobileOs(userAgent: string = globalThis.navigator?.userAgent ?? ''): MobileOs {
  if (/iPad|iPhone|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && /Mobile/.test(userAgent)))
    return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  return null
}

/** The mobile-app context: the app sets a cookie in its web view. */
export function inMobileApp(cookies: Cookies): boolean {
  return Boolean(cookies.get(constants.mobileAppCookieName))
}
