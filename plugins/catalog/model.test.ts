import { constants, createLocalCache, type Services } from '@core'
import { reaction } from 'mobx'
import { describe, expect, it, vi } from 'vitest'
import { CatalogStore, HOME_COUPONS } from './model'

const home = (tag: string) => ({
  data: {
    top_stores: [{ internal_name: `top-${tag}` }],
    merchants_we_love: [{ internal_name: 'love' }],
    best_cashback: [{ internal_name: 'best' }],
    top_products: [{ id: 1 }],
    coupons: Array.from({ length: HOME_COUPONS }, (_, i) => ({ id: i })),
  },
})

function setup(
  get = vi.fn(async (url: string, cfg?: { params?: Record<string, unknown> }) => {
    if (url === '/api/home') return home(String(cfg?.params?.lang))
    if (url === '/api/categories') return { data: [{ slug: 'grocery' }] }
    if (url === '/api/coupons') return { data: [{ id: 100 + Number(cfg?.params?.page) }], has_more: false }
    throw new Error(url)
  }),
) {
  const services = { http: { get }, cache: createLocalCache() } as unknown as Services
  return { store: CatalogStore.create({}, services), get, services }
}

describe('catalog store (SPEC 3 cached lists)', () => {
  it('one /api/home call fills the five home lists, kept for the default 5 minutes', async () => {
    localStorage.clear()
    const { store, get } = setup()
    await store.loadHome('en')
    expect(get).toHaveBeenCalledTimes(1)
    expect(store.topStores.data).toEqual([{ internal_name: 'top-en' }])
    expect(store.coupons.data).toHaveLength(HOME_COUPONS)
    const left = store.topStores.expire - Date.now()
    expect(left).toBeGreaterThan((constants.defaultCacheMinutes - 0.1) * 60_000)
    expect(left).toBeLessThanOrEqual(constants.defaultCacheMinutes * 60_000)
    await store.loadHome('en')
    expect(get).toHaveBeenCalledTimes(1)
  })
  it('a reload within the expiry reads local storage, per language', async () => {
    localStorage.clear()
    await setup().store.loadHome('en')
    const again = setup()
    await again.store.loadHome('en')
    expect(again.get).not.toHaveBeenCalled()
    await again.store.loadHome('es')
    expect(again.get).toHaveBeenCalledTimes(1)
    expect(again.store.topStores.data).toEqual([{ internal_name: 'top-es' }])
  })
  it('home coupons page on through /api/coupons with has_more', async () => {
    localStorage.clear()
    const { store, get } = setup()
    await store.loadHome('en')
    expect(store.coupons.has_more).toBe(true)
    await store.moreCoupons('en')
    expect(get).toHaveBeenLastCalledWith('/api/coupons', {
      params: { page: 2, per_page: HOME_COUPONS, lang: 'en' },
    })
    expect(store.coupons.data).toHaveLength(HOME_COUPONS + 1)
    expect(store.coupons.page).toBe(2)
    expect(store.coupons.has_more).toBe(false)
  })
  it('categories are cached for categoryCacheHours', async () => {
    localStorage.clear()
    const { store } = setup()
    await store.loadCategories()
    expect(store.categories.expire - Date.now()).toBeGreaterThan(
      (constants.categoryCacheHours * 60 - 1) * 60_000,
    )
  })
  it('a failed home call puts every list in error; a forced retry loads', async () => {
    localStorage.clear()
    let fail = true
    const { store } = setup(
      vi.fn(async () => {
        if (fail) throw new Error('Network Error')
        return home('en')
      }),
    )
    await store.loadHome('en')
    expect(store.topStores.status).toBe('error')
    fail = false
    await store.loadHome('en', { force: true })
    expect(store.topStores.status).toBe('success')
  })
  it('a new stores query starts the list over; the same query keeps it', () => {
    const { store } = setup()
    store.selectStores('a')
    store.stores.setStatus('success')
    store.selectStores('a')
    expect(store.stores.status).toBe('success')
    store.selectStores('b')
    expect(store.stores.status).toBe('empty')
  })
  it('a stores query the page was drawn with takes the drawn first page in one change, without a call (issue 30)', () => {
    const { store, get } = setup()
    const drawn = { data: [{ internal_name: 'deliveroo' }, { internal_name: 'uber' }], has_more: true }
    let changes = 0
    const stop = reaction(
      () => [store.storesQuery, store.stores.data, store.stores.status, store.stores.has_more],
      () => changes++,
    )
    store.selectStores('a', drawn)
    stop()
    // one change: the list's observers (the store list) render once, with the very rows they drew
    expect(changes).toBe(1)
    expect(store.stores.data).toBe(drawn.data)
    expect(store.stores.status).toBe('success')
    expect(store.stores.has_more).toBe(true)
    expect(store.stores.page).toBe(1)
    expect(get).not.toHaveBeenCalled()
    // the same query again keeps it; a new one starts over, whatever was drawn
    store.selectStores('a', { data: [], has_more: false })
    expect(store.stores.data).toBe(drawn.data)
    store.selectStores('b')
    expect(store.stores.data).toEqual([])
    expect(store.stores.status).toBe('empty')
  })
  it('showCodeForMerchantIds remembers merchants whose codes were revealed, once each', () => {
    const { store } = setup()
    store.revealCodes('deliveroo')
    store.revealCodes('deliveroo')
    expect(store.showCodeForMerchantIds.slice()).toEqual(['deliveroo'])
  })
})
