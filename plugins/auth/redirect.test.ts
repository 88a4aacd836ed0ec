import { config } from '@brand'
import { constants, createCookies } from '@core'
import { describe, expect, it } from 'vitest'
import { findUrlCredential, homePath, isTokenEntryPath } from './entry'
import { rememberAppLogin } from './model'
import { needsOnboarding, pathAfterLogin, safePath, takeStoredRedirect } from './redirect'
import { decodeDevCode, encodeDevCode, makeOAuthState, readOAuthState } from './social'

const O = 'http://localhost:3000'
const DAY = 86_400_000

describe('safePath: same-origin paths only', () => {
  it.each([
    ['/account/profile?tab=2#x', '/account/profile?tab=2#x'],
    ['/', '/'],
  ])('%s is kept', (v, out) => expect(safePath(v, O)).toBe(out))
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'account',
    '',
    '/\t/evil.example',
    '/%0a',
    null,
    42,
  ])('%s is ignored', (v) => {
    const out = safePath(v, O)
    if (v === '/%0a') expect(out).toBe('/%0a')
    else expect(out).toBeNull()
  })
  it('a stored off-site redirect is dropped, a good one used once', () => {
    localStorage.setItem(constants.storageKeys.loginRedirect, '//evil.example')
    expect(takeStoredRedirect()).toBeNull()
    localStorage.setItem(constants.storageKeys.loginRedirect, '/stores')
    expect(takeStoredRedirect()).toBe('/stores')
    expect(takeStoredRedirect()).toBeNull()
  })
})

describe('after login (SPEC 4 onboarding rule)', () => {
  const old = { coin_onboarding: 0, created_at: new Date(Date.now() - 3 * DAY).toISOString() }
  it('not onboarded, older than a day, listed page, no app cookie: onboarding', () => {
    for (const page of ['/', '/stores', '/stores/food', '/offers', '/surveys', '/coupons', '/amazon-coupons'])
      expect(needsOnboarding({ config, user: old, page, redirectToApp: false })).toBe(true)
  })
  it('any condition missing: no onboarding', () => {
    expect(
      needsOnboarding({ config, user: { ...old, coin_onboarding: 1 }, page: '/', redirectToApp: false }),
    ).toBe(false)
    expect(needsOnboarding({ config, user: old, page: '/account', redirectToApp: false })).toBe(false)
    expect(needsOnboarding({ config, user: old, page: '/', redirectToApp: true })).toBe(false)
    const fresh = { coin_onboarding: 0, created_at: new Date(Date.now() - 3600_000).toISOString() }
    expect(needsOnboarding({ config, user: fresh, page: '/', redirectToApp: false })).toBe(false)
  })
  it('stored redirect first, then the reply redirect (same-origin), then the fallback', () => {
    const base = { config, currentPath: '/login', user: null, redirectToApp: false }
    expect(pathAfterLogin({ ...base, stored: '/account', replyRedirect: '/x', fallback: '/' })).toBe(
      '/account',
    )
    expect(pathAfterLogin({ ...base, stored: null, replyRedirect: '/x', fallback: '/' })).toBe('/x')
    expect(
      pathAfterLogin({ ...base, stored: null, replyRedirect: 'https://evil.example', fallback: '/' }),
    ).toBe('/')
    expect(pathAfterLogin({ ...base, stored: null, replyRedirect: null, fallback: null })).toBeNull()
    expect(pathAfterLogin({ ...base, user: old, stored: null, replyRedirect: null, fallback: '/' })).toBe(
      '/account/onboarding',
    )
  })
})

describe('after login, by route name (the resolver says which page a path is)', () => {
  const old = { coin_onboarding: 0, created_at: new Date(Date.now() - 3 * DAY).toISOString() }
  const base = { stored: null, replyRedirect: null, user: old, redirectToApp: false, currentPath: '/' }
  it('a listed page in another case or with a slash is the same page', () => {
    for (const page of ['/Stores', '/stores/', '/AMAZON-coupons'])
      expect(needsOnboarding({ config, user: old, page, redirectToApp: false }), page).toBe(true)
  })
  it('the onboarding page comes from routes.json; a brand without it keeps the member on course', () => {
    expect(pathAfterLogin({ ...base, config, fallback: '/Login' })).toBe('/account/onboarding')
    const withoutCoins = { ...config, routes: config.routes.filter((r) => r.name !== 'account-onboarding') }
    expect(pathAfterLogin({ ...base, config: withoutCoins, fallback: '/stores' })).toBe('/stores')
  })
})

describe('URL credentials', () => {
  it('finds the token of /token/callback/:token and a clean address', () => {
    expect(
      findUrlCredential(config, { pathname: '/token/callback/abc.def', search: '?redirect=/stores&x=1' }),
    ).toEqual({
      kind: 'token',
      token: 'abc.def',
      cleanUrl: '/token/callback?x=1',
      next: '/stores',
    })
    expect(
      findUrlCredential(config, { pathname: '/token/callback/a', search: '?redirect=//evil' }),
    ).toMatchObject({
      next: null,
    })
  })
  it('finds ?code&next on /mobile/authorized (next same-site only) and the code of a social callback', () => {
    expect(
      findUrlCredential(config, {
        pathname: '/mobile/authorized',
        search: '?code=c1&next=%2Fmobile%2Frebates&p=2',
      }),
    ).toEqual({ kind: 'code', code: 'c1', next: '/mobile/rebates', cleanUrl: '/mobile/authorized?p=2' })
    expect(findUrlCredential(config, { pathname: '/mobile/authorized', search: '?code=c1' })).toMatchObject({
      next: '/mobile/dashboard',
      cleanUrl: '/mobile/authorized',
    })
    for (const next of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect(
        findUrlCredential(config, {
          pathname: '/mobile/authorized',
          search: `?code=c&next=${encodeURIComponent(next)}`,
        }),
      ).toMatchObject({ next: '/mobile/dashboard' })
    // a login token in a deep link is no longer accepted: it leaves the address bar, unused
    expect(findUrlCredential(config, { pathname: '/mobile/authorized', search: '?token=t1&p=2' })).toEqual({
      kind: 'refused',
      cleanUrl: '/mobile/authorized?p=2',
    })
    expect(
      findUrlCredential(config, { pathname: '/mobile/authorized', search: '?code=c&token=t1' }),
    ).toMatchObject({
      kind: 'code',
      cleanUrl: '/mobile/authorized',
    })
    expect(
      findUrlCredential(config, { pathname: '/auth/dev/callback', search: '?code=c&state=s' }),
    ).toMatchObject({
      kind: 'social',
      provider: 'dev',
      cleanUrl: '/auth/dev/callback',
    })
    expect(findUrlCredential(config, { pathname: '/stores', search: '?token=x' })).toBeNull()
  })
  it('OAuth state: only this tab redeems it, once; the return path must be same-origin', () => {
    const st = makeOAuthState('/stores')
    expect(readOAuthState(st)).toEqual({ valid: true, redirect: '/stores' })
    expect(readOAuthState(st).valid).toBe(false)
    const evil = makeOAuthState('https://evil.example')
    expect(readOAuthState(evil)).toEqual({ valid: true, redirect: null })
    expect(readOAuthState('forged.%2Fx').valid).toBe(false)
  })
  it('dev provider code round-trips, also with accents', () => {
    expect(decodeDevCode(encodeDevCode({ email: 'a@b.co', name: 'Íñigo' }))).toEqual({
      email: 'a@b.co',
      name: 'Íñigo',
    })
    expect(decodeDevCode('%%%')).toBeNull()
  })
  it('token entry pages and home after sign-out', () => {
    expect(isTokenEntryPath(config, '/verify/x')).toBe(true)
    // issue 25: the email-change links (a stale stored user must not send them home)
    expect(isTokenEntryPath(config, '/email/confirm/x')).toBe(true)
    expect(isTokenEntryPath(config, '/email/undo/x')).toBe(true)
    expect(isTokenEntryPath(config, '/stores')).toBe(false)
    const routes = [{ path: '/', screen: 'catalog/HomePage', name: 'home' }] as never
    expect(homePath({ partner: null, routes, redirects: [] })).toBe('/')
    expect(homePath({ partner: { signOutPath: '/partner-home' } as never, routes, redirects: [] })).toBe(
      '/partner-home',
    )
  })
})

describe('the redirect-to-app cookie (SPEC 4 after login)', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1'
  const PIXEL =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36'
  const DESKTOP =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36'
  const old = { coin_onboarding: 0, created_at: new Date(Date.now() - 3 * DAY).toISOString() }
  const cookies = createCookies('qa1_')
  const clear = () => {
    cookies.remove(constants.mobileAppCookieName)
    cookies.remove(constants.redirectToAppCookieName)
  }
  /** A login, then the after-login rule reading the cookie as the auth plugin does. */
  function afterLoginIn(userAgent: string, inApp: boolean) {
    clear()
    if (inApp) cookies.set(constants.mobileAppCookieName, '1')
    rememberAppLogin(cookies, userAgent)
    return pathAfterLogin({
      config,
      stored: null,
      replyRedirect: null,
      fallback: '/stores',
      currentPath: '/stores',
      user: old,
      redirectToApp: Boolean(cookies.get(constants.redirectToAppCookieName)),
    })
  }

  it('a login in the app on iOS or Android sets it (env-prefixed, a session cookie): no onboarding', () => {
    for (const ua of [IPHONE, PIXEL]) {
      expect(afterLoginIn(ua, true)).toBe('/stores')
      expect(document.cookie).toContain(`qa1_${constants.redirectToAppCookieName}=1`)
    }
    clear()
  })
  it('on a desktop browser (even with the mobile-app cookie) or outside the app it is not set: onboarding', () => {
    expect(afterLoginIn(DESKTOP, true)).toBe('/account/onboarding?next=%2Fstores')
    expect(cookies.get(constants.redirectToAppCookieName)).toBeUndefined()
    expect(afterLoginIn(IPHONE, false)).toBe('/account/onboarding?next=%2Fstores')
    expect(cookies.get(constants.redirectToAppCookieName)).toBeUndefined()
    clear()
  })
})
