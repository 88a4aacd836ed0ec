import { config } from '@brand'
import {
  type Cookies,
  constants,
  createCookies,
  type NavigationContext,
  type RuntimeConfig,
  type Services,
} from '@core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AppConfig, deepLink } from './deep-link'
import { mobileNavigation } from './navigation'

const app: AppConfig = {
  scheme: 'rewardsapp',
  pages: [
    { path: '/account/withdrawal', destination: 'Withdrawal', session: true },
    { path: '/offers', destination: 'Offers' },
    { path: '/account/coin/history' },
    { path: '/account/settings', destination: 'Settings' },
  ],
  destinations: ['Withdrawal', 'Offers', 'SetIntendedDestinationScreen'],
}

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  pixel:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
}

describe('deepLink (pure)', () => {
  it('iOS: scheme://Destination?path=<encoded path and query>', () => {
    expect(deepLink({ config, app, os: 'ios', path: '/offers', search: '?type=CASHBACK&x=a b' })).toBe(
      'rewardsapp://Offers?path=%2Foffers%3Ftype%3DCASHBACK%26x%3Da+b',
    )
  })
  it('Android: the token segment before the destination (a fixed name, no token)', () => {
    expect(constants.mobile.androidTokenSegment).toBe('token')
    expect(deepLink({ config, app, os: 'android', path: '/offers' })).toBe(
      'rewardsapp://token/Offers?path=%2Foffers',
    )
  })
  it('a page without a destination opens the default destination', () => {
    expect(deepLink({ config, app, os: 'ios', path: '/account/coin/history/' })).toBe(
      `rewardsapp://${constants.mobile.defaultDestination}?path=%2Faccount%2Fcoin%2Fhistory%2F`,
    )
    expect(constants.mobile.defaultDestination).toBe('SetIntendedDestinationScreen')
  })
  it("a destination not in the app's list: no deep link (the web page)", () => {
    expect(deepLink({ config, app, os: 'ios', path: '/account/settings' })).toBeNull()
  })
  it('a page the app does not own, or no mobile OS: no deep link', () => {
    expect(deepLink({ config, app, os: 'ios', path: '/stores' })).toBeNull()
    expect(deepLink({ config, app, os: null, path: '/offers' })).toBeNull()
  })
  it('a brand without an app: no deep links at all', () => {
    for (const path of ['/offers', '/account/withdrawal', '/account/coin/history'])
      for (const os of ['ios', 'android'] as const)
        expect(deepLink({ config, app: undefined, os, path })).toBeNull()
  })
  it('carries a one-time code when given one, never anything else of the session', () => {
    const link = deepLink({ config, app, os: 'android', path: '/account/withdrawal', code: 'abc_-1' })
    expect(link).toBe('rewardsapp://token/Withdrawal?path=%2Faccount%2Fwithdrawal&code=abc_-1')
  })
})

describe('the mobile navigation hook', () => {
  let cookies: Cookies
  afterEach(() => {
    cookies?.remove(constants.mobileAppCookieName)
    vi.restoreAllMocks()
  })

  function ctx(
    path: string,
    opts: { app?: AppConfig; cookie?: boolean; signedIn?: boolean; post?: () => Promise<unknown> } = {},
  ) {
    cookies = createCookies('local_')
    if (opts.cookie !== false) cookies.set(constants.mobileAppCookieName, '1')
    else cookies.remove(constants.mobileAppCookieName)
    const post = vi.fn(opts.post ?? (async () => ({ code: 'one-time', expires_at: '2026-01-01T00:00:00Z' })))
    const withApp = { ...config, brand: { app: 'app' in opts ? opts.app : app } } as unknown as RuntimeConfig
    const services = {
      config: withApp,
      cookies,
      http: { post },
      session: { authenticated: Boolean(opts.signedIn), token: opts.signedIn ? 'secret.login.token' : null },
    } as unknown as Services
    const url = new URL(`https://example.test${path}`)
    const c: NavigationContext = {
      url,
      path: url.pathname,
      search: url.search,
      hash: url.hash,
      services,
      store: {},
    }
    return { c, post }
  }

  it('iPhone with the mobile-app cookie: a page the app owns goes to the app', async () => {
    const { c } = ctx('/offers?type=APP')
    expect(await mobileNavigation(() => UA.iphone)(c)).toEqual({
      external: 'rewardsapp://Offers?path=%2Foffers%3Ftype%3DAPP',
    })
  })
  it('Pixel with the cookie: the Android link', async () => {
    const { c } = ctx('/offers')
    expect(await mobileNavigation(() => UA.pixel)(c)).toEqual({
      external: 'rewardsapp://token/Offers?path=%2Foffers',
    })
  })
  it('without the cookie: nothing', async () => {
    const { c } = ctx('/offers', { cookie: false })
    expect(await mobileNavigation(() => UA.iphone)(c)).toBeUndefined()
  })
  it('the mobile-app cookie on a desktop user agent is ignored', async () => {
    const { c } = ctx('/offers')
    expect(await mobileNavigation(() => UA.desktop)(c)).toBeUndefined()
  })
  it('a brand without an app: nothing', async () => {
    const { c } = ctx('/offers', { app: undefined })
    expect(await mobileNavigation(() => UA.iphone)(c)).toBeUndefined()
  })
  it('a page needing the session, signed in: a one-time code, never the login token', async () => {
    const { c, post } = ctx('/account/withdrawal', { signedIn: true })
    const answer = await mobileNavigation(() => UA.iphone)(c)
    expect(post).toHaveBeenCalledWith('/api/mobile/code')
    expect(answer).toEqual({ external: 'rewardsapp://Withdrawal?path=%2Faccount%2Fwithdrawal&code=one-time' })
    expect(answer?.external).not.toContain('secret')
  })
  it('signed out, or the code request failing: the link without a code', async () => {
    const out = ctx('/account/withdrawal')
    expect(await mobileNavigation(() => UA.iphone)(out.c)).toEqual({
      external: 'rewardsapp://Withdrawal?path=%2Faccount%2Fwithdrawal',
    })
    expect(out.post).not.toHaveBeenCalled()
    const failing = ctx('/account/withdrawal', {
      signedIn: true,
      post: () => Promise.reject(new Error('offline')),
    })
    expect(await mobileNavigation(() => UA.pixel)(failing.c)).toEqual({
      external: 'rewardsapp://token/Withdrawal?path=%2Faccount%2Fwithdrawal',
    })
  })
  it("a page that is not the app's, or whose destination the app does not know: nothing", async () => {
    expect(await mobileNavigation(() => UA.iphone)(ctx('/stores').c)).toBeUndefined()
    expect(await mobileNavigation(() => UA.iphone)(ctx('/account/settings').c)).toBeUndefined()
  })
})
