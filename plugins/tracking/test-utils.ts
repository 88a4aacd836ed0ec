import {
  createCookies,
  createEventBus,
  createLocalCache,
  type PluginContext,
  type RuntimeConfig,
  type Services,
  type SessionMember,
  signedOutSession,
} from '@core'
import { vi } from 'vitest'
import { TrackingStore } from './model'

const SIGNED_IN: SessionMember = {
  id: 1,
  email: '',
  name: '',
  emailVerified: true,
  plus: false,
  shipping: false,
  subscriber: false,
  coins: null,
  signedUpAt: null,
  partnerId: null,
  allowsPii: false,
}

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

/** A plugin context with recording fakes of the core's services; `member` signs the session in. */
export function fakeContext(
  opts: { member?: Partial<SessionMember> | null; token?: string; config?: RuntimeConfig } = {},
) {
  const beacons: { url: string; body: Record<string, unknown> }[] = []
  const config = opts.config ?? fakeConfig()
  const http = {
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
    session: opts.member
      ? {
          ...signedOutSession,
          authenticated: true,
          member: { ...SIGNED_IN, ...opts.member },
          token: opts.token ?? null,
        }
      : signedOutSession,
  }
  const tracking = TrackingStore.create({}, services)
  const ctx: PluginContext = { store: { tracking }, services }
  return { ctx, http, beacons, tracking, services }
}
