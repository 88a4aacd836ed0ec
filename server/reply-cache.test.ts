// Issue 17 (the API under load): the catalog's reply cache and the prepared replies it sends. The
// figures come from `npm run bench` (scripts/bench-api.ts), never from here.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { fail } from './lib/http.ts'
import { etagMatches, PreparedReply, ReplyCache } from './lib/reply-cache.ts'
import { CATALOG_CACHE_MS } from './routes/catalog.ts'
import { catalogCacheMsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

describe('ReplyCache', () => {
  afterEach(() => {
    vi.useRealTimers()
  })
  const counter = () => {
    let n = 0
    return {
      fn: async () => ({ n: ++n }),
      get calls() {
        return n
      },
    }
  }
  const json = async (r: PreparedReply | Promise<PreparedReply>) => JSON.parse((await r).body.toString())

  it('serves a reply for its TTL without computing it again', async () => {
    vi.useFakeTimers()
    // the whole TTL fresh (a draw of 0 of the spread below)
    const c = new ReplyCache({ ttlMs: 1000, random: () => 0 })
    const k = counter()
    expect(await json(c.get('a', k.fn))).toEqual({ n: 1 })
    vi.advanceTimersByTime(999)
    const hit = c.get('a', k.fn)
    expect(hit).toBeInstanceOf(PreparedReply) // no promise: nothing to wait for
    expect(await json(hit)).toEqual({ n: 1 })
    expect(k.calls).toBe(1)
    expect(await json(c.get('b', k.fn))).toEqual({ n: 2 })
  })

  it('after its TTL, serves the old reply while one refresh runs, then the new one', async () => {
    vi.useFakeTimers()
    const c = new ReplyCache({ ttlMs: 1000 })
    let calls = 0
    let release = () => {}
    const fn = () =>
      new Promise<unknown>((resolve) => {
        const n = ++calls
        if (n === 1) resolve({ n })
        else release = () => resolve({ n })
      })
    await c.get('a', fn)
    vi.advanceTimersByTime(1500)
    expect(await json(c.get('a', fn))).toEqual({ n: 1 })
    expect(await json(c.get('a', fn))).toEqual({ n: 1 })
    expect(calls).toBe(2) // one refresh for both
    release()
    await vi.waitFor(async () => expect(await json(c.get('a', fn))).toEqual({ n: 2 }))
    expect(calls).toBe(2)
  })

  it('spreads expiries: a reply is fresh for its TTL less up to a fifth, drawn for each reply', async () => {
    vi.useFakeTimers()
    const draws = [1, 0.5]
    const c = new ReplyCache({ ttlMs: 1000, random: () => draws.shift() ?? 0 })
    const k = counter()
    await c.get('a', k.fn) // fresh for 800 ms
    await c.get('b', k.fn) // fresh for 900 ms
    vi.advanceTimersByTime(799)
    expect(c.get('a', k.fn)).toBeInstanceOf(PreparedReply)
    expect(k.calls).toBe(2)
    vi.advanceTimersByTime(1)
    expect(await json(c.get('a', k.fn))).toEqual({ n: 1 }) // the old reply while one refresh runs
    expect(await json(c.get('b', k.fn))).toEqual({ n: 2 }) // still fresh: no refresh
    expect(k.calls).toBe(3)
    vi.advanceTimersByTime(100)
    c.get('b', k.fn)
    expect(k.calls).toBe(4)
  })

  it('past twice its TTL, computes the reply before answering', async () => {
    vi.useFakeTimers()
    const c = new ReplyCache({ ttlMs: 1000 })
    const k = counter()
    await c.get('a', k.fn)
    vi.advanceTimersByTime(2000)
    expect(await json(c.get('a', k.fn))).toEqual({ n: 2 })
  })

  it('computes a key once for concurrent misses', async () => {
    const c = new ReplyCache({ ttlMs: 1000 })
    let calls = 0
    let release = () => {}
    const fn = () =>
      new Promise<unknown>((resolve) => {
        calls++
        release = () => resolve({ ok: true })
      })
    const waiting = [c.get('a', fn), c.get('a', fn), c.get('a', fn)]
    release()
    const replies = await Promise.all(waiting)
    expect(calls).toBe(1)
    expect(new Set(replies).size).toBe(1)
  })

  it('caches no error; a refresh that finds the thing gone drops it, another failure keeps the old reply', async () => {
    vi.useFakeTimers()
    const errors: string[] = []
    const c = new ReplyCache({ ttlMs: 1000, onError: (_e, key) => errors.push(key) })
    let outcome: 'ok' | 'gone' | 'broken' = 'broken'
    const fn = async () => {
      if (outcome === 'gone') throw fail(404, 'internal_name', 'Not found')
      if (outcome === 'broken') throw new Error('database down')
      return { ok: true }
    }
    await expect(c.get('a', fn)).rejects.toThrow('database down')
    outcome = 'ok'
    expect(await json(c.get('a', fn))).toEqual({ ok: true })

    outcome = 'broken'
    vi.advanceTimersByTime(1500)
    expect(await json(c.get('a', fn))).toEqual({ ok: true })
    await vi.runAllTimersAsync()
    expect(errors).toEqual(['a'])
    expect(c.size).toBe(1)

    outcome = 'gone'
    expect(await json(c.get('a', fn))).toEqual({ ok: true })
    await vi.runAllTimersAsync()
    expect(c.size).toBe(0)
    await expect(c.get('a', fn)).rejects.toMatchObject({ statusCode: 404 })
  })

  it('with a TTL of 0 computes every reply; keeps at most max entries, the oldest going first', async () => {
    const off = new ReplyCache({ ttlMs: 0 })
    const k = counter()
    await off.get('a', k.fn)
    await off.get('a', k.fn)
    expect(k.calls).toBe(2)
    expect(off.size).toBe(0)

    const small = new ReplyCache({ ttlMs: 60_000, max: 2 })
    await small.get('a', k.fn)
    await small.get('b', k.fn)
    await small.get('c', k.fn)
    expect(small.size).toBe(2)
    const before = k.calls
    await small.get('c', k.fn)
    await small.get('b', k.fn)
    expect(k.calls).toBe(before)
    await small.get('a', k.fn)
    expect(k.calls).toBe(before + 1)
  })

  it('matches If-None-Match weakly, in a list, or *', () => {
    const etag = new PreparedReply({ a: 1 }).etag
    expect(etag).toMatch(/^W\/".+"$/)
    expect(etagMatches(etag, etag)).toBe(true)
    expect(etagMatches(etag.slice(2), etag)).toBe(true)
    expect(etagMatches(`W/"other", ${etag}`, etag)).toBe(true)
    expect(etagMatches('*', etag)).toBe(true)
    expect(etagMatches('W/"other"', etag)).toBe(false)
    expect(new PreparedReply({ a: 2 }).etag).not.toBe(etag)
  })
})

describe('CATALOG_CACHE_SECONDS', () => {
  it('is read in seconds; unset keeps the default; a bad value fails the start', () => {
    expect(catalogCacheMsFromEnv({})).toBeUndefined()
    expect(catalogCacheMsFromEnv({ CATALOG_CACHE_SECONDS: '0' })).toBe(0)
    expect(catalogCacheMsFromEnv({ CATALOG_CACHE_SECONDS: '2.5' })).toBe(2500)
    for (const bad of ['-1', 'soon', '3601'])
      expect(() => catalogCacheMsFromEnv({ CATALOG_CACHE_SECONDS: bad })).toThrow(/CATALOG_CACHE_SECONDS/)
  })
})

describe('catalog replies from the cache', () => {
  let app: FastifyInstance
  let c: ReturnType<typeof client>
  beforeAll(async () => {
    app = await testServer()
    c = client(app)
  })
  afterAll(() => app?.close())
  afterEach(() => {
    app.catalogCache.ttlMs = CATALOG_CACHE_MS
    app.catalogCache.clear()
  })

  const paths = ['/api/stores?per_page=50', '/api/stores?per_page=5&lang=es', '/api/categories', '/api/home']

  it('sends the same JSON and headers as a reply computed for the request', async () => {
    const store = (await c.get('/api/stores?per_page=1')).body.data[0].internal_name
    for (const path of [...paths, `/api/stores/${store}`]) {
      app.catalogCache.ttlMs = 0
      const fresh = await c.get(path)
      app.catalogCache.ttlMs = CATALOG_CACHE_MS
      await c.get(path) // fills the cache
      const cached = await c.get(path)
      expect(cached.status).toBe(200)
      expect(cached.text).toBe(fresh.text)
      expect(cached.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(cached.headers['content-length']).toBe(String(Buffer.byteLength(fresh.text)))
      expect(cached.headers.etag).toBe(fresh.headers.etag)
      // a catalog reply may be kept by the browser, which asks again each time (ETag); other API
      // replies stay no-store. The security headers of every API reply.
      expect(cached.headers['cache-control']).toBe('private, no-cache')
      expect(fresh.headers['cache-control']).toBe('private, no-cache')
      expect(cached.headers['content-security-policy']).toMatch(/default-src 'none'/)
      expect(cached.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('sends brotli or gzip bytes of the same JSON as the client accepts, with Vary', async () => {
    const plain = await c.get('/api/stores?per_page=50')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const r = await app.inject({
          method: 'GET',
          url: '/api/stores?per_page=50',
          headers: { 'accept-encoding': accept },
        })
        expect(r.statusCode).toBe(200)
        expect(r.headers['content-encoding']).toBe(encoding)
        expect(r.headers.vary).toBe('Accept-Encoding')
        expect(decode(r.rawPayload).toString()).toBe(plain.text)
      }
    }
  })

  it('answers 304 without a body to If-None-Match naming the reply', async () => {
    const first = await c.get('/api/stores?per_page=50')
    // browsers keep it and ask again each time (not no-store, which made them drop the ETag)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const etag = String(first.headers.etag)
    const again = await c.get('/api/stores?per_page=50', { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.etag).toBe(etag)
    const other = await c.get('/api/stores?per_page=50', { 'if-none-match': 'W/"stale"' })
    expect(other.status).toBe(200)
    expect(other.text).toBe(first.text)
  })

  it('keeps replies apart by query and language, and refuses bad queries before the cache', async () => {
    const en = await c.get('/api/stores?per_page=3')
    const es = await c.get('/api/stores?per_page=3&lang=es')
    const p2 = await c.get('/api/stores?per_page=3&page=2')
    expect(en.body.data[0].rate.label).not.toBe(es.body.data[0].rate.label)
    expect(p2.body.data[0].id).not.toBe(en.body.data[0].id)
    // the same query written otherwise is the same reply
    expect((await c.get('/api/stores?lang=en&per_page=3')).text).toBe(en.text)
    expect((await c.get('/api/stores?per_page=1000')).status).toBe(422)
  })

  it('does not keep a 404: a store that appears is found at once', async () => {
    expect((await c.get('/api/stores/not-yet-a-store')).status).toBe(404)
    const db = app.services.db
    await db.query(
      `INSERT INTO stores (internal_name, name, logo, color, category_slug, rate_type, rate_value, best_rate_value, redirect_url,
         description_en, description_es, terms_en, terms_es)
       SELECT 'not-yet-a-store', 'Not Yet', logo, color, category_slug, rate_type, rate_value, best_rate_value, redirect_url,
         description_en, description_es, terms_en, terms_es FROM stores ORDER BY id LIMIT 1`,
    )
    try {
      const r = await c.get('/api/stores/not-yet-a-store')
      expect(r.status).toBe(200)
      expect(r.body.data.name).toBe('Not Yet')
    } finally {
      await db.query(`DELETE FROM stores WHERE internal_name = 'not-yet-a-store'`)
    }
  })

  it('shows a change of the catalog within two TTLs (the stale reply once, while it refreshes)', async () => {
    app.catalogCache.ttlMs = 200
    // the cache's age on a clock of the test's own: on the real one, the requests below can take long
    // enough on a loaded machine to pass twice the TTL, after which nothing stale is served
    app.catalogCache.clear()
    vi.useFakeTimers({ toFake: ['Date'] })
    const db = app.services.db
    const first = (await c.get('/api/stores?per_page=1')).body.data[0]
    const store = first.internal_name as string
    const page = await c.get(`/api/stores/${store}`)
    await db.query('UPDATE stores SET name = $2 WHERE internal_name = $1', [store, 'Renamed Store'])
    try {
      expect((await c.get('/api/stores?per_page=1')).body.data[0].name).toBe(first.name)
      expect((await c.get(`/api/stores/${store}`)).text).toBe(page.text)
      vi.setSystemTime(Date.now() + 250)
      // stale: served at once while the refresh runs
      expect((await c.get('/api/stores?per_page=1')).body.data[0].name).toBe(first.name)
      await vi.waitFor(async () => {
        expect((await c.get('/api/stores?per_page=1')).body.data[0].name).toBe('Renamed Store')
      })
      await vi.waitFor(async () => {
        expect((await c.get(`/api/stores/${store}`)).body.data.name).toBe('Renamed Store')
      })
    } finally {
      vi.useRealTimers()
      await db.query('UPDATE stores SET name = $2 WHERE internal_name = $1', [store, first.name])
    }
  })

  it('reads no database row for a cached reply', async () => {
    await c.get('/api/stores?per_page=50')
    const db = app.services.db
    const spy = vi.spyOn(db, 'query')
    const one = vi.spyOn(db, 'one')
    try {
      for (let i = 0; i < 5; i++) expect((await c.get('/api/stores?per_page=50')).status).toBe(200)
      expect(spy).not.toHaveBeenCalled()
      expect(one).not.toHaveBeenCalled()
    } finally {
      spy.mockRestore()
      one.mockRestore()
    }
  })
})
