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
  const services = baseServices(config, http, onEventError, opts.cookies)
  const store = createRootStore(plugins, services)
  services.session = provideSession(plugins, { store, services })
  return { services, store }
}

/**
 * composeApp in steps, for the browser's start (src/boot.ts): `pause` (a yield to the browser) comes
 * before the root store is made and before the session view is asked of its plugin, so neither joins
 * the task before it (issue 30: with i18next's set-up, one task of 100 to 200 ms at CPU x4). The result
 * is composeApp's.
 */
export async function composeAppInSteps(
  plugins: readonly Plugin[],
  config: RuntimeConfig,
  http: HttpClient,
  onEventError: (e: unknown) => void,
  pause: () => Promise<void>,
): Promise<{ services: Services; store: RootStore }> {
  await pause()
  const services = baseServices(config, http, onEventError)
  const store = createRootStore(plugins, services)
  await pause()
  services.session = provideSession(plugins, { store, services })
  return { services, store }
}

function baseServices(
  config: RuntimeConfig,
  http: HttpClient,
  onEventError: (e: unknown) => void,
  cookies?: Cookies,
): Services {
  const events = createEventBus(onEventError)
  return {
    http,
    events,
    cookies: cookies ?? createCookies(config.app.cookiePrefix),
    cache: createLocalCache(),
    config,
    track: (action, data) => events.emit('track', { action, data }),
    session: signedOutSession,
  }
}
