import { HttpError } from '@core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeConfig, fakeContext } from './test-utils'
import { installTimeKey, startTracking } from './tracker'

const now = new Date(2025, 2, 9, 10, 0)
const loc = (path: string) => {
  const u = new URL(path, 'https://rewards.example')
  return { href: u.href, search: u.search, pathname: u.pathname }
}
const okFetch = () => vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => new Response('{}'))
const start = (
  f: ReturnType<typeof fakeContext>,
  path = '/',
  extra: Parameters<typeof startTracking>[1] = {},
) =>
  startTracking(f.ctx, { now: () => now, location: loc(path), analytics: null, fetch: okFetch(), ...extra })
const stored = (name = 'sm_landers') => {
  const raw = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`))
  return raw ? JSON.parse(decodeURIComponent(raw.slice(name.length + 1))) : undefined
}

afterEach(() => vi.restoreAllMocks())

describe('landing', () => {
  it('stores the defaults, calls get-cookie and check-set-cookie with credentials and keepalive', async () => {
    const f = fakeContext()
    const fetch = okFetch()
    start(f, '/', { fetch })
    expect(stored()).toMatchObject({ sid: '03092025_organic', cid: 'homepage', partner: 'organic' })
    expect(f.tracking.attribution?.sid).toBe('03092025_organic')
    expect(f.http.post).toHaveBeenCalledWith('/api/get-cookie')
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('/api/check-set-cookie')
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true })
    expect(JSON.parse(String(init!.body))).toEqual({
      sid: '03092025_organic',
      cid: 'homepage',
      partner: 'organic',
      website: null,
      url: null,
    })
    await Promise.resolve()
    expect(f.tracking.countryCode).toBe('US')
  })
  it('uses the environment prefix for the cookie name', () => {
    const f = fakeContext({ config: fakeConfig({}, 'qa1_') })
    start(f, '/?sid=01022025_fb')
    expect(stored('qa1_sm_landers')).toMatchObject({ sid: '01022025_fb' })
  })
  it('a malformed cookie is replaced by the defaults, without throwing', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plants a broken cookie on purpose
    document.cookie = 'sm_landers=%7Bnot-json; path=/'
    const f = fakeContext()
    expect(() => start(f)).not.toThrow()
    expect(stored()).toMatchObject({ sid: '03092025_organic' })
  })
  it('a get-cookie failure is kept for the error dialog', async () => {
    const f = fakeContext()
    const err = new HttpError('Request failed with status code 500', 'status', 500)
    f.http.post.mockRejectedValueOnce(err)
    start(f)
    await new Promise((r) => setTimeout(r))
    expect(f.tracking.cookieError).toBe(err)
  })
  it.each([
    [
      'throws',
      () => {
        throw new TypeError('no fetch')
      },
    ],
    ['rejects', async () => Promise.reject(new TypeError('offline'))],
  ])(
    'a check-set-cookie that %s is dropped quietly: the landing completes, nothing escapes',
    async (_, bad) => {
      const escaped: unknown[] = []
      const onRejection = (e: unknown) => escaped.push(e)
      process.on('unhandledRejection', onRejection)
      try {
        const fetch = vi.fn(bad)
        const f = fakeContext()
        start(f, '/?sid=01022025_fb', { fetch })
        await new Promise((r) => setTimeout(r, 10))
        expect(fetch).toHaveBeenCalledWith(
          '/api/check-set-cookie',
          expect.objectContaining({ method: 'POST' }),
        )
        // the rest of the landing went on: attribution stored, get-cookie called, its country kept
        expect(stored()).toMatchObject({ sid: '01022025_fb' })
        expect(f.http.post).toHaveBeenCalledWith('/api/get-cookie')
        expect(f.tracking.countryCode).toBe('US')
        // and the failure is no error the member sees, nor an unhandled rejection
        expect(f.tracking.cookieError).toBeNull()
        expect(escaped).toEqual([])
      } finally {
        process.off('unhandledRejection', onRejection)
      }
    },
  )
})

describe('events', () => {
  it('the landing page view waits for beforeFirstPageView (a task of its own at start-up), then is sent once', async () => {
    const f = fakeContext()
    let release: () => void = () => {}
    const gate = new Promise<void>((r) => {
      release = r
    })
    start(f, '/stores', { beforeFirstPageView: () => gate })
    expect(f.beacons).toHaveLength(0)
    release()
    await gate
    await Promise.resolve()
    expect(f.beacons.map((b) => b.url)).toEqual(['/api/elk?action=page_view'])
    expect(f.beacons[0]!.body).toMatchObject({ action: 'page_view', path: '/stores' })
  })
  it('a page view on landing carries the whole payload', () => {
    const f = fakeContext()
    start(f, '/stores?sid=01022025_fb&cid=spring')
    expect(f.beacons).toHaveLength(1)
    const { url, body } = f.beacons[0]!
    expect(url).toBe('/api/elk?action=page_view')
    expect(body).toEqual({
      action: 'page_view',
      path: '/stores',
      sid: '01022025_fb',
      cid: 'spring',
      partner: 'organic',
      website: null,
      url: null,
      origin: now.getTime(),
      reengagement: 1,
      membership_day: 66,
      install_time: now.getTime(),
      signup_date: null,
      user_id: null,
      subscriber: 0,
      webpartner_id: null,
      web_partner_name: null,
      currenturl: 'https://rewards.example/stores?sid=01022025_fb&cid=spring',
    })
  })
  it('services.track sends the member fields; extra data never replaces them', () => {
    localStorage.setItem(installTimeKey, '1700000000000')
    const f = fakeContext({
      member: { id: 7, subscriber: true, partnerId: 3, signedUpAt: '2024-01-01T00:00:00Z' },
      token: 'x',
    })
    start(f)
    f.services.track('signup_step', { step: 2, user_id: 999, currenturl: 'evil' })
    const body = f.beacons.at(-1)!.body
    expect(f.beacons.at(-1)!.url).toBe('/api/elk?action=signup_step')
    expect(body).toMatchObject({
      action: 'signup_step',
      step: 2,
      user_id: 7,
      subscriber: 1,
      webpartner_id: 3,
      signup_date: '2024-01-01T00:00:00Z',
      install_time: 1700000000000,
      currenturl: 'https://rewards.example/',
    })
  })
  it('records the unauthenticated attempt with its path', () => {
    const f = fakeContext()
    start(f)
    f.services.events.emit('unauthenticated-attempt', { path: '/account/profile' })
    expect(f.beacons.at(-1)).toMatchObject({
      url: '/api/elk?action=unauthenticated_attempt',
      body: { action: 'unauthenticated_attempt', path: '/account/profile' },
    })
  })
  it('drops an action the API would refuse, and a beacon that throws breaks nothing', () => {
    const f = fakeContext()
    start(f)
    const n = f.beacons.length
    f.services.track('<script>')
    f.services.track('')
    expect(f.beacons).toHaveLength(n)
    f.http.beacon.mockImplementation(() => {
      throw new Error('boom')
    })
    expect(() => f.services.track('ok')).not.toThrow()
  })
  it('sends every event to the analytics tag too', () => {
    const f = fakeContext()
    const tag = { event: vi.fn(), clientId: vi.fn(async () => 'GA1.1.1.2') }
    start(f, '/', { analytics: tag })
    f.services.track('cta_click')
    expect(tag.event).toHaveBeenCalledWith('cta_click', expect.objectContaining({ action: 'cta_click' }))
  })
  it('links the analytics client id to the member by beacon on login', async () => {
    const f = fakeContext()
    const tag = { event: vi.fn(), clientId: vi.fn(async () => 'GA1.1.1.2') }
    start(f, '/', { analytics: tag })
    f.services.events.emit('logged-in', { userId: 7 })
    await new Promise((r) => setTimeout(r))
    expect(f.beacons.at(-1)).toEqual({
      url: '/api/saveGtagClientId',
      body: { user_id: 7, client_id: 'GA1.1.1.2' },
    })
  })
  it('beacons an offer visit with the offer', () => {
    const f = fakeContext()
    start(f)
    f.services.events.emit('offer-visit', { offerId: '12', offer: { offer_id: 12, merchant_name: 'X' } })
    expect(f.beacons.at(-1)).toEqual({
      url: '/api/user/offer/visit/12',
      body: { offer_id: 12, merchant_name: 'X' },
    })
    const n = f.beacons.length
    f.services.events.emit('offer-visit', { offerId: '../x' })
    expect(f.beacons).toHaveLength(n)
  })
  it('hands pixel requests to the lazy pixel chunk; a failing chunk breaks nothing', async () => {
    const f = fakeContext()
    const loadPixel = vi.fn(async () => {})
    const loadPixels = vi.fn(async () => {
      throw new Error('bad reply')
    })
    start(f, '/', { loadPixels: async () => ({ loadPixel, loadPixels }) as never })
    f.services.events.emit('load-pixel', { transactionId: 5 })
    f.services.events.emit('load-pixels', { pixelTypes: ['conversion'] })
    await new Promise((r) => setTimeout(r))
    expect(loadPixel).toHaveBeenCalledWith(f.ctx, { transactionId: 5 })
    expect(loadPixels).toHaveBeenCalled()
  })
})
