import { describe, expect, it } from 'vitest'
import { constants } from '../../src/index'
import {
  decodeDevCode,
  encodeDevCode,
  findUrlCredential,
  homePath,
  isTokenEntryPath,
  makeOAuthState,
  readOAuthState,
} from './entry'
import { needsOnboarding, pathAfterLogin, safePath, takeStoredRedirect } from './redirect'

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
      expect(needsOnboarding({ user: old, page, redirectToApp: false })).toBe(true)
  })
  it('any condition missing: no onboarding', () => {
    expect(needsOnboarding({ user: { ...old, coin_onboarding: 1 }, page: '/', redirectToApp: false })).toBe(
      false,
    )
    expect(needsOnboarding({ user: old, page: '/account', redirectToApp: false })).toBe(false)
    expect(needsOnboarding({ user: old, page: '/', redirectToApp: true })).toBe(false)
    const fresh = { coin_onboarding: 0, created_at: new Date(Date.now() - 3600_000).toISOString() }
    expect(needsOnboarding({ user: fresh, page: '/', redirectToApp: false })).toBe(false)
  })
  it('stored redirect first, then the reply redirect (same-origin), then the fallback', () => {
    const base = { currentPath: '/login', user: null, redirectToApp: false }
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

describe('URL credentials', () => {
  it('finds the token of /token/callback/:token and a clean address', () => {
    expect(
      findUrlCredential({ pathname: '/token/callback/abc.def', search: '?redirect=/stores&x=1' }),
    ).toEqual({
      kind: 'token',
      token: 'abc.def',
      cleanUrl: '/token/callback?x=1',
      next: '/stores',
    })
    expect(findUrlCredential({ pathname: '/token/callback/a', search: '?redirect=//evil' })).toMatchObject({
      next: null,
    })
  })
  it('finds ?token on /mobile/authorized and the code of a social callback', () => {
    expect(findUrlCredential({ pathname: '/mobile/authorized', search: '?token=t1&p=2' })).toMatchObject({
      token: 't1',
      cleanUrl: '/mobile/authorized?p=2',
    })
    expect(findUrlCredential({ pathname: '/auth/dev/callback', search: '?code=c&state=s' })).toMatchObject({
      kind: 'social',
      provider: 'dev',
      cleanUrl: '/auth/dev/callback',
    })
    expect(findUrlCredential({ pathname: '/stores', search: '?token=x' })).toBeNull()
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
    expect(isTokenEntryPath('/verify/x')).toBe(true)
    expect(isTokenEntryPath('/stores')).toBe(false)
    const routes = [{ path: '/', screen: 'catalog/HomePage', name: 'Home' }] as never
    expect(homePath({ partner: null, routes })).toBe('/')
    expect(homePath({ partner: { signOutPath: '/partner-home' } as never, routes })).toBe('/partner-home')
  })
})
