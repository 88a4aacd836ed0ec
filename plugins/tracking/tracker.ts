import { constants, type PluginContext, storage } from '@core'
import { type AnalyticsTag, createAnalytics } from './analytics'
import { trackingApi } from './api'
import { type Attribution, fromQuery, land, parseStored } from './attribution'
import { reportOnce } from './dev-report'
import type { PixelRequest } from './events'
import type { TrackingStoreInstance } from './model'
import { actionPattern, buildEvent } from './payload'

/** Local-storage key of the first time this browser ran the app (install_time). */
export const installTimeKey = 'sm_install_time'

export interface TrackerOptions {
  now?: () => Date
  location?: Pick<Location, 'href' | 'search' | 'pathname'>
  analytics?: AnalyticsTag | null
  loadPixels?: () => Promise<typeof import('./pixels')>
  fetch?: typeof fetch
  /**
   * Awaited before the landing's page view is sent (the plugin's setup passes `yieldToMain`): its
   * event, the app's first beacon, is 30 ms at CPU x4, and with the rest of the start-up here it made
   * one long task of 70 to 90 ms before the first screen (issue 30). Without it, it is sent at once.
   */
  beforeFirstPageView?: () => Promise<void>
}

function installTime(now: Date): number {
  const v = Number(storage.get(installTimeKey))
  if (Number.isFinite(v) && v > 0) return v
  storage.set(installTimeKey, String(now.getTime()))
  return now.getTime()
}

/**
 * The tracking plugin's start-up: the landing's attribution, /api/get-cookie and /api/check-set-cookie,
 * then every event of the app (services.track, unauthenticated attempts, offer visits, pixels) sent by
 * beacon. Nothing here may throw into the page: bad input is dropped and reported once in development.
 */
export function startTracking(ctx: PluginContext, opts: TrackerOptions = {}) {
  const { services, store } = ctx
  const { events, cookies, http, config } = services
  const now = opts.now ?? (() => new Date())
  const loc = opts.location ?? window.location
  const slice = store.tracking as TrackingStoreInstance | undefined
  const tag = opts.analytics !== undefined ? opts.analytics : createAnalytics(config)
  const loadPixels = opts.loadPixels ?? (() => import('./pixels'))
  const doFetch = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  const base = config.app.apiBaseUrl.replace(/\/$/, '')

  // 1. Attribution of this landing (SPEC 3, 9): the sm_landers cookie, 25 days, environment prefix.
  const cookieName = constants.attributionCookie.name
  const stored = parseStored(cookies.get(cookieName))
  if (cookies.get(cookieName) && !stored) reportOnce('malformed attribution cookie dropped')
  const { record, changed } = land(stored, fromQuery(loc.search), now(), constants.attributionDefaults)
  const attribution: Attribution = record
  if (changed || !stored)
    cookies.set(cookieName, JSON.stringify(record), { days: constants.attributionCookie.lifeDays })
  slice?.setAttribution(record)
  const installedAt = installTime(now())

  // get-cookie: its error shows an error dialog with the error text (SPEC 7, 8).
  trackingApi(http)
    .getCookie()
    .then(
      (r) => {
        if (typeof r?.data?.country_code === 'string') slice?.setCountry(r.data.country_code)
      },
      (e: unknown) => slice?.setCookieError(e),
    )
  // check-set-cookie: the landing visit, with credentials and keepalive (SPEC 7).
  const { origin: _origin, ...visit } = record
  try {
    void doFetch(`${base}/api/check-set-cookie`, {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(visit),
    }).catch((e) => reportOnce('check-set-cookie failed', e))
  } catch (e) {
    reportOnce('check-set-cookie failed', e)
  }

  // 2. Events.
  const send = (action: string, data?: Record<string, unknown>) => {
    try {
      if (!actionPattern.test(action))
        return reportOnce(`tracking action dropped: ${String(action).slice(0, 40)}`)
      const body = buildEvent({
        action,
        attribution,
        member: services.session.member,
        token: services.session.token,
        partnerName: config.partner?.partner_name ?? null,
        currentUrl: loc.href,
        installTime: installedAt,
        now: now(),
        data,
      })
      http.beacon(`/api/elk?action=${encodeURIComponent(action)}`, body)
      tag?.event(action, body)
    } catch (e) {
      reportOnce('tracking event dropped', e)
    }
  }
  const offs = [
    events.on('track', ({ action, data }) => send(action, data)),
    events.on('unauthenticated-attempt', ({ path }) => send('unauthenticated_attempt', { path })),
    // 6. Offer visits (the catalog and coins plugins emit 'offer-visit').
    events.on('offer-visit', ({ offerId, offer }) => {
      const id = Number(offerId)
      if (!Number.isInteger(id) || id < 1) return reportOnce('offer visit without a valid id')
      http.beacon(`/api/user/offer/visit/${id}`, { ...offer, offer_id: id })
    }),
    // 5. The analytics tag's client id, linked to the member (saveGtagClientId by beacon).
    events.on('logged-in', ({ userId }) => linkClient(userId)),
    // 4. Pixels, in a lazy chunk.
    events.on('load-pixel', (req: PixelRequest) => {
      loadPixels()
        .then((m) => m.loadPixel(ctx, req))
        .catch((e) => reportOnce('pixel dropped', e))
    }),
    events.on('load-pixels', (req) => {
      loadPixels()
        .then((m) => m.loadPixels(ctx, req))
        .catch((e) => reportOnce('pixels dropped', e))
    }),
  ]

  function linkClient(userId: string | number | undefined) {
    if (!tag || userId === undefined || userId === null) return
    tag
      .clientId()
      .then((client_id) => {
        if (client_id) http.beacon('/api/saveGtagClientId', { user_id: userId, client_id })
      })
      .catch((e) => reportOnce('analytics client id failed', e))
  }
  const signedIn = services.session.member
  if (signedIn) linkClient(signedIn.id)

  // Page views: the landing, then each in-app navigation (Navigation API where the browser has it).
  let lastPath = ''
  const pageView = () => {
    const path = loc.pathname
    if (path === lastPath) return
    lastPath = path
    send('page_view', { path })
  }
  if (opts.beforeFirstPageView) void opts.beforeFirstPageView().then(pageView)
  else pageView()
  const nav = (globalThis as { navigation?: EventTarget }).navigation
  const onNav = () => queueMicrotask(pageView)
  nav?.addEventListener?.('currententrychange', onNav)

  return {
    send,
    attribution,
    /** Stops listening (tests, hot reload). */
    stop() {
      for (const off of offs) off()
      nav?.removeEventListener?.('currententrychange', onNav)
    },
  }
}
