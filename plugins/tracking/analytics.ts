import type { RuntimeConfig } from '@core'
import { reportOnce } from './dev-report'
import { afterLoadIdle } from './idle'

/** The analytics tag as the tracker sees it; a real provider drops in behind this interface. */
export interface AnalyticsTag {
  event(action: string, payload: Record<string, unknown>): void
  /** The tag's client id, once it knows one. */
  clientId(): Promise<string | undefined>
}

/**
 * The configured tag (config/brands/<brand>.json "analytics.gtagId"), or null: without an id no tag
 * code is downloaded at all. The adapter itself is a lazy chunk, and it (with the tag's own script)
 * loads only once the page has loaded and the browser is idle (`when`), not while the first screen
 * starts; events wait for it in a short queue.
 */
export function createAnalytics(
  config: RuntimeConfig,
  load = () => import('./gtag'),
  when: () => Promise<void> = afterLoadIdle,
): AnalyticsTag | null {
  const id = config.brand.analytics?.gtagId
  if (!id) return null
  const ready = when()
    .then(load)
    .then((m) => m.createGtag(id))
    .catch((e) => {
      reportOnce('analytics tag failed to load', e)
      return null
    })
  return {
    event(action, payload) {
      void ready.then((tag) => tag?.event(action, payload))
    },
    clientId: () => ready.then((tag) => tag?.clientId()),
  }
}
