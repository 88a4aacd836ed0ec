import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { RENEW_LIFETIMES } from './lib/page-cache.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 29: the pages the server draws are kept, per path, language, country and the cookies the
 * drawing read, for visitors only; what differs per request (the CSP nonce, the attribution reply of
 * the start-up reads) is put in on every request; the catalog cache's lifetime and its clearing drop them.
 */
const html = `<!doctype html><html><head></head><body><div id="root"></div></body></html>`
const COUNT = '__pageCacheTestPaints'
const count = () => (globalThis as Record<string, unknown>)[COUNT] as number
// A built painter as rsbuild.config.ts writes it (src/node/page-paint.tsx): it draws with the request's
// language, one cookie it reads while drawing ('consent'), the store categories and the start-up read.
const painterJs = `
export const sheetIndex = () => ({ others: [] })
export const sheetsFor = () => []
export async function createPagePainter() {
  const start = { path: '/api/get-cookie', method: 'POST' }
  return {
    startReads: [start],
    redirect: () => null,
    paints: (p) => p === '/stores',
    async paint(req) {
      if (req.url.split('?')[0] !== '/stores') return null
      globalThis.${COUNT} = (globalThis.${COUNT} ?? 0) + 1
      const data = {
        'GET /api/categories': await req.get({ path: '/api/categories' }),
        'POST /api/get-cookie': await req.get(start),
      }
      const consent = req.cookies['consent'] ?? 'none'
      return {
        status: 200,
        language: req.language,
        html: '<style nonce="CSP_NONCE_PLACEHOLDER"></style><h1>Stores ' + req.language + ' consent ' + consent + (req.member ? ' member' : '') + '</h1>',
        classes: [],
        data,
        cookiesRead: ['consent'],
      }
    },
  }
}`

let dir: string
let app: FastifyInstance
let c: ReturnType<typeof client>
const attribution = (sid: string) =>
  `${constants.attributionCookie.name}=${encodeURIComponent(JSON.stringify({ sid, cid: 'mail', partner: 'organic' }))}`
const page = (cookie = '', path = '/stores') =>
  c.get(path, { accept: 'text/html', ...(cookie ? { cookie } : {}) })
/** The first data the page carries (src/first-paint/data.ts reads it). */
const firstData = (text: string) =>
  JSON.parse(text.match(/<script type="application\/json" id="first-data">([^<]*)<\/script>/)![1]!) as Record<
    string,
    { status: number; body: { data?: { sid?: string } } }
  >
const nonceOf = (csp: unknown) => String(csp).match(/'nonce-([^']+)'/)![1]!

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'page-cache-'))
  mkdirSync(join(dir, 'dist', 'default'), { recursive: true })
  writeFileSync(join(dir, 'dist', 'default', 'index.html'), html)
  mkdirSync(join(dir, 'dist', '.first-paint', 'default'), { recursive: true })
  writeFileSync(join(dir, 'dist', '.first-paint', 'default', 'page-paint.js'), painterJs)
  app = await testServer({
    root: dir,
    serveStatic: true,
    brand: 'default',
    seed: false,
    trustGeoHeader: true,
  })
  c = client(app)
})
afterAll(async () => {
  await app?.close()
  rmSync(dir, { recursive: true, force: true })
})
beforeEach(() => {
  app.catalogCache.clear()
})

describe('drawn pages kept for visitors (issue 29)', () => {
  it('draws a page once for many visitors, each page with its own nonce and its own attribution', async () => {
    const before = count() ?? 0
    const a = await page(attribution('visitor-a'))
    const b = await page(attribution('visitor-b'))
    expect(count() - before).toBe(1)
    for (const [r, sid] of [
      [a, 'visitor-a'],
      [b, 'visitor-b'],
    ] as const) {
      expect(r.status).toBe(200)
      expect(r.text).toContain('<h1>Stores en consent none</h1>')
      // the start-up read is made for this request, not taken from the first visitor's page
      expect(firstData(r.text)['POST /api/get-cookie']!.body.data!.sid).toBe(sid)
      // the drawn data is there too
      expect(firstData(r.text)['GET /api/categories']!.status).toBe(200)
      const n = nonceOf(r.headers['content-security-policy'])
      expect(r.text).toContain(`<style nonce="${n}">`)
      expect(r.text).not.toContain('CSP_NONCE_PLACEHOLDER')
    }
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(
      nonceOf(b.headers['content-security-policy']),
    )
  })

  it('sends a kept page as gzip made of its parts, the same page with its own nonce and attribution', async () => {
    await page(attribution('first'))
    const r = await app.inject({
      method: 'GET',
      url: '/stores',
      headers: {
        accept: 'text/html',
        'accept-encoding': 'gzip, deflate, br',
        cookie: attribution('gzip-visitor'),
      },
    })
    expect(r.headers['content-encoding']).toBe('gzip')
    expect(String(r.headers.vary)).toMatch(/Accept-Encoding/)
    const text = gunzipSync(r.rawPayload).toString('utf8')
    const n = nonceOf(r.headers['content-security-policy'])
    expect(text).toContain(`<style nonce="${n}"></style><h1>Stores en consent none</h1>`)
    expect(text).not.toContain('CSP_NONCE_PLACEHOLDER')
    expect(firstData(text)['POST /api/get-cookie']!.body.data!.sid).toBe('gzip-visitor')
    expect(firstData(text)['GET /api/categories']!.status).toBe(200)
  })

  it('keeps one page per language and per value of a cookie the drawing read', async () => {
    const before = count() ?? 0
    expect((await page()).text).toContain('Stores en consent none')
    expect((await page(`${constants.languageCookieName}=es`)).text).toContain('Stores es consent none')
    expect((await page('consent=all')).text).toContain('Stores en consent all')
    expect((await page('consent=all; other=1')).text).toContain('Stores en consent all')
    expect((await page(`${constants.languageCookieName}=es`)).text).toContain('Stores es consent none')
    expect(count() - before).toBe(3)
  })

  it('keeps one page per country when the geo header is trusted', async () => {
    const before = count() ?? 0
    await c.get('/stores', { accept: 'text/html', 'x-country-code': 'US' })
    await c.get('/stores', { accept: 'text/html', 'x-country-code': 'MX' })
    await c.get('/stores', { accept: 'text/html', 'x-country-code': 'MX' })
    expect(count() - before).toBe(2)
  })

  it("draws a member's page every time and never gives it to anyone else", async () => {
    const login = `${app.services.cookiePrefix}${constants.loginCookieName}`
    const token = (await c.register(`page-cache-${Date.now()}@example.com`)).login_token
    const before = count() ?? 0
    const m1 = await page(`${login}=${token}`)
    const m2 = await page(`${login}=${token}`)
    expect(m1.text).toContain('consent none member')
    expect(m2.text).toContain('consent none member')
    expect(count() - before).toBe(2)
    const visitor = await page()
    expect(visitor.text).not.toContain('member')
  })

  it("drops the kept pages when the catalog cache is cleared, and after the catalog cache's lifetime", async () => {
    const before = count() ?? 0
    await page()
    await page()
    expect(count() - before).toBe(1)
    app.catalogCache.clear()
    await page()
    expect(count() - before).toBe(2)
    const ttl = app.catalogCache.ttlMs
    app.catalogCache.ttlMs = 1
    try {
      await new Promise((r) => setTimeout(r, 5))
      await page()
      expect(count() - before).toBe(3)
    } finally {
      app.catalogCache.ttlMs = ttl
    }
  })

  it('fifty visitors asking at once for a page not kept wait for one drawing, each with their own attribution', async () => {
    const before = count() ?? 0
    const pages = await Promise.all(Array.from({ length: 50 }, (_, i) => page(attribution(`crowd-${i}`))))
    expect(count() - before).toBe(1)
    pages.forEach((r, i) => {
      expect(r.status).toBe(200)
      expect(firstData(r.text)['POST /api/get-cookie']!.body.data!.sid).toBe(`crowd-${i}`)
    })
  })

  it('an expired page whose calls answer as when it was drawn is kept for another lifetime, not drawn again', async () => {
    await page()
    const ttl = app.catalogCache.ttlMs
    app.catalogCache.ttlMs = 300
    try {
      const before = count() ?? 0
      await new Promise((r) => setTimeout(r, 320))
      // stale (older than its lifetime): sent at once, and its calls are made again: the same replies
      const stale = await Promise.all([page(), page(), page()])
      for (const r of stale) expect(r.text).toContain('Stores en consent none')
      await new Promise((r) => setTimeout(r, 20))
      expect(count() - before).toBe(0)
      // renewed: fresh again, so no check and no drawing either
      await page()
      expect(count() - before).toBe(0)
    } finally {
      app.catalogCache.ttlMs = ttl
    }
  })

  it('a page kept renewed is drawn again once drawn RENEW_LIFETIMES lifetimes ago, its calls answering the same', async () => {
    const ttl = app.catalogCache.ttlMs
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      app.catalogCache.ttlMs = 1000
      const t0 = Date.now()
      await page()
      const before = count() ?? 0
      const drawsAt: number[] = []
      // each step past the page's lifetime, not past twice it: sent stale, then renewed or drawn
      for (let at = 1500; at <= 12_000; at += 1500) {
        vi.setSystemTime(t0 + at)
        await page()
        await new Promise((r) => setTimeout(r, 30))
        if (count() - before > drawsAt.length) drawsAt.push(at)
      }
      expect(RENEW_LIFETIMES).toBe(10)
      expect(drawsAt).toEqual([10_500])
    } finally {
      vi.useRealTimers()
      app.catalogCache.ttlMs = ttl
    }
  })

  it('an expired page whose calls answer otherwise is still sent while one new drawing runs, then the new one is kept', async () => {
    const db = app.services.db
    await page()
    const ttl = app.catalogCache.ttlMs
    app.catalogCache.ttlMs = 300
    await db.query(
      "INSERT INTO categories (kind, slug, name_en, name_es, position) VALUES ('store', 'kept-test', 'Kept Test', 'Prueba', 99)",
    )
    try {
      const before = count() ?? 0
      // past its lifetime the categories reply is read again (the stale one is sent while that runs);
      // the page, drawn with the old reply, is stale and not yet gone
      await new Promise((r) => setTimeout(r, 320))
      await c.get('/api/categories')
      await vi.waitFor(async () => expect((await c.get('/api/categories')).text).toContain('Kept Test'))
      const stale = await Promise.all([page(), page(), page()])
      for (const r of stale) expect(JSON.stringify(firstData(r.text))).not.toContain('Kept Test')
      // the new drawing, once done, is the page sent; one drawing for the three
      await vi.waitFor(async () =>
        expect(JSON.stringify(firstData((await page()).text))).toContain('Kept Test'),
      )
      expect(count() - before).toBe(1)
    } finally {
      app.catalogCache.ttlMs = ttl
      await db.query("DELETE FROM categories WHERE slug = 'kept-test'")
    }
  })

  it('with the catalog cache off (CATALOG_CACHE_SECONDS=0) every page is drawn', async () => {
    const ttl = app.catalogCache.ttlMs
    app.catalogCache.ttlMs = 0
    try {
      const before = count() ?? 0
      await page()
      await page()
      expect(count() - before).toBe(2)
    } finally {
      app.catalogCache.ttlMs = ttl
    }
  })
})
