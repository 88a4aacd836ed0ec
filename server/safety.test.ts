import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { SignJWT } from 'jose'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { createMail, outboxMail, readMailOutbox, smtpMail } from './adapters/mail.ts'
import { paymentFromName, sandboxPayment } from './adapters/payment.ts'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo.ts'
import { seed } from './seed/index.ts'
import { describeDatabase, optionsFromEnv, startupSummary } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

const secret = randomBytes(32).toString('hex')
/** The server as `npm start` builds it: no mode, no SEED_DEMO (only the test database and secret). */
const defaultServer = (opts: Parameters<typeof testServer>[0] = {}) =>
  testServer({ mode: undefined, seedDemo: undefined, jwtSecret: secret, ...opts })

let prod: FastifyInstance
let dev: FastifyInstance

beforeAll(async () => {
  prod = await defaultServer()
  dev = await testServer({ jwtSecret: secret })
})
afterAll(async () => {
  await prod?.close()
  await dev?.close()
})

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`
/** A sample URL and body for each development route (a new one without a sample fails the test). */
const samples: Record<string, { url: string; body?: unknown }> = {
  'GET /api/dev/outbox': { url: '/api/dev/outbox' },
  'GET /api/dev/events': { url: '/api/dev/events' },
  'GET /api/dev/sms': { url: '/api/dev/sms' },
  'GET /dev/mailbox': { url: '/dev/mailbox' },
  'POST /api/dev/ledger/purchase': {
    url: '/api/dev/ledger/purchase',
    body: { email: 'demo@example.com', amount_cents: 250 },
  },
  'POST /api/dev/ledger/advance': { url: '/api/dev/ledger/advance', body: { email: 'demo@example.com' } },
  'POST /api/dev/payouts/release': { url: '/api/dev/payouts/release', body: { email: 'demo@example.com' } },
  'POST /api/dev/clicks': { url: '/api/dev/clicks', body: { email: 'demo@example.com', days_ago: 3 } },
  'POST /api/dev/notifications': {
    url: '/api/dev/notifications',
    body: { email: 'demo@example.com', count: 1 },
  },
  'POST /api/dev/billing/advance': {
    url: '/api/dev/billing/advance',
    body: { email: 'demo@example.com', days: 1 },
  },
  'POST /api/dev/billing/decline': { url: '/api/dev/billing/decline', body: { email: 'demo@example.com' } },
  'POST /api/dev/mail/sample': {
    url: '/api/dev/mail/sample',
    body: { email: 'demo@example.com', list: 'offers' },
  },
  'POST /api/dev/chat/clock': { url: '/api/dev/chat/clock', body: { email: 'demo@example.com', at: null } },
  'POST /api/dev/rebate-claims/plus': {
    url: '/api/dev/rebate-claims/plus',
    body: { email: 'demo@example.com' },
  },
  'POST /api/auth/:provider/callback': {
    url: '/api/auth/dev/callback',
    body: { email: 'anyone@example.com' },
  },
}

describe('modes', () => {
  it('the default start registers no development route: every one of them answers 404', async () => {
    const prodRoutes = new Set(prod.routeTable.map(key))
    const devOnly = dev.routeTable.filter((r) => !prodRoutes.has(key(r))).map(key)
    expect(devOnly.sort()).toEqual(Object.keys(samples).sort())
    for (const route of devOnly) {
      const [method] = route.split(' ') as ['GET' | 'POST']
      const sample = samples[route]!
      const inProd = await client(prod).raw(method, sample.url, sample.body, { accept: 'text/html' })
      expect(inProd.status, route).toBe(404)
      const inTest = await client(dev).raw(method, sample.url, sample.body)
      expect(inTest.status, route).toBe(200)
    }
    expect(prod.services.mode).toBe('production')
  })

  it('no demo member without SEED_DEMO; SEED_DEMO adds it, also to a database seeded before', async () => {
    const demoRow = (app: FastifyInstance) =>
      app.services.db.one('SELECT id FROM users WHERE lower(email) = $1', [DEMO_EMAIL])
    expect(await demoRow(prod)).toBeUndefined()
    const login = await client(prod).post('/api/web/login', {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      'g-recaptcha-response': 'x',
    })
    expect(login.status).toBe(422)
    expect(login.body.code).toBe('invalid_credentials')
    expect(await demoRow(dev)).toMatchObject({ id: expect.any(Number) })
    // a restart with SEED_DEMO=1 on the same (already seeded) database
    expect(await seed(prod.services.db, { root: process.cwd(), small: true, demo: true })).toBe(true)
    expect(await demoRow(prod)).toMatchObject({ id: expect.any(Number) })
    expect(await seed(prod.services.db, { root: process.cwd(), small: true, demo: true })).toBe(false)
  })

  it('maps the environment: only NODE_ENV development or test turns the conveniences on', () => {
    expect(optionsFromEnv({})).toMatchObject({ mode: 'production', seedDemo: false })
    expect(optionsFromEnv({ NODE_ENV: 'production' })).toMatchObject({ mode: 'production', seedDemo: false })
    expect(optionsFromEnv({ NODE_ENV: 'staging' })).toMatchObject({ mode: 'production', seedDemo: false })
    expect(optionsFromEnv({ SEED_DEMO: '1' })).toMatchObject({ mode: 'production', seedDemo: true })
    expect(optionsFromEnv({ NODE_ENV: 'development' })).toMatchObject({ mode: 'development', seedDemo: true })
    expect(optionsFromEnv({ NODE_ENV: 'development', SEED_DEMO: '0' })).toMatchObject({ seedDemo: false })
    expect(optionsFromEnv({ NODE_ENV: 'test' })).toMatchObject({ mode: 'test', seedDemo: false })
    expect(optionsFromEnv({ NODE_ENV: 'test', SEED_DEMO: '1' })).toMatchObject({
      mode: 'test',
      seedDemo: true,
    })
    expect(optionsFromEnv({ DATA_DIR: '/srv/data' })).toMatchObject({
      dataDir: '/srv/data',
      outboxDir: join('/srv/data', 'outbox'),
    })
    expect(optionsFromEnv({ DATA_DIR: 'memory://' }).outboxDir).toBeUndefined()
    expect(optionsFromEnv({ DATA_DIR: 'memory://', OUTBOX_DIR: '/srv/out' }).outboxDir).toBe('/srv/out')
    expect(
      optionsFromEnv({ SMTP_URL: 'smtp://h:25', PAYMENT_PROVIDER: 'sandbox', APP_ENV: 'qa1' }),
    ).toMatchObject({ smtpUrl: 'smtp://h:25', paymentProvider: 'sandbox', appEnv: 'qa1' })
  })
})

describe('mail', () => {
  it('without SMTP_URL writes each message to the outbox folder and logs one line per message without its links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-test-'))
    try {
      const lines: string[] = []
      const mail = outboxMail(join(dir, 'outbox'), (l) => lines.push(l))
      await mail.send({
        to: 'a@example.com',
        subject: 'First',
        body: 'b1',
        links: [
          { label: 'Verify', url: 'http://x/verify/1' },
          { label: 'Other', url: 'http://x/o' },
        ],
      })
      await mail.send({ to: 'b@example.com', subject: 'Second', body: 'b2' })
      expect(readdirSync(join(dir, 'outbox')).filter((f) => f.endsWith('.json'))).toHaveLength(2)
      expect(lines).toEqual([
        'mail to a***@example.com written to the outbox (npm run mailbox)',
        'mail to b***@example.com written to the outbox (npm run mailbox)',
      ])
      expect(readMailOutbox(join(dir, 'outbox')).map((m) => m.subject)).toEqual(['Second', 'First'])
      expect(mail.list?.('A@example.com').map((m) => m.links.length)).toEqual([2])
      expect(mail.describe()).toContain(join(dir, 'outbox'))
      expect(mail.describe()).toContain('npm run mailbox')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the server mails through the outbox by default (a reset link lands there)', async () => {
    const c = client(prod)
    await c.register('outbox-user@example.com')
    await c.post('/api/password/reset', { email: 'outbox-user@example.com' })
    const mails = prod.services.mail.list?.('outbox-user@example.com') ?? []
    expect(mails.map((m) => m.subject)).toEqual(['Reset your password', 'Please verify your email'])
    expect(mails[0]!.links[0]!.url).toMatch(/^http:\/\/localhost(:\d+)?\/password\/reset\//)
  })

  it('with SMTP_URL sends through nodemailer and keeps no outbox', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-smtp-'))
    try {
      const mail = createMail({
        smtpUrl: 'smtp://user:pw@mail.example.com:2525',
        outboxDir: join(dir, 'outbox'),
        log: () => {},
      })
      expect(mail.describe()).toBe('smtp smtp://mail.example.com:2525')
      expect(mail.list).toBeUndefined()
      expect(existsSync(join(dir, 'outbox'))).toBe(false)
      // the same adapter on nodemailer's JSON transport: what would go over the wire
      const sent: string[] = []
      const transport = nodemailer.createTransport({ jsonTransport: true })
      const orig = transport.sendMail.bind(transport)
      transport.sendMail = (async (m: Parameters<typeof orig>[0]) => {
        const info = await orig(m)
        sent.push(String((info as { message: string }).message))
        return info
      }) as typeof transport.sendMail
      await smtpMail(transport, 'no-reply@example.com', 'json').send({
        to: 'c@example.com',
        subject: 'Hi',
        body: 'Body',
        links: [{ label: 'Go', url: 'http://x/go' }],
      })
      expect(JSON.parse(sent[0]!)).toMatchObject({
        from: { address: 'no-reply@example.com' },
        to: [{ address: 'c@example.com' }],
        subject: 'Hi',
        text: 'Body\n\nGo: http://x/go',
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('payments and the start-up summary', () => {
  it('PAYMENT_PROVIDER picks the adapter; sandbox by default; an unknown name stops the start', async () => {
    expect(paymentFromName(undefined)).toBe(sandboxPayment)
    expect(paymentFromName('sandbox')({ db: {} as never }).describe()).toBe('sandbox, no money moves')
    expect(() => paymentFromName('stripe')).toThrow(/Unknown PAYMENT_PROVIDER 'stripe'\. Known: sandbox/)
    await expect(defaultServer({ paymentProvider: 'stripe' })).rejects.toThrow(/Unknown PAYMENT_PROVIDER/)
  })

  it('prints mode, database, mail, payments, brand and URL, never a database password', () => {
    expect(describeDatabase({ databaseUrl: 'postgres://u:s3cret@db.example.com:5432/rewards' })).toBe(
      'PostgreSQL at db.example.com:5432/rewards',
    )
    expect(describeDatabase({ dataDir: 'memory://' })).toContain('in memory')
    expect(describeDatabase({ dataDir: '/srv/pg' })).toBe('embedded PGlite in /srv/pg')
    const text = startupSummary({
      mode: 'production',
      database: 'embedded PGlite in /srv/pg',
      mail: 'outbox /srv/pg/outbox',
      payments: 'sandbox, no money moves',
      brand: 'default',
      appEnv: 'production',
      url: 'http://127.0.0.1:3000',
      seedDemo: false,
    })
    expect(text.split('\n')).toEqual([
      'Rewards server ready at http://127.0.0.1:3000',
      '  mode:     production (no development routes)',
      '  database: embedded PGlite in /srv/pg',
      '  mail:     outbox /srv/pg/outbox',
      '  payments: sandbox, no money moves',
      '  brand:    default (environment production)',
    ])
    const live = prod.summary('http://127.0.0.1:3000')
    expect(live).toContain('mode:     production (no development routes)')
    expect(live).toContain('payments: sandbox, no money moves')
    expect(live).toMatch(/mail: {5}outbox .*outbox/)
    expect(dev.summary('http://x')).toContain('mode:     test (development routes on')
    // the development survey platform is named as such: on with the embedded database, off on a
    // real PostgreSQL in production (the server tests on PostgreSQL 15 set DATABASE_URL)
    expect(text).not.toContain('surveys:')
    expect(live).toContain(
      process.env.DATABASE_URL
        ? 'surveys:  development platform off'
        : 'surveys:  development platform on (its coins are test money)',
    )
    expect(dev.summary('http://x')).toContain('surveys:  development platform on')
  })
})

describe('cookies and tokens: signed out, never a 500', () => {
  const sign = (claims: { sub: string; exp: number }, key = secret) =>
    new SignJWT({ ms: Date.now() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(randomBytes(8).toString('hex'))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(key))
  const linked = '/api/linked/accounts'
  const cookieName = constants.loginCookieName

  it('reads the login cookie of its own environment only', async () => {
    const c = client(dev)
    const token = await c.login()
    expect((await c.get(linked, { cookie: `${cookieName}=${token}` })).status).toBe(200)
    const other = await c.get(linked, { cookie: `local_${cookieName}=${token}` })
    expect(other.status).toBe(401)
    expect(other.body.code).toBe('sign_in_required')
    const local = await testServer({ jwtSecret: secret, appEnv: 'local' })
    try {
      const lc = client(local)
      const t2 = await lc.login()
      expect(local.services.cookiePrefix).toBe('local_')
      expect((await lc.get(linked, { cookie: `local_${cookieName}=${t2}` })).status).toBe(200)
      expect((await lc.get(linked, { cookie: `${cookieName}=${t2}` })).status).toBe(401)
      // sm_landers: set and read with the prefix, another environment's ignored
      const set = await lc.post('/api/check-set-cookie', { sid: 'env-sid' })
      expect(String(set.headers['set-cookie'])).toMatch(
        new RegExp(`^local_${constants.attributionCookie.name}=`),
      )
      const own = encodeURIComponent(JSON.stringify({ sid: 'mine' }))
      const theirs = encodeURIComponent(JSON.stringify({ sid: 'theirs' }))
      const read = await lc.post(
        '/api/get-cookie',
        {},
        {
          cookie: `${constants.attributionCookie.name}=${theirs}; local_${constants.attributionCookie.name}=${own}`,
        },
      )
      expect(read.body.data.sid).toBe('mine')
      const foreign = await lc.post(
        '/api/get-cookie',
        {},
        { cookie: `qa1_${constants.attributionCookie.name}=${theirs}` },
      )
      expect(foreign.status).toBe(200)
      expect(foreign.body.data.sid).not.toBe('theirs')
    } finally {
      await local.close()
    }
    await expect(defaultServer({ appEnv: 'nowhere' })).rejects.toThrow(
      /APP_ENV 'nowhere' is not an environment/,
    )
  })

  it('a forged, an expired, a garbage or an out-of-range token: 401 or success false', async () => {
    const c = client(dev)
    const demoId = (await dev.services.db.one<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      DEMO_EMAIL,
    ]))!.id
    const future = Math.floor(Date.now() / 1000) + 3600
    const tokens = {
      forged: await sign({ sub: String(demoId), exp: future }, randomBytes(32).toString('hex')),
      expired: await sign({ sub: String(demoId), exp: Math.floor(Date.now() / 1000) - 60 }),
      garbage: 'not.a.token',
      huge: await sign({ sub: '99999999999999', exp: future }),
    }
    // the right key and a fresh date do sign in: the refusals below are about the token, not the helper
    expect(
      (await c.get('/api/account/profile', c.bearer(await sign({ sub: String(demoId), exp: future }))))
        .status,
    ).toBe(200)
    for (const [name, t] of Object.entries(tokens)) {
      const profile = await c.get('/api/account/profile', c.bearer(t))
      expect(profile.status, name).toBe(401)
      expect(profile.body.code, name).toBe('sign_in_required')
      const sync = await c.post('/api/sync-token', {}, c.bearer(t))
      expect(sync.status, name).toBe(200)
      expect(sync.body, name).toMatchObject({ success: false, code: 'logged_out' })
      expect((await c.get(linked, { cookie: `${cookieName}=${t}` })).status, name).toBe(401)
      expect((await c.get('/api/geo', c.bearer(t))).status, name).toBe(200)
    }
  })
})

describe('translation reports', () => {
  it('10,000 reports from one address: rate limited, the table never outgrows the distinct texts', async () => {
    const c = client(prod)
    const limit = prod.services.limits.translationPerIp
    const count = async () =>
      (await prod.services.db.one<{ c: number }>('SELECT count(*)::int AS c FROM translations'))!.c
    const statuses = new Map<number, number>()
    const distinct = new Set<string>()
    const started = Date.now()
    for (let i = 0; i < 10_000; i += 50) {
      const batch = Array.from({ length: 50 }, (_, j) => `Missing text ${(i + j) % 700}`)
      for (const t of batch) distinct.add(t)
      const rs = await Promise.all(batch.map((t) => c.post('/api/translation', JSON.stringify(t))))
      for (const r of rs) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
    }
    expect(statuses.get(204)).toBe(limit)
    expect(statuses.get(429)).toBe(10_000 - limit)
    expect(await count()).toBeLessThanOrEqual(Math.min(limit, distinct.size))
    expect(Date.now() - started).toBeLessThan(20_000)
    const limited = await c.post('/api/translation', JSON.stringify('one more'))
    expect(limited.body.code).toBe('rate_limited')
    expect(limited.body.retry_after).toBeGreaterThan(0)
  })

  it('repeats of one text keep one row; many addresses stop at the row cap', async () => {
    const { limits, db } = dev.services
    const rows = () => db.query<{ text: string }>('SELECT text FROM translations ORDER BY text')
    const before = (await rows()).length
    const cap = limits.translationRowsMax
    limits.translationRowsMax = before + 5
    try {
      for (let i = 0; i < 3; i++) await client(dev).post('/api/translation', JSON.stringify('Same text'))
      expect((await rows()).filter((r) => r.text === 'Same text')).toHaveLength(1)
      for (let i = 0; i < 10; i++) {
        const r = await dev.inject({
          method: 'POST',
          url: '/api/translation',
          payload: JSON.stringify(`From elsewhere ${i}`),
          headers: { 'content-type': 'application/json' },
          remoteAddress: `10.0.0.${i}`,
        })
        expect(r.statusCode).toBe(204)
      }
      expect(await rows()).toHaveLength(before + 5)
    } finally {
      limits.translationRowsMax = cap
    }
  })
})

describe('error codes', () => {
  it('every error answer carries a code beside the English message', async () => {
    const c = client(dev)
    const bad = await c.post('/api/web/login', {
      email: 'nope@example.com',
      password: 'x',
      'g-recaptcha-response': 'x',
    })
    expect(bad.body).toEqual({
      code: 'invalid_credentials',
      errors: { email: ['These credentials do not match our records.'] },
      codes: { email: 'invalid_credentials' },
    })
    const invalid = await c.post('/api/web/register', { name: '', email: 'nope', password: 'x' })
    expect(invalid.status).toBe(422)
    expect(invalid.body.code).toBe(invalid.body.codes[Object.keys(invalid.body.errors)[0]!])
    expect(Object.keys(invalid.body.codes).sort()).toEqual(Object.keys(invalid.body.errors).sort())
    expect(invalid.body.codes.email).toBe('invalid_format')
    expect(invalid.body.codes.password).toBe('too_short')
    const json = await c.raw('POST', '/api/web/login', '{oops', { 'content-type': 'application/json' })
    expect(json.body).toMatchObject({ code: 'invalid_json', codes: { body: 'invalid_json' } })
    expect((await c.get('/api/no-such-thing')).body).toMatchObject({ code: 'no_route' })
    expect((await c.get('/api/news/missing')).body).toMatchObject({
      code: 'not_found',
      codes: { slug: 'not_found' },
    })
  })
})
