import { constants, createCookies, createEventBus, type Services } from '@core'
import { autorun } from 'mobx'
import { afterEach, describe, expect, it, vi } from 'vitest'
import plugin from './index'
import { AuthStore, type AuthStoreInstance } from './model'
import { sessionOf } from './view'

const DAY = 86_400_000
const user = (over: Record<string, unknown> = {}) => ({
  user_id: 7,
  name: 'Ana',
  email: 'ana@example.com',
  is_verified: false,
  created_at: '2024-03-01T10:00:00Z',
  subscribed: true,
  subs: { plus: true, shipping: false },
  plus: { active: true },
  shipping: { active: false },
  webpartner_id: 12,
  coin_balance: 340,
  terms: { pii: true },
  expires: new Date(Date.now() + 300 * DAY).toISOString(),
  ...over,
})
const reply = (token: string, over: Record<string, unknown> = {}) => ({
  success: true,
  login_token: token,
  user: user(over),
})

function setup(plugins: string[], post: (url: string, body?: unknown) => Promise<unknown>) {
  const http = { post: vi.fn(post), setBearer: vi.fn(), clearBearer: vi.fn() }
  const services = {
    http,
    events: createEventBus(),
    cookies: createCookies(''),
    config: { brand: { defaultAuthPage: 'sm-login' }, plugins },
  } as unknown as Services
  const auth: AuthStoreInstance = AuthStore.create({}, services)
  return { auth, http, session: sessionOf(auth) }
}

afterEach(() => {
  localStorage.clear()
  createCookies('').remove(constants.loginCookieName)
})

describe('the session view the auth plugin provides', () => {
  it('is signed out with no member and no token before sign-in', () => {
    const { session } = setup(['auth'], async () => ({}))
    expect(session.authenticated).toBe(false)
    expect(session.member).toBeNull()
    expect(session.token).toBeNull()
  })

  it('reads the signed-in member: id, email, verified, plus, shipping, subscriber, partner, sign-up date, pii', () => {
    const { auth, session } = setup(['auth', 'coins'], async () => ({}))
    auth.applyLogin(reply('tok-1'))
    expect(session.authenticated).toBe(true)
    expect(session.token).toBe('tok-1')
    expect(session.member).toEqual({
      id: 7,
      email: 'ana@example.com',
      name: 'Ana',
      emailVerified: false,
      plus: true,
      shipping: false,
      subscriber: true,
      coins: 340,
      signedUpAt: '2024-03-01T10:00:00Z',
      partnerId: 12,
      allowsPii: true,
    })
  })

  it('gives the coin balance only when the brand has coins on', () => {
    const { auth, session } = setup(['auth'], async () => ({}))
    auth.applyLogin(reply('tok-1'))
    expect(session.member?.coins).toBeNull()
  })

  it('is observable: a reaction re-runs when the member signs in and out', () => {
    const { auth, session } = setup(['auth'], async () => ({}))
    const seen: (string | null)[] = []
    const stop = autorun(() => {
      seen.push(session.member?.email ?? null)
    })
    auth.applyLogin(reply('tok-1'))
    auth.clear()
    stop()
    expect(seen).toEqual([null, 'ana@example.com', null])
  })

  it('register signs the new member up and in through the auth flows, and answers with the member', async () => {
    const { session, http } = setup(['auth'], async (url) =>
      url === '/api/web/register' ? reply('tok-new', { user_id: 99, email: 'new@example.com' }) : {},
    )
    const r = await session.register({ name: 'New', email: 'new@example.com', password: 'long enough pw' })
    expect(http.post.mock.calls[0]?.[0]).toBe('/api/web/register')
    expect(r).toMatchObject({ ok: true, value: { id: 99, email: 'new@example.com' } })
    expect(session.authenticated).toBe(true)
  })

  it('register gives the server field errors and the first message on failure', async () => {
    const { session } = setup(['auth'], async () => ({
      success: false,
      message: 'The email has already been taken.',
    }))
    const r = await session.register({ name: 'New', email: 'ana@example.com', password: 'long enough pw' })
    expect(r).toEqual({
      ok: false,
      errors: { general: ['The email has already been taken.'] },
      codes: {},
      message: 'The email has already been taken.',
    })
    expect(session.authenticated).toBe(false)
  })

  it('resync reads the member again (a subscription changed the plus flag)', async () => {
    let plus = false
    const { auth, session, http } = setup(['auth'], async (url) =>
      url === '/api/sync-token'
        ? reply('tok-1', { plus: { active: plus }, subs: { plus, shipping: false } })
        : {},
    )
    auth.applyLogin(reply('tok-1', { plus: { active: false }, subs: { plus: false, shipping: false } }))
    expect(session.member?.plus).toBe(false)
    plus = true
    await session.resync()
    expect(http.post).toHaveBeenCalledWith('/api/sync-token', { nocache: true })
    expect(session.member?.plus).toBe(true)
  })

  it('the auth plugin declares it as the session it provides', () => {
    const { auth } = setup(['auth'], async () => ({}))
    const provided = plugin.provides?.session?.({ store: { auth }, services: {} as Services })
    auth.applyLogin(reply('tok-2'))
    expect(provided?.token).toBe('tok-2')
  })
})
