import { createLocalCache, type Services } from '@core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import catalog from '../../plugins/catalog/index'
import { CatalogStore, HOME_COUPONS } from '../../plugins/catalog/model'
import { resetPageFirstData } from '../../src/first-paint/data'

const home = {
  data: {
    top_stores: [{ internal_name: 'top' }],
    merchants_we_love: [{ internal_name: 'love' }],
    best_cashback: [{ internal_name: 'best' }],
    top_products: [{ id: 1 }],
    coupons: Array.from({ length: HOME_COUPONS }, (_, i) => ({ id: i })),
  },
}
const offers = { data: [{ offer_id: 7 }], has_more: true }

/** A page the server drew: the drawing in `lang` and the replies it was drawn from. */
function drawnPage(lang: string | null, data: Record<string, unknown>) {
  document.body.innerHTML = `${lang ? `<div id="first-paint" data-lang="${lang}"></div>` : ''}<div id="root" hidden></div><script type="application/json" id="first-data"></script>`
  document.getElementById('first-data')!.textContent = JSON.stringify(data)
  resetPageFirstData()
}

function start() {
  // the page's replies answer the first calls, as the app's HTTP client does (src/http/client.ts)
  const get = vi.fn(async (url: string, cfg?: { params?: Record<string, unknown> }) => {
    if (url === '/api/home') return home
    if (url === '/api/offers' && cfg?.params?.page === 1) return offers
    if (url === '/api/categories') return { data: [{ slug: 'grocery' }] }
    throw new Error(url)
  })
  const services = { http: { get }, cache: createLocalCache() } as unknown as Services
  const store = { catalog: CatalogStore.create({}, services) }
  return { store, get, run: () => catalog.setup!({ store, services }) }
}

afterEach(() => {
  document.body.innerHTML = ''
  resetPageFirstData()
  localStorage.clear()
})

describe('catalog start-up on a home the server drew', () => {
  it('fills the home lists and the first offers from the page before the first render; HomePage then loads nothing', async () => {
    drawnPage('es', {
      '/api/home?lang=es': { status: 200, body: home },
      '/api/offers?page=1&per_page=6&type=CASHBACK': { status: 200, body: offers },
    })
    const { store, get, run } = start()
    await run()
    expect(store.catalog.topStores.data).toEqual([{ internal_name: 'top' }])
    expect(store.catalog.coupons.data).toHaveLength(HOME_COUPONS)
    expect(store.catalog.coupons.has_more).toBe(true)
    expect(store.catalog.offers.data).toEqual([{ offer_id: 7 }])
    expect(store.catalog.homeLang).toBe('es')
    expect(get).toHaveBeenCalledTimes(2)
    // what HomePage does after the take-over finds everything there: no call, no change
    await store.catalog.loadHome('es')
    expect(get).toHaveBeenCalledTimes(2)
  })

  it('fills the categories of a store list the server drew', async () => {
    drawnPage('en', { '/api/categories': { status: 200, body: { data: [{ slug: 'grocery' }] } } })
    const { store, get, run } = start()
    await run()
    expect(store.catalog.categories.data).toEqual([{ slug: 'grocery' }])
    expect(get).toHaveBeenCalledTimes(1)
    await store.catalog.loadCategories()
    expect(get).toHaveBeenCalledTimes(1)
  })

  it('does nothing on another page, a page not drawn, or a drawing the app dropped (another language)', async () => {
    for (const [lang, data] of [
      ['en', { '/api/stores/deliveroo?lang=en': { status: 200, body: { data: {} } } }],
      [null, { '/api/home?lang=en': { status: 200, body: home } }],
      ['en', { '/api/home?lang=es': { status: 200, body: home } }],
      ['en', { '/api/home?lang=en': { status: 500, body: {} } }],
    ] as const) {
      drawnPage(lang, data)
      const { store, get, run } = start()
      await run()
      expect(get).not.toHaveBeenCalled()
      expect(store.catalog.topStores.status).toBe('empty')
    }
  })
})
