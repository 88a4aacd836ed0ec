import { afterEach, describe, expect, it, vi } from 'vitest'
import { createAnalytics } from './analytics'
import { createGtag } from './gtag'
import { fakeConfig } from './test-utils'

afterEach(() => {
  delete window.gtag
  delete window.dataLayer
  for (const s of document.querySelectorAll('script[data-gtag]')) s.remove()
})

describe('analytics tag adapter', () => {
  it('loads nothing when no tag is configured', () => {
    const load = vi.fn()
    expect(createAnalytics(fakeConfig(), load)).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })
  it('loads the adapter chunk when configured and forwards events to it', async () => {
    const tag = { event: vi.fn(), clientId: vi.fn(async () => 'cid') }
    const a = createAnalytics(fakeConfig({ analytics: { gtagId: 'G-TEST123' } }), async () => ({
      createGtag: () => tag,
    }))!
    a.event('page_view', { action: 'page_view' })
    expect(await a.clientId()).toBe('cid')
    expect(tag.event).toHaveBeenCalledWith('page_view', { action: 'page_view' })
  })
  it('loads the tag only once the page is loaded and idle, not while the first screen starts', async () => {
    let idle!: () => void
    const load = vi.fn(async () => ({ createGtag: () => ({ event: vi.fn(), clientId: async () => 'cid' }) }))
    const a = createAnalytics(
      fakeConfig({ analytics: { gtagId: 'G-TEST123' } }),
      load,
      () => new Promise<void>((r) => (idle = r)),
    )!
    a.event('page_view', {})
    await Promise.resolve()
    expect(load).not.toHaveBeenCalled()
    idle()
    expect(await a.clientId()).toBe('cid')
    expect(load).toHaveBeenCalledOnce()
  })
  it('a tag that fails to load is dropped quietly', async () => {
    const a = createAnalytics(fakeConfig({ analytics: { gtagId: 'G-TEST123' } }), () =>
      Promise.reject(new Error('offline')),
    )!
    a.event('x', {})
    expect(await a.clientId()).toBeUndefined()
  })
  it('gtag: one script with the page nonce, the gtag queue, and the client id', async () => {
    const page = document.createElement('script')
    page.nonce = 'abc'
    document.head.append(page)
    const tag = createGtag('G-TEST123')
    createGtag('G-TEST123')
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-gtag]')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123')
    expect(scripts[0]!.nonce).toBe('abc')
    tag.event('signup', { a: 1 })
    expect(Array.from(window.dataLayer!.at(-1) as ArrayLike<unknown>)).toEqual(['event', 'signup', { a: 1 }])
    const cid = tag.clientId()
    const get = Array.from(window.dataLayer!.at(-1) as ArrayLike<unknown>)
    expect(get.slice(0, 3)).toEqual(['get', 'G-TEST123', 'client_id'])
    ;(get[3] as (v: string) => void)('GA1.1.5.6')
    expect(await cid).toBe('GA1.1.5.6')
    page.remove()
  })
})
