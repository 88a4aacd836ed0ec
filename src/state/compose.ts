import type { RuntimeConfig } from '../config/runtime-types'
import type { HttpClient } from '../http/client'
import { createLocalCache } from '../platform/cache'
import { type Cookies, createCookies } from '../platform/cookies'
import { createEventBus } from '../plugin/events'
import { provideSession, signedOutSession } from '../plugin/session'
import type { Plugin, Services } from '../plugin/types'
import { createRootStore, type RootStore } from './root'

/**
 * The services every plugin gets and the root store built from the plugins' models, with the session
 * view of the plugin that provides it (signed out when none does). Used by boot and by the tests that
 * start plugins alone, so both wire the app the same way.
 */
export function composeApp(
  plugins: readonly Plugin[],
  config: RuntimeConfig,
  http: HttpClient,
  onEventError: (e: unknown) => void,
  /** The server's first paint has no document: it gives cookies of its own. */
  opts: { cookies?: Cookies } = {},
): { services: Services; store: RootStore } {
  const events = createEventBus(onEventError)
  const services: Services = {
    http,
    events,
    cookies: opts.cookies ?? createCookies(config.app.cookiePrefix),
    cache: createLocalCache(),
    config,
    track: (action, data) => events.emit('track', { action, data }),
    session: signedOutSession,
  }
  const store = createRootStore(plugins, services)
  services.session = provideSession(plugins, { store, services })
  return { services, store }
}
