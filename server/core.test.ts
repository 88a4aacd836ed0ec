import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer({ trustGeoHeader: true })
  c = client(app)
})
afterAll(() => app?.close())

describe('translation', () => {
  it('stores a missing Spanish text once (a repeat writes nothing) and answers 204', async () => {
    expect((await c.post('/api/translation', JSON.stringify('Shop now'))).status).toBe(204)
    expect((await c.post('/api/translation', JSON.stringify('Shop now'))).status).toBe(204)
    const rows = await app.services.db.query<{ text: string }>(
      'SELECT text FROM translations WHERE text = $1',
      ['Shop now'],
    )
    expect(rows).toEqual([{ text: 'Shop now' }])
  })
  it('refuses a non-string, an empty or an over-long text', async () => {
    expect((await c.post('/api/translation', { text: 'x' })).status).toBe(422)
    expect((await c.post('/api/translation', JSON.stringify(''))).status).toBe(422)
    expect((await c.post('/api/translation', JSON.stringify('x'.repeat(2001)))).status).toBe(422)
    // the body cap is 2 KB: 1,000 three-byte characters fit the contract's 2,000 but not the cap
    const big = await c.post('/api/translation', JSON.stringify('€'.repeat(1000)))
    expect(big.status).toBe(413)
    expect(big.body.code).toBe('body_too_large')
  })
})

describe('geo', () => {
  it("gives the IP's country from the CDN header, else US", async () => {
    expect((await c.get('/api/geo')).body).toEqual({ country_code: 'US' })
    expect((await c.get('/api/geo', { 'x-country-code': 'gb' })).body).toEqual({ country_code: 'GB' })
    expect((await c.get('/api/geo', { 'x-country-code': 'nonsense' })).body).toEqual({ country_code: 'US' })
  })
  it("prefers the signed-in member's profile country", async () => {
    const token = await c.login()
    await c.put('/api/account/profile', { country_code: 'UK' }, c.bearer(token))
    expect((await c.get('/api/geo', { ...c.bearer(token), 'x-country-code': 'US' })).body).toEqual({
      country_code: 'UK',
    })
  })
})

describe('news', () => {
  it('lists posts newest first in English and Spanish, paged', async () => {
    const en = await c.get('/api/news?page=1&lang=en')
    expect(en.status).toBe(200)
    expect(en.body.page).toBe(1)
    expect(en.body.has_more).toBe(true)
    expect(en.body.data).toHaveLength(6)
    expect(Object.keys(en.body.data[0]).sort()).toEqual(['published_at', 'slug', 'summary', 'title'])
    const dates = en.body.data.map((d: { published_at: string }) => d.published_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    const p2 = await c.get('/api/news?page=2&lang=en')
    expect(p2.body.has_more).toBe(false)
    expect(en.body.data.length + p2.body.data.length).toBe(12)
    const es = await c.get('/api/news?lang=es')
    expect(es.body.data[0].slug).toBe(en.body.data[0].slug)
    expect(es.body.data[0].title).not.toBe(en.body.data[0].title)
  })
  it('gives one post with its body, or 404', async () => {
    const r = await c.get('/api/news/spanish-site-launch?lang=es')
    expect(r.status).toBe(200)
    expect(r.body.data.title).toMatch(/español/)
    expect(Array.isArray(r.body.data.body)).toBe(true)
    const missing = await c.get('/api/news/no-such-post')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({
      code: 'not_found',
      errors: { slug: ['Not found'] },
      codes: { slug: 'not_found' },
    })
    expect((await c.get("/api/news/'%20or%201=1")).status).toBe(422)
  })
  it('refuses a bad page or language', async () => {
    expect((await c.get('/api/news?page=0')).status).toBe(422)
    expect((await c.get('/api/news?page=abc')).status).toBe(422)
    const r = await c.get('/api/news?lang=fr')
    expect(r.status).toBe(422)
    expect(Object.keys(r.body.errors)).toEqual(['lang'])
    expect(r.body.codes.lang).toBe('invalid')
  })
})

describe('errors and headers', () => {
  it('unknown /api routes get a JSON 404', async () => {
    const r = await c.get('/api/does-not-exist')
    expect(r.status).toBe(404)
    expect(r.body).toEqual({
      code: 'no_route',
      errors: { route: ['No route for GET /api/does-not-exist'] },
      codes: { route: 'no_route' },
    })
    expect((await c.post('/api/nothing/here', {})).status).toBe(404)
  })
  it('sends security headers and no-store on API replies', async () => {
    const r = await c.get('/api/news')
    expect(r.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(r.headers['x-content-type-options']).toBe('nosniff')
    expect(r.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(r.headers['cache-control']).toBe('no-store')
  })
  it('refuses a state-changing call from a foreign Origin (CSRF)', async () => {
    const evil = await c.post('/api/translation', JSON.stringify('x'), {
      origin: 'https://evil.example',
      host: 'localhost:80',
    })
    expect(evil.status).toBe(403)
    expect(evil.body).toMatchObject({
      code: 'cross_site',
      errors: { origin: ['This request came from another site and was refused.'] },
    })
    const same = await c.post('/api/translation', JSON.stringify('y'), {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    })
    expect(same.status).toBe(204)
    const site = await c.post('/api/translation', JSON.stringify('z'), { 'sec-fetch-site': 'cross-site' })
    expect(site.status).toBe(403)
    expect((await c.get('/api/news', { origin: 'https://evil.example' })).status).toBe(200)
  })
  it('refuses an over-large body with 413 and unknown media types with 415', async () => {
    const big = await c.post('/api/translation', JSON.stringify('x'.repeat(70_000)))
    expect(big.status).toBe(413)
    const xml = await c.raw('POST', '/api/translation', '<x/>', { 'content-type': 'application/xml' })
    expect(xml.status).toBe(415)
    expect(xml.body).toMatchObject({
      code: 'unsupported_media_type',
      errors: { body: ['Send the body as application/json.'] },
    })
  })
})

describe('contact, logos, docs', () => {
  it('sends the contact form to the outbox', async () => {
    const r = await c.post('/api/contact', {
      name: 'Pat',
      email: 'pat@example.com',
      subject: 'Hi',
      message: 'Hello there',
      'g-recaptcha-response': 'sandbox-captcha-pass',
    })
    expect(r.status).toBe(200)
    expect((await c.get('/api/dev/outbox?to=support@example.com')).body.data[0].subject).toBe('Contact: Hi')
    expect(
      (await c.post('/api/contact', { name: 'Pat', email: 'bad', subject: 'Hi', message: 'x' })).body.errors
        .email,
    ).toEqual(['You have entered an invalid email address!'])
  })
  it('needs the captcha: without it or with a wrong one, 422 captcha_required and nothing is sent', async () => {
    const form = { name: 'Bot', email: 'bot@example.com', subject: 'Spam', message: 'Buy now' }
    // a captcha that passes only its own answer (the sandbox passes any non-empty one)
    const sandbox = app.services.captcha
    app.services.captcha = { verify: async (response) => response === 'sandbox-captcha-pass' }
    try {
      for (const captcha of [{}, { 'g-recaptcha-response': 'forged' }]) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...form, ...captcha },
          remoteAddress: '10.13.0.1',
        })
        expect(r.statusCode).toBe(422)
        expect(r.json().code).toBe('captcha_required')
      }
    } finally {
      app.services.captcha = sandbox
    }
    const mails = (await c.get('/api/dev/outbox?to=support@example.com')).body.data
    expect(mails.filter((m: { subject: string }) => m.subject === 'Contact: Spam')).toEqual([])
  })

  it(`answers 429 after ${constants.abuseLimits.contactPerIp} messages from one IP`, async () => {
    const codes: number[] = []
    for (let i = 0; i <= constants.abuseLimits.contactPerIp; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Flood',
          email: 'flood@example.com',
          subject: `Flood ${i}`,
          message: 'Again',
          'g-recaptcha-response': 'sandbox-captcha-pass',
        },
        remoteAddress: '10.13.0.2',
      })
      codes.push(r.statusCode)
    }
    expect(codes.slice(0, -1).every((x) => x === 200)).toBe(true)
    expect(codes.at(-1)).toBe(429)
    // another address is not limited by that one
    const other = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Pat',
        email: 'pat@example.com',
        subject: 'Other',
        message: 'Hi',
        'g-recaptcha-response': 'x',
      },
      remoteAddress: '10.13.0.3',
    })
    expect(other.statusCode).toBe(200)
  })

  it('serves a generated SVG logo', async () => {
    const r = await c.get('/api/logos/northwind-outfitters.svg')
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toMatch(/image\/svg\+xml/)
    expect(r.text).toContain('>NO<')
    expect((await c.get('/api/logos/..%2Fetc%2Fpasswd')).status).toBe(422)
  })
  it('describes every route in an OpenAPI document', async () => {
    const r = await c.get('/api/docs')
    expect(r.body.openapi).toBe('3.1.0')
    for (const p of [
      '/api/web/login',
      '/api/stores',
      '/api/stores/{internal_name}',
      '/api/news/{slug}',
      '/api/upsell/subscribe',
    ]) {
      expect(Object.keys(r.body.paths[p] ?? {}).length, p).toBeGreaterThan(0)
    }
    expect(
      r.body.paths['/api/web/login'].post.requestBody.content['application/json'].schema.properties.email,
    ).toMatchObject({ type: 'string' })
    expect(Object.keys(r.body.paths).length).toBeGreaterThan(50)
  })
  it('shows the development mailbox page', async () => {
    const r = await c.get('/dev/mailbox')
    expect(r.status).toBe(200)
    expect(r.text).toContain('Development mailbox')
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/)
  })
})
