import { constants, createCookies, createEventBus, HttpError, type Services } from '@core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { routeTable } from '../../tests/unit/kit'
import { AuthStore, GENERIC_ERROR, REGISTER_PROMO_COOKIE, SIGNED_OUT_USER } from './model'
import { runFlow } from './run-flow'

const DAY = 86_400_000
function user(over: Record<string, unknown> = {}) {
  return {
    user_id: 7,
    email: 'a@example.com',
    is_verified: true,
    created_at: new Date(Date.now() - 10 * DAY).toISOString(),
    coin_onboarding: 1,
    plus: { active: true },
    shipping: { active: true },
    cash_balance_cents: 1234,
    expires: new Date(Date.now() + 300 * DAY).toISOString(),
    ...over,
  }
}
const reply = (token = 'tok.en.1', over: Record<string, unknown> = {}) => ({
  success: true,
  login_token: token,
  user: user({ login_token: token }),
  redirect: null,
  ...over,
})

type Post = (url: string, body?: unknown) => Promise<unknown>
function setup(post: Post = () => Promise.reject(new Error('no http'))) {
  const events = createEventBus()
  const seen: string[] = []
  events.on('logged-in', () => seen.push('logged-in'))
  events.on('logged-out', () => seen.push('logged-out'))
  const calls: { url: string; body: unknown }[] = []
  let bearer: string | null = null
  const http = {
    post: vi.fn((url: string, body?: unknown) => {
      calls.push({ url, body })
      return post(url, body)
    }),
    setBearer: (t: string) => {
      bearer = t
    },
    clearBearer: () => {
      bearer = null
    },
  }
  const services = {
    http,
    events,
    cookies: createCookies(''),
    config: { ...routeTable, brand: { defaultAuthPage: 'sp-sm-login' } },
  } as unknown as Services
  const store = AuthStore.create({}, services)
  return { store, calls, seen, bearer: () => bearer, services }
}
const cookie = () => createCookies('').get(constants.loginCookieName)
const stored = () => localStorage.getItem(constants.storageKeys.user)

describe('login (SPEC 4, 7, 8)', () => {
  it('success stores the token (cookie) and the user, sets authenticated and the bearer header', async () => {
    const { store, calls, seen, bearer } = setup(async () => reply())
    const r = await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    expect(r.ok).toBe(true)
    expect(calls[0]).toEqual({
      url: '/api/web/login',
      body: { email: 'a@example.com', password: 'pw', 'g-recaptcha-response': 'c' },
    })
    expect(store.authenticated).toBe(true)
    expect(store.status).toBe('success')
    expect(cookie()).toBe('tok.en.1')
    expect(JSON.parse(stored()!).login_token).toBe('tok.en.1')
    expect(bearer()).toBe('tok.en.1')
    expect(seen).toEqual(['logged-in'])
  })
  it("failure with the server's errors stores them, the first apart, and logs out", async () => {
    const e = new HttpError('Request failed with status code 422', 'status', 422, {
      email: ['These credentials do not match our records.'],
    })
    const { store } = setup(() => Promise.reject(e))
    const r = await runFlow('login', store, { email: 'a@example.com', password: 'bad', captcha: 'c' })
    expect(r.ok).toBe(false)
    expect(store.errors).toEqual({ email: ['These credentials do not match our records.'] })
    expect(store.error).toBe('These credentials do not match our records.')
    expect(store.status).toBe('error')
    expect(store.authenticated).toBe(false)
    expect(store.user).toEqual(SIGNED_OUT_USER)
  })
  it('failure without an errors object gives the generic text', async () => {
    const { store } = setup(() => Promise.reject(new HttpError('Network Error', 'network')))
    await runFlow('login', store, { email: 'a@example.com', password: 'x', captcha: 'c' })
    expect(store.error).toBe(GENERIC_ERROR)
    expect(store.errors).toEqual({ general: [GENERIC_ERROR] })
  })
  it('register sends name, email, password, confirmation, source and a user agent cut to 500', async () => {
    Object.defineProperty(navigator, 'userAgent', { value: 'U'.repeat(900), configurable: true })
    const { store, calls } = setup(async () => reply('t.o.k', { recently_created: true }))
    await runFlow('register', store, { name: ' Ana ', email: 'ana@example.com', password: 'long enough pw' })
    const body = calls[0]!.body as Record<string, string>
    expect(calls[0]!.url).toBe('/api/web/register')
    expect(body).toMatchObject({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'long enough pw',
      password_confirmation: 'long enough pw',
      source: 'sp-sm-login',
    })
    expect(body.user_agent).toHaveLength(constants.userAgentMaxLength)
    expect(body).not.toHaveProperty('phone')
    expect(store.authenticated).toBe(true)
  })
})

describe('logout (SPEC 4)', () => {
  it('resets the user to inactive plus and shipping; removes cookie, stored user and bearer', async () => {
    const { store, calls, seen, bearer } = setup(async (url) =>
      url === '/api/logout' ? { success: true } : reply(),
    )
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    await store.logout()
    expect(calls.map((c) => c.url)).toEqual(['/api/web/login', '/api/logout'])
    expect(store.authenticated).toBe(false)
    expect(store.user.plus?.active).toBe(false)
    expect(store.user.shipping?.active).toBe(false)
    expect(cookie()).toBeUndefined()
    expect(stored()).toBeNull()
    expect(bearer()).toBeNull()
    expect(seen).toEqual(['logged-in', 'logged-out'])
  })
  it('signs out locally even when the call fails', async () => {
    let n = 0
    const { store } = setup(async () => (n++ === 0 ? reply() : Promise.reject(new HttpError('x', 'network'))))
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    await store.logout()
    expect(store.authenticated).toBe(false)
  })
})

describe('start-up restore (SPEC 4)', () => {
  it('cookie token matches the stored user: restored without a call', async () => {
    createCookies('').set(constants.loginCookieName, 'a.b.c')
    localStorage.setItem(constants.storageKeys.user, JSON.stringify(user({ login_token: 'a.b.c' })))
    const { store, calls, bearer } = setup()
    expect(await store.restore()).toBe('restored')
    expect(store.authenticated).toBe(true)
    expect(bearer()).toBe('a.b.c')
    expect(calls).toEqual([])
  })
  it('a cookie without a matching stored user: token sync with the cookie token', async () => {
    createCookies('').set(constants.loginCookieName, 'n.e.w')
    localStorage.setItem(constants.storageKeys.user, JSON.stringify(user({ login_token: 'o.l.d' })))
    const { store, calls } = setup(async () => reply('n.e.w'))
    expect(await store.restore()).toBe('synced')
    expect(calls[0]!.url).toBe('/api/sync-token')
    expect(store.authenticated).toBe(true)
    expect(JSON.parse(stored()!).login_token).toBe('n.e.w')
  })
  it('sync answering success false logs out', async () => {
    createCookies('').set(constants.loginCookieName, 'd.e.ad')
    const { store } = setup(async () => ({ success: false, message: 'You have been logged out' }))
    expect(await store.restore()).toBe('logged-out')
    expect(store.authenticated).toBe(false)
    expect(cookie()).toBeUndefined()
  })
  it('a stored user without the cookie: logout, go home', async () => {
    localStorage.setItem(constants.storageKeys.user, JSON.stringify(user({ login_token: 'a.b.c' })))
    const { store } = setup()
    expect(await store.restore()).toBe('home')
    expect(stored()).toBeNull()
    expect(store.authenticated).toBe(false)
  })
  it('nothing stored: a visitor', async () => {
    expect(await setup().store.restore()).toBe('visitor')
  })
  it('a missing cookie while logged in logs out', async () => {
    const { store } = setup(async () => reply())
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    expect(store.checkCookie()).toBe(true)
    createCookies('').remove(constants.loginCookieName)
    expect(store.checkCookie()).toBe(false)
    expect(store.authenticated).toBe(false)
  })
})

describe('refresh (SPEC 8)', () => {
  it('success false: logout, /login, "You have been logged out"', async () => {
    let n = 0
    const { store } = setup(async () => (n++ === 0 ? reply() : { success: false }))
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    expect(await store.refresh()).toBe('logged-out')
    expect(store.authenticated).toBe(false)
    expect(store.navigateTo).toBe('/login')
    expect(store.notice).toEqual({ key: 'notice.loggedOut', tone: 'info' })
  })
  it('success: a new token replaces the old one', async () => {
    let n = 0
    const { store } = setup(async () => (n++ === 0 ? reply('o.l.d') : reply('n.e.w')))
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    expect(await store.refresh()).toBe('ok')
    expect(cookie()).toBe('n.e.w')
  })
  it('a failure logs out and stores the error', async () => {
    let n = 0
    const { store } = setup(async () => {
      if (n++ === 0) return reply()
      throw new HttpError('Request failed with status code 500', 'status', 500)
    })
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    expect(await store.refresh()).toBe('error')
    expect(store.authenticated).toBe(false)
    expect(store.error).toBe(GENERIC_ERROR)
  })
})

describe('promo credit (SPEC 4)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  for (const [flow, url] of [
    ['flow1', '/api/give-credit'],
    ['flow5', '/api/give-credit?ucb=flow5'],
  ] as const) {
    it(`${flow}: give-credit, then a token sync now and 2 s later`, async () => {
      createCookies('').set(REGISTER_PROMO_COOKIE, flow)
      const { store, calls } = setup(async (u) =>
        u.startsWith('/api/give-credit') ? { success: true } : reply(),
      )
      await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
      await vi.advanceTimersByTimeAsync(0)
      const urls = () => calls.map((c) => c.url)
      expect(urls()).toEqual(['/api/web/login', url, '/api/sync-token'])
      await vi.advanceTimersByTimeAsync(constants.promoSecondSyncMs - 1)
      expect(urls()).toHaveLength(3)
      await vi.advanceTimersByTimeAsync(1)
      expect(urls()).toEqual(['/api/web/login', url, '/api/sync-token', '/api/sync-token'])
    })
  }
  it('register sends the flow of the cookie as register_promo (the server records it); another value is not sent', async () => {
    for (const [value, sent] of [
      ['flow5', 'flow5'],
      ['flow2', undefined],
    ] as const) {
      createCookies('').set(REGISTER_PROMO_COOKIE, value)
      const { store, calls } = setup(async (u) =>
        u.startsWith('/api/give-credit') ? { success: true } : reply('t.o.k', { recently_created: true }),
      )
      await runFlow('register', store, { name: 'Ana', email: 'ana@example.com', password: 'long enough pw' })
      expect((calls[0]!.body as Record<string, unknown>).register_promo).toBe(sent)
      createCookies('').remove(REGISTER_PROMO_COOKIE)
    }
  })
  it("register sends the lander signed up on (the server records that lander's promised bonus), and no lander without one", async () => {
    for (const lander of ['spwheel', undefined]) {
      const { store, calls } = setup(async () => reply('t.o.k', { recently_created: true }))
      await runFlow('register', store, {
        name: 'Ana',
        email: 'ana@example.com',
        password: 'long enough pw',
        ...(lander ? { lander } : {}),
      })
      const body = calls[0]!.body as Record<string, unknown>
      expect(body.lander).toBe(lander)
      expect('lander' in body).toBe(lander !== undefined)
    }
  })
  it('a refusal (403: no promo sign-up, or past the window) removes the cookie and syncs nothing', async () => {
    createCookies('').set(REGISTER_PROMO_COOKIE, 'flow1')
    const { store, calls } = setup(async (u) => {
      if (u.startsWith('/api/give-credit'))
        throw new HttpError('Request failed with status code 403', 'status', 403, {
          promo: ['This account did not sign up through a promotion.'],
        })
      return reply()
    })
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls.map((c) => c.url)).toEqual(['/api/web/login', '/api/give-credit'])
    expect(createCookies('').get(REGISTER_PROMO_COOKIE)).toBeUndefined()
  })
  it('any other cookie value: no credit call', async () => {
    createCookies('').set(REGISTER_PROMO_COOKIE, 'flow2')
    const { store, calls } = setup(async () => reply())
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls.map((c) => c.url)).toEqual(['/api/web/login'])
  })
})

describe('email set and merge (SPEC 4, 8)', () => {
  it('409 with requires_authentication opens the merge prompt with that email', async () => {
    const { store } = setup(async (u) => {
      if (u === '/api/set-email')
        throw new HttpError(
          'Request failed with status code 409',
          'status',
          409,
          { email: ['in use'] },
          {
            requires_authentication: true,
          },
        )
      return reply()
    })
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    const r = await runFlow('setEmail', store, 'b@example.com')
    expect(r).toEqual({ ok: true, value: 'merge' })
    expect(store.prompt).toBe('merge')
    expect(store.mergeEmail).toBe('b@example.com')
  })
  it('success updates the user and says so', async () => {
    const { store } = setup(async (u) =>
      u === '/api/set-email'
        ? { success: true, user: user({ email: 'c@example.com', is_verified: false }) }
        : reply(),
    )
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    await runFlow('setEmail', store, 'c@example.com')
    expect(store.user.email).toBe('c@example.com')
    expect(store.user.login_token).toBe('tok.en.1')
    expect(store.notice?.key).toBe('notice.emailSet')
  })
  it('merge signs in with the returned token', async () => {
    const { store } = setup(async (u) =>
      u === '/api/authenticate-and-merge' ? { ...reply('m.e.rged'), token: 'm.e.rged' } : reply(),
    )
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    const r = await runFlow('merge', store, 'b@example.com', 'pw')
    expect(r.ok).toBe(true)
    expect(cookie()).toBe('m.e.rged')
    expect(store.notice?.key).toBe('notice.merged')
  })
})

describe('gating and verification (SPEC 4, 6, 8)', () => {
  it('a visitor gets the login tab; an unverified member the verify prompt; a verified one passes', async () => {
    const { store } = setup(async () => reply('t.o.k', { user: user({ is_verified: false }) }))
    expect(store.gate()).toBe(false)
    expect(store.modal?.tab).toBe('login')
    store.closeModal()
    await runFlow('login', store, { email: 'a@example.com', password: 'pw', captcha: 'c' })
    expect(store.gate()).toBe(false)
    expect(store.prompt).toBe('verify')
    store.updateUser({ is_verified: true })
    expect(store.gate()).toBe(true)
  })
  it('resend: true on success, false on failure', async () => {
    expect(await runFlow('resendVerification', setup(async () => ({ success: true })).store)).toBe(true)
    expect(await runFlow('resendVerification', setup(() => Promise.reject(new Error('x'))).store)).toBe(false)
  })
  it('default auth page comes from the brand', () => {
    expect(setup().store.defaultAuthPage).toBe('sp-sm-login')
  })
})
