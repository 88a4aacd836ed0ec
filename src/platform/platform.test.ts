import { describe, expect, it } from 'vitest'
import { constants } from '../config/constants'
import { createLocalCache } from './cache'
import { createCookies } from './cookies'
import { inMobileApp, mobileOs } from './device'

describe('local cache of value + expiry (SPEC 3, 4 "Cache")', () => {
  it('returns a value before its expiry and removes it when read after', () => {
    let now = 1_000_000
    const cache = createLocalCache(() => now)
    cache.set('k', { a: 1 }, 1)
    expect(cache.get('k')).toEqual({ a: 1 })
    now += 60_001
    expect(cache.get('k')).toBeUndefined()
    expect(localStorage.getItem('k')).toBeNull()
  })
  it(`defaults to ${constants.defaultCacheMinutes} minutes`, () => {
    let now = 0
    const cache = createLocalCache(() => now)
    cache.set('k', 1)
    now = constants.defaultCacheMinutes * 60_000 - 1
    expect(cache.get('k')).toBe(1)
    now += 1
    expect(cache.get('k')).toBeUndefined()
  })
  it('treats an unparseable value as absent', () => {
    localStorage.setItem('bad', '{not json')
    expect(createLocalCache().get('bad')).toBeUndefined()
    localStorage.setItem('shape', '{"value":1}')
    expect(createLocalCache().get('shape')).toBeUndefined()
  })
})

describe('cookies with the environment prefix (SPEC 9)', () => {
  it('prefixes names in qa1 and not in production', () => {
    const qa = createCookies('qa1_')
    qa.set('sm_landers', 'x', { days: 25 })
    expect(document.cookie).toContain('qa1_sm_landers=x')
    expect(qa.get('sm_landers')).toBe('x')
    expect(createCookies('').get('sm_landers')).toBeUndefined()
    qa.remove('sm_landers')
    expect(qa.get('sm_landers')).toBeUndefined()
  })
  it('treats an undecodable value as absent', () => {
    document.cookie = 'broken=%E0%A4%A; path=/'
    expect(createCookies('').get('broken')).toBeUndefined()
  })
})

describe('device and app detection (SPEC 2.4)', () => {
  it('tells iOS and Android apart', () => {
    expect(mobileOs('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios')
    expect(mobileOs('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android')
    expect(mobileOs('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull()
  })
  it('detects the mobile-app cookie', () => {
    const c = createCookies('')
    expect(inMobileApp(c)).toBe(false)
    c.set(constants.mobileAppCookieName, '1')
    expect(inMobileApp(c)).toBe(true)
  })
})
