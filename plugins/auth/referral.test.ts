import { constants, createCookies, createEventBus, type Services } from '@core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthStore } from './model'
import { runFlow } from './run-flow'

/** The auth store with an HTTP client that records what it is sent and answers a registration. */
function store(reply: (url: string) => unknown) {
  const post = vi.fn(async (url: string, _body?: unknown) => reply(url))
  const services = {
    http: { post, setBearer() {}, clearBearer() {} },
    events: createEventBus(),
    cookies: createCookies(''),
    config: { brand: {} },
  } as unknown as Services
  return { auth: AuthStore.create({}, services), post }
}
const signedUp = {
  success: true,
  login_token: 'n.e.w',
  user: { user_id: 9, email: 'new@example.com' },
  redirect: null,
}
const form = { name: 'New Member', email: 'new@example.com', password: 'long enough pw' }
const bodyOf = (post: ReturnType<typeof store>['post']) =>
  post.mock.calls.find(([url]) => url === '/api/web/register')?.[1] as Record<string, unknown>

describe('registration sends the /refer code (SPEC 2.6 refer)', () => {
  afterEach(() => {
    localStorage.clear()
    createCookies('').remove(constants.loginCookieName)
  })

  it('the code a /refer link left goes with the registration, then is forgotten', async () => {
    localStorage.setItem(constants.storageKeys.referralCode, 'AB12CD')
    const { auth, post } = store(() => signedUp)
    expect((await runFlow('register', auth, form)).ok).toBe(true)
    expect(bodyOf(post)).toMatchObject({ email: 'new@example.com', referral_code: 'AB12CD' })
    expect(localStorage.getItem(constants.storageKeys.referralCode)).toBeNull()
  })

  it('no code: none sent; a failed registration keeps the code for the next try', async () => {
    const plain = store(() => signedUp)
    await runFlow('register', plain.auth, form)
    expect(bodyOf(plain.post)).not.toHaveProperty('referral_code')

    localStorage.setItem(constants.storageKeys.referralCode, 'AB12CD')
    const failing = store(() => ({ success: false, message: 'nope' }))
    expect((await runFlow('register', failing.auth, form)).ok).toBe(false)
    expect(bodyOf(failing.post)).toMatchObject({ referral_code: 'AB12CD' })
    expect(localStorage.getItem(constants.storageKeys.referralCode)).toBe('AB12CD')
  })
})
