import {
  constants,
  createCookies,
  createEventBus,
  type PluginContext,
  type Services,
  tokenTimes,
} from '@core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { routeTable } from '../../tests/unit/kit'
import { AuthStore, type AuthStoreInstance } from './model'
import { createRenewer, RENEW_AFTER_MS, RETRY_AFTER_MS, renewalDue } from './renew'
import { startAuth } from './session'

const DAY = 86_400_000
const b64url = (v: unknown) =>
  btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
/** A token shaped as the server issues it (the client does not check the signature). */
function jwt(issuedMsAgo: number, now = Date.now(), lifeDays = constants.loginLifeDays): string {
  const iat = Math.floor((now - issuedMsAgo) / 1000)
  return `${b64url({ alg: 'HS256' })}.${b64url({ sub: '7', jti: 'j', iat, exp: iat + lifeDays * 86_400 })}.sig`
}

describe('tokenTimes', () => {
  it('reads iat and exp in milliseconds; anything else is null', () => {
    const now = Date.now()
    const t = tokenTimes(jwt(DAY, now))
    expect(t?.issuedAt).toBe(Math.floor((now - DAY) / 1000) * 1000)
    expect(t!.expiresAt - t!.issuedAt).toBe(constants.loginLifeDays * DAY)
    expect(tokenTimes('e2e.token.value')).toBeNull()
    expect(tokenTimes('a.b')).toBeNull()
    expect(tokenTimes(`${b64url({})}.${b64url({ iat: 'x', exp: 1 })}.s`)).toBeNull()
  })
})

describe('renewalDue', () => {
  const now = Date.now()
  it('a token less than a day old with a long life left: not due', () => {
    expect(renewalDue(jwt(RENEW_AFTER_MS - 60_000, now), now)).toBe(false)
  })
  it('a token a day old: due', () => {
    expect(renewalDue(jwt(RENEW_AFTER_MS, now), now)).toBe(true)
  })
  it('a fresh token that ends within a day: due', () => {
    expect(renewalDue(jwt(0, now, 0.5), now)).toBe(true)
  })
  it('no token or one the client cannot read: left to the server', () => {
    expect(renewalDue(undefined, now)).toBe(false)
    expect(renewalDue('e2e.token.value', now)).toBe(false)
  })
})

describe('createRenewer', () => {
  function member(token: string, refresh = vi.fn(async () => 'ok')) {
    return { authenticated: true, user: { login_token: token }, refresh }
  }
  it('calls refresh for a due token, once at a time, and not again within the retry time', async () => {
    let now = Date.now()
    const auth = member(jwt(2 * DAY, now))
    const renew = createRenewer(auth, () => now)
    const first = renew()
    expect(renew()).toBeNull()
    await first
    expect(auth.refresh).toHaveBeenCalledTimes(1)
    now += RETRY_AFTER_MS - 1
    expect(renew()).toBeNull()
    now += 1
    await renew()
    expect(auth.refresh).toHaveBeenCalledTimes(2)
  })
  it('does not call refresh for a fresh token or a visitor', () => {
    const fresh = member(jwt(0))
    expect(createRenewer(fresh)()).toBeNull()
    const visitor = { ...member(jwt(2 * DAY)), authenticated: false }
    expect(createRenewer(visitor)()).toBeNull()
    expect(fresh.refresh).not.toHaveBeenCalled()
    expect(visitor.refresh).not.toHaveBeenCalled()
  })
})

describe('start-up with a restored session (SPEC 4, 8)', () => {
  afterEach(() => {
    createCookies('').remove(constants.loginCookieName)
    localStorage.clear()
  })
  async function start(token: string, refreshReply: unknown) {
    const cookies = createCookies('')
    cookies.set(constants.loginCookieName, token, { days: 1 })
    localStorage.setItem(
      constants.storageKeys.user,
      JSON.stringify({ user_id: 7, email: 'a@example.com', login_token: token }),
    )
    const post = vi.fn(async (url: string) => {
      if (url === '/api/refresh') return refreshReply
      throw new Error(`unexpected ${url}`)
    })
    const services = {
      http: { post, setBearer() {}, clearBearer() {} },
      events: createEventBus(),
      cookies,
      config: { ...routeTable, brand: {}, partner: null },
    } as unknown as Services
    const auth: AuthStoreInstance = AuthStore.create({}, services)
    await startAuth({ store: { auth }, services } as unknown as PluginContext)
    await vi.waitFor(() => expect(auth.status).not.toBe('loading'))
    return { auth, post }
  }

  it('a day-old token: refresh answering success false logs out, goes to /login, says "You have been logged out"', async () => {
    const { auth, post } = await start(jwt(2 * DAY), { success: false, message: 'You have been logged out' })
    await vi.waitFor(() => expect(auth.navigateTo).toBe('/login'))
    expect(post).toHaveBeenCalledWith('/api/refresh', {})
    expect(auth.authenticated).toBe(false)
    expect(auth.notice).toEqual({ key: 'notice.loggedOut', tone: 'info' })
    expect(createCookies('').get(constants.loginCookieName)).toBeUndefined()
  })

  it('a token issued today: restored without a server call', async () => {
    const { auth, post } = await start(jwt(60_000), { success: false })
    expect(auth.authenticated).toBe(true)
    expect(post).not.toHaveBeenCalled()
  })
})
