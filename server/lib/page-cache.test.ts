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
    const cache = new PageCache(() => 1_000)
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
