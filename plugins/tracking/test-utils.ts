import { vi } from 'vitest'
import {
  createCookies,
  createEventBus,
  createLocalCache,
  type PluginContext,
  type RuntimeConfig,
  type Services,
  signedOutSession,
} from '../../src/index'
import { TrackingStore } from './model'

export function fakeConfig(over: Partial<RuntimeConfig['brand']> = {}, prefix = ''): RuntimeConfig {
  return {
    brandId: 'default',
    environment: 'production',
    app: { apiBaseUrl: '', cookiePrefix: prefix, linkedAccountsBaseUrl: '', languages: ['en', 'es'] },
    brand: {
      id: 'default',
      name: 'Rewards',
      plugins: ['tracking'],
      partner: null,
      ...over,
    } as RuntimeConfig['brand'],
    partner: null,
    routes: [],
    redirects: [],
    landers: null,
    plugins: ['tracking'],
  }
}

/** A plugin context with recording fakes of the core's services. */
export function fakeContext(opts: { user?: Record<string, unknown> | null; config?: RuntimeConfig } = {}) {
  const beacons: { url: string; body: Record<string, unknown> }[] = []
  const config = opts.config ?? fakeConfig()
  const http = {
    axios: {} as never,
    get: vi.fn(async (_url: string, _c?: unknown): Promise<unknown> => ({})),
    post: vi.fn(
      async (_url: string, _b?: unknown, _c?: unknown): Promise<unknown> => ({
        success: true,
        data: { country_code: 'US' },
      }),
    ),
    setBearer: vi.fn(),
    clearBearer: vi.fn(),
    beacon: vi.fn((url: string, body: unknown) => {
      beacons.push({ url, body: body as Record<string, unknown> })
    }),
  }
  const events = createEventBus((e) => {
    throw e
  })
  const services: Services = {
    http: http as unknown as Services['http'],
    events,
    cookies: createCookies(config.app.cookiePrefix),
    cache: createLocalCache(),
    config,
    track: (action, data) => events.emit('track', { action, data }),
    session: signedOutSession,
  }
  const tracking = TrackingStore.create({}, services)
  const auth = { user: opts.user ?? null }
  const ctx: PluginContext = { store: { tracking, auth }, services }
  return { ctx, http, beacons, tracking, auth, services }
}
