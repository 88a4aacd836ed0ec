import { definePlugin, yieldToMain } from '@core'
import './events'
import { TrackingStore } from './model'

/**
 * Attribution, events (services.track, unauthenticated attempts, offer visits), re-engagement,
 * sandboxed pixels and the analytics tag (SPEC 3, 4, 7). Other plugins use it only through the
 * context: `services.track(action, data)` and the events of ./events.ts.
 */
export default definePlugin({
  name: 'tracking',
  model: TrackingStore,
  locales: {
    en: () => import('../../locales/en/tracking.json'),
    es: () => import('../../locales/es/tracking.json'),
  },
  slots: { 'app.overlay': () => import('./components/CookieErrorDialog') },
  // the tracker's get-cookie (./tracker.ts) only reads: a page drawn on the server carries its reply
  startReads: [{ path: '/api/get-cookie', method: 'POST' }],
  // the tracker is its own chunk, loaded (and awaited) at start-up, so it is not in the entry
  setup: async (ctx) => {
    ;(await import('./tracker')).startTracking(ctx, { beforeFirstPageView: yieldToMain })
  },
})
