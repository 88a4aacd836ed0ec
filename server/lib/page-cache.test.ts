import { afterEach, describe, expect, it, vi } from 'vitest'
import { type KeptPage, PageCache } from './page-cache.ts'

const page = (cookies: KeptPage['cookies'], data = ''): KeptPage => ({
  status: 200,
  before: '<p>{',
  after: '}</p>',
  data,
  cookies,
})

describe('PageCache (issue 29: drawn pages kept for visitors)', () => {
  afterEach(() => vi.restoreAllMocks())
  const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(ms)

  it('a page is fresh for its lifetime, stale for as long again (sent while a new drawing runs), then gone', () => {
    // the whole lifetime fresh (a draw of 0 of the spread below)
    const cache = new PageCache(
      () => 1_000,
      2_000,
      () => 0,
    )
    at(10_000)
    cache.set('/stores', page({}))
    at(10_999)
    expect(cache.get('/stores', {})?.stale).toBe(false)
    at(11_000)
    expect(cache.get('/stores', {})?.stale).toBe(true)
    at(11_999)
    expect(cache.get('/stores', {})?.stale).toBe(true)
    at(12_000)
    expect(cache.get('/stores', {})).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('spreads expiries over the last fifth of the lifetime, so pages drawn together are not drawn again together', () => {
    const draws = [1, 0.5, 0]
    const cache = new PageCache(
      () => 1_000,
      2_000,
      () => draws.shift() ?? 0,
    )
    at(10_000)
    for (const k of ['/a', '/b', '/c']) cache.set(k, page({}))
    const stale = () => ['/a', '/b', '/c'].filter((k) => cache.get(k, {})?.stale)
    at(10_799)
    expect(stale()).toEqual([])
    at(10_800)
    expect(stale()).toEqual(['/a'])
    at(10_900)
    expect(stale()).toEqual(['/a', '/b'])
    at(11_000)
    expect(stale()).toEqual(['/a', '/b', '/c'])
    // by default the share is drawn from Math.random
    at(20_000)
    const byDefault = new PageCache(() => 1_000)
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    byDefault.set('/', page({}))
    at(20_899)
    expect(byDefault.get('/', {})?.stale).toBe(false)
    at(20_900)
    expect(byDefault.get('/', {})?.stale).toBe(true)
  })

  it('renews only the variant whose calls were checked; the others go, and a page no longer kept is not renewed', () => {
    const cache = new PageCache(
      () => 1_000,
      2_000,
      () => 0,
    )
    at(10_000)
    const none = page({ consent: undefined }, '"a":1')
    const all = page({ consent: 'all' }, '"b":1')
    cache.set('/', none)
    cache.set('/', all)
    at(11_200)
    expect(cache.get('/', {})?.stale).toBe(true)
    expect(cache.renew('/', none)).toBe(true)
    expect(cache.get('/', {})).toEqual({ page: none, stale: false })
    expect(cache.get('/', { consent: 'all' })).toBeUndefined()
    expect(cache.renew('/', all)).toBe(false)
    expect(cache.renew('/gone', none)).toBe(false)
  })

  it('matches the values of the cookies the drawing read, absent ones included, and ignores the others', () => {
    const cache = new PageCache(() => 1_000)
    at(0)
    cache.set('/', page({ consent: undefined }, '"a":1'))
    cache.set('/', page({ consent: 'all' }, '"b":1'))
    expect(cache.get('/', { other: 'x' })?.page.data).toBe('"a":1')
    expect(cache.get('/', { consent: 'all', other: 'y' })?.page.data).toBe('"b":1')
    expect(cache.get('/', { consent: 'none' })).toBeUndefined()
  })

  it('keeps nothing with a lifetime of 0, and at most `max` keys (the oldest goes)', () => {
    expect(
      (() => {
        const off = new PageCache(() => 0)
        off.set('/', page({}))
        return off.size
      })(),
    ).toBe(0)
    const cache = new PageCache(() => 1_000, 2)
    at(0)
    cache.set('/a', page({}))
    cache.set('/b', page({}))
    cache.set('/c', page({}))
    expect(cache.get('/a', {})).toBeUndefined()
    expect(cache.get('/b', {})?.page.status).toBe(200)
    expect(cache.get('/c', {})?.page.status).toBe(200)
    cache.clear()
    expect(cache.size).toBe(0)
  })
})
