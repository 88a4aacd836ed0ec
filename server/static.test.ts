import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, testServer } from './test-helpers.ts'

let root: string
// as the build writes it (rsbuild.config.ts, rewards:first-paint)
const paints = {
  '/promo': {
    en: {
      html: '<style nonce="CSP_NONCE_PLACEHOLDER">:root{}</style><h1>Hello</h1>',
      css: ['/static/css/async/p.css'],
    },
    es: { html: '<h1>Hola</h1>', css: ['/static/css/async/p.css'] },
  },
}
let app: FastifyInstance
let bare: FastifyInstance
let c: ReturnType<typeof client>

const html = `<!doctype html><html><head><script nonce="CSP_NONCE_PLACEHOLDER" defer src="/static/js/index.abc123.js"></script>
<link nonce="CSP_NONCE_PLACEHOLDER" rel="stylesheet" href="/static/css/index.def456.css"></head><body><div id="root"></div></body></html>`

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'spa-'))
  const dist = join(root, 'dist', 'default')
  mkdirSync(join(dist, 'static', 'js'), { recursive: true })
  mkdirSync(join(dist, 'static', 'css'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), html)
  writeFileSync(join(dist, 'static', 'js', 'index.abc123.js'), 'console.log(1)')
  writeFileSync(join(dist, 'static', 'css', 'index.def456.css'), 'body{}')
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *')
  writeFileSync(join(dist, 'first-paint.json'), JSON.stringify(paints))
  // the build writes compressed copies beside text assets (rsbuild.config.ts, pluginPrecompress)
  writeFileSync(join(dist, 'static', 'js', 'index.abc123.js.br'), brotliCompressSync('console.log(1)'))
  writeFileSync(join(dist, 'static', 'js', 'index.abc123.js.gz'), gzipSync('console.log(1)'))
  app = await testServer({ root, serveStatic: true, brand: 'default', seed: false })
  c = client(app)
  // A server whose brand was never built: /api still works.
  bare = await testServer({ root, serveStatic: true, brand: 'other', seed: false })
})
afterAll(async () => {
  await app?.close()
  await bare?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('static SPA', () => {
  it('serves index.html with a fresh nonce and a matching CSP, not cached', async () => {
    const a = await c.get('/', { accept: 'text/html' })
    const b = await c.get('/', { accept: 'text/html' })
    expect(a.status).toBe(200)
    expect(a.text).not.toContain('CSP_NONCE_PLACEHOLDER')
    const n1 = a.text.match(/nonce="([^"]+)"/)![1]!
    const n2 = b.text.match(/nonce="([^"]+)"/)![1]!
    expect(n1).not.toBe(n2)
    const csp = String(a.headers['content-security-policy'])
    expect(csp).toContain(`script-src 'self' 'nonce-${n1}'`)
    for (const d of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "frame-src 'self' blob: data:",
      "img-src 'self' data:",
    ]) {
      expect(csp).toContain(d)
    }
    expect(a.headers['cache-control']).toBe('no-cache')
    expect(a.headers['strict-transport-security']).toMatch(/^max-age=\d+/)
  })
  it('hashed assets are immutable for a year; other files are served too', async () => {
    const js = await c.get('/static/js/index.abc123.js')
    expect(js.status).toBe(200)
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(js.headers['x-content-type-options']).toBe('nosniff')
    expect((await c.get('/robots.txt')).status).toBe(200)
  })
  it('sends the pre-compressed copy of an asset the client accepts', async () => {
    const br = await app.inject({
      url: '/static/js/index.abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    const gz = await app.inject({ url: '/static/js/index.abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)')
    const plain = await app.inject({ url: '/static/js/index.abc123.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('console.log(1)')
  })
  it('compresses a large JSON reply for a client that accepts gzip, and only then', async () => {
    const gz = await app.inject({ url: '/api/docs', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.statusCode).toBe(200)
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(String(gz.headers.vary)).toContain('Accept-Encoding')
    const doc = JSON.parse(gunzipSync(gz.rawPayload).toString())
    expect(doc.openapi).toBe('3.1.0')
    const plain = await app.inject({ url: '/api/docs' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(plain.body)).toEqual(doc)
    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } })
    expect(small.headers['content-encoding']).toBeUndefined()
  })
  it('falls back to index.html for page routes only', async () => {
    const page = await c.get('/stores/fooddelivery', { accept: 'text/html,application/xhtml+xml' })
    expect(page.status).toBe(200)
    expect(page.text).toContain('<div id="root">')
    const verify = await c.get('/verify/sometoken', { accept: 'text/html' })
    expect(verify.headers['referrer-policy']).toBe('no-referrer')
    expect((await c.get('/static/js/missing.js', { accept: '*/*' })).status).toBe(404)
    const api = await c.get('/api/unknown', { accept: 'text/html' })
    expect(api.status).toBe(404)
    expect(api.body).toMatchObject({ code: 'no_route', errors: { route: ['No route for GET /api/unknown'] } })
    expect((await c.get('/landers/unknown', { accept: 'text/html' })).status).toBe(404)
  })
  it('in production mode /dev/ pages are not app pages: 404, not the SPA', async () => {
    const prod = await testServer({
      root,
      serveStatic: true,
      brand: 'default',
      seed: false,
      mode: 'production',
    })
    try {
      const pc = client(prod)
      const mailbox = await pc.get('/dev/mailbox', { accept: 'text/html' })
      expect(mailbox.status).toBe(404)
      expect(mailbox.text).not.toContain('<div id="root">')
      expect((await pc.get('/stores', { accept: 'text/html' })).status).toBe(200)
      // the test mode of this file's server has the mailbox
      expect((await c.get('/dev/mailbox', { accept: 'text/html' })).text).toContain('Development mailbox')
    } finally {
      await prod.close()
    }
  })
  it('sends a path’s first paint in the language of ?lang=, English otherwise, with the app root hidden', async () => {
    const en = await c.get('/promo', { accept: 'text/html' })
    expect(en.text).toContain('<html lang="en">')
    const n = en.text.match(/nonce="([^"]+)"/)![1]!
    expect(en.text).toContain(
      `<div id="first-paint" data-lang="en"><style nonce="${n}">:root{}</style><h1>Hello</h1></div><div id="root" hidden></div>`,
    )
    expect(en.text).toContain('<link href="/static/css/async/p.css" rel="stylesheet"></head>')
    const es = await c.get('/promo/?lang=es', { accept: 'text/html' })
    expect(es.text).toContain('<html lang="es">')
    expect(es.text).toContain('<div id="first-paint" data-lang="es"><h1>Hola</h1></div>')
    const unknownLang = await c.get('/promo?lang=xx', { accept: 'text/html' })
    expect(unknownLang.text).toContain('data-lang="en"')
    // other pages: the plain shell
    const other = await c.get('/stores', { accept: 'text/html' })
    expect(other.text).not.toContain('first-paint')
    expect(other.text).toContain('<div id="root"></div>')
    // the build's list itself is not served
    expect((await c.get('/first-paint.json')).status).toBe(404)
  })
  it('without a build, pages say to run npm run build and /api still answers', async () => {
    const b = client(bare)
    const page = await b.get('/', { accept: 'text/html' })
    expect(page.status).toBe(503)
    expect(page.text).toMatch(/npm run build/)
    expect((await b.get('/api/health')).body).toEqual({ ok: true })
  })
})

/** index.html as built, for the request-time paints to go in. */
const index =
  '<!doctype html><html><head><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>'
/** A drawn English store list, with no data. */
const storesPaint = { status: 200 as const, language: 'en', html: '<h1>Stores</h1>', classes: [], data: {} }

describe('request-time page paints (issue 17): what the server puts in the page', () => {
  it('the paint, its stylesheets, the language, and its data as JSON that cannot close the script', async () => {
    const { withPagePaint } = await import('./static.ts')
    const html = withPagePaint(
      index,
      {
        status: 200,
        language: 'es',
        html: '<h1>Tiendas</h1>',
        classes: [],
        data: {
          '/api/stores?q=x': { status: 200, body: { q: '</script><script>alert(1)</script>', n: '\u2028' } },
        },
      },
      ['/static/css/async/s.css'],
    )
    expect(html).toContain('<html lang="es"')
    expect(html).toContain('<link href="/static/css/async/s.css" rel="stylesheet"></head>')
    expect(html).toContain(
      '<div id="first-paint" data-lang="es"><h1>Tiendas</h1></div><div id="root" hidden></div>',
    )
    const script = html.match(/<script type="application\/json" id="first-data">(.*?)<\/script>/s)?.[1]
    expect(script).toBeDefined()
    expect(script).not.toContain('<')
    expect(script).not.toContain('\u2028')
    // the app reads the same value back
    expect(JSON.parse(script!)['/api/stores?q=x'].body.q).toBe('</script><script>alert(1)</script>')
  })
})

describe('request-time page paints: stylesheets in the page (issue 30)', () => {
  it("a stylesheet put in the page carries its URL as data-href, so the app's chunk loader finds it and does not fetch and apply it again", async () => {
    const { withPagePaint } = await import('./static.ts')
    const html = withPagePaint(
      index,
      storesPaint,
      ['/static/css/async/small.css', '/static/css/async/big.css'],
      (href) => (href.endsWith('small.css') ? '.a{color:red}' : undefined),
    )
    expect(html).toContain(
      '<style nonce="CSP_NONCE_PLACEHOLDER" data-href="/static/css/async/small.css">.a{color:red}</style>',
    )
    // a sheet too big to carry is linked, as before
    expect(html).toContain('<link href="/static/css/async/big.css" rel="stylesheet"></head>')
  })
  it("the same sheet under other chunks' names is marked as in the page (an empty style element with its URL), inline or linked", async () => {
    const { withPagePaint, withFirstPaint } = await import('./static.ts')
    const copies = (href: string) => (href.endsWith('small.css') ? ['/static/css/async/copy.css'] : [])
    const html = withPagePaint(
      index,
      storesPaint,
      ['/static/css/async/small.css'],
      () => '.a{color:red}',
      copies,
    )
    expect(html).toContain(
      '<style nonce="CSP_NONCE_PLACEHOLDER" data-href="/static/css/async/small.css">.a{color:red}</style>' +
        '<style nonce="CSP_NONCE_PLACEHOLDER" data-href="/static/css/async/copy.css"></style></head>',
    )
    // a build-time first paint links its sheets and marks their copies the same way
    const drawn = withFirstPaint(
      index,
      {
        '/promo': {
          en: { html: '<h1>Hi</h1>', css: ['/static/css/async/p.css'], copies: ['/static/css/async/q.css'] },
        },
      },
      '/promo',
    )
    expect(drawn).toContain(
      '<link href="/static/css/async/p.css" rel="stylesheet">' +
        '<style nonce="CSP_NONCE_PLACEHOLDER" data-href="/static/css/async/q.css"></style></head>',
    )
  })
})

describe('redirects the server answers itself (issue 17: /deliveroo arrives drawn)', () => {
  let dir: string
  let server: FastifyInstance
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spa-redirect-'))
    const dist = join(dir, 'dist', 'redir')
    mkdirSync(dist, { recursive: true })
    writeFileSync(join(dist, 'index.html'), html)
    // a built painter, as rsbuild.config.ts writes it; its redirect() is the route table's (serverRedirect)
    const painter = join(dir, 'dist', '.first-paint', 'redir')
    mkdirSync(painter, { recursive: true })
    writeFileSync(
      join(painter, 'page-paint.js'),
      `export async function createPagePainter() {
        return {
          startReads: [],
          redirect: (url) => (url.startsWith('/category') ? '/stores' + url.slice('/category'.length) : null),
          paint: async () => null,
        }
      }`,
    )
    server = await testServer({
      root: dir,
      serveStatic: true,
      brand: 'redir',
      seed: false,
      mode: 'production',
    })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("answers a page request on a redirect with a 302 to the app's target, query kept, not cached", async () => {
    const r = await client(server).get('/category?sid=a&lang=es', { accept: 'text/html' })
    expect(r.status).toBe(302)
    expect(r.headers.location).toBe('/stores?sid=a&lang=es')
    expect(r.headers['cache-control']).toBe('no-cache')
    const page = await client(server).get('/stores', { accept: 'text/html' })
    expect(page.status).toBe(200)
    expect(page.text).toContain('<div id="root"></div>')
    // not a page request: the API's JSON 404, no redirect
    expect((await client(server).get('/category', { accept: 'application/json' })).status).toBe(404)
  })
})
