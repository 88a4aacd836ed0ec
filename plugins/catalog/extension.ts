import { type Cookies, constants } from '@core'
/** The attribute our browser extension sets on <html> when it is installed (its marker). */
export const EXTENSION_MARKER = 'data-rewards-extension'

export type SupportedBrowser = 'chrome' | 'firefox' | null

/**
 * Whether the brand has a browser extension at all: its partner's has_extension (config/partners.json,
 * SPEC 1); a brand without a partner is our own, which has one. No prompt, link or dialog about the
 * extension shows when it is false.
 */
export function brandHasExtension(config: { partner: { has_extension: boolean } | null }): boolean {
  return config.partner?.has_extension ?? true
}

/** The two desktop browsers the extension exists for (Chrome and Firefox); null elsewhere. */
export function supportedBrowser(ua: string): SupportedBrowser {
  if (/Mobi|Android|iPhone|iPad|iPod/i.test(ua)) return null
  if (/Firefox\//.test(ua)) return 'firefox'
  if (/(Chrome|Chromium)\//.test(ua) && !/Edg\/|OPR\/|SamsungBrowser/.test(ua)) return 'chrome'
  return null
}

export interface PromptContext {
  /** brandHasExtension(config) */
  brandHasExtension: boolean
  width: number
  userAgent: string
  markerPresent: boolean
  /** The dismissal cookie's value ('1' after the first prompt, '2' after the second). */
  cookie: string | undefined
  /** The first prompt was closed during this page's life (the second waits for a later visit). */
  dismissedNow: boolean
}

/**
 * SPEC 4: which install prompt to show, if any. Only for a brand with an extension, only wider
 * than 1000 px, on a supported desktop browser, without the extension marker. No cookie: the first
 * prompt; cookie 1 (on a later visit): the second; cookie 2: none.
 */
export function promptToShow(c: PromptContext): 'first' | 'second' | null {
  const p = constants.extensionPrompt
  if (!c.brandHasExtension) return null
  if (c.width <= p.minWindowWidthPx) return null
  if (!supportedBrowser(c.userAgent) || c.markerPresent) return null
  if (c.cookie === undefined || c.cookie === '') return 'first'
  if (c.cookie === String(p.firstValue) && !c.dismissedNow) return 'second'
  return null
}

/** Remembers a closed prompt for extensionPrompt.lifeDays (value 1, or 2 for the second). */
export function dismissPrompt(cookies: Cookies, which: 'first' | 'second') {
  const p = constants.extensionPrompt
  cookies.set(p.cookieName, String(which === 'first' ? p.firstValue : p.secondValue), { days: p.lifeDays })
}

export const extensionInstalled = () =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute(EXTENSION_MARKER)
