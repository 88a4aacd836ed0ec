import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { optionsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 31 · captcha: Cloudflare Turnstile's siteverify, played by a local HTTP server that answers in
 * its documented format (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/):
 * POST secret, response, remoteip, idempotency_key → { success, "error-codes", challenge_ts, hostname, action, cdata }.
 * A token here reads `<verdict>:<action>:<n>`: the fake provider answers by it.
 */
const SECRET = 'test-turnstile-secret'
const HOST = 'rewards.example'
let provider: Server
let verifyUrl: string
const calls: Record<string, string>[] = []

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let text = ''
  for await (const chunk of req) text += chunk
  return Object.fromEntries(new URLSearchParams(text))
}

beforeAll(async () => {
  provider = createServer(async (req, res) => {
    const form = await formOf(req)
    calls.push(form)
    const [verdict, action] = (form.response ?? '').split(':')
    const ok = form.secret === SECRET && (verdict === 'ok' || verdict === 'elsewhere')
    res.setHeader('content-type', 'application/json')
    res.end(
      JSON.stringify(
        ok
          ? {
              success: true,
              'error-codes': [],
              challenge_ts: new Date().toISOString(),
              hostname: verdict === 'elsewhere' ? 'phish.example' : HOST,
              action,
              cdata: '',
            }
          : { success: false, 'error-codes': ['invalid-input-response'] },
      ),
    )
  })
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r))
  verifyUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/turnstile/v0/siteverify`
})
afterAll(() => new Promise<void>((r) => provider.close(() => r())))
beforeEach(() => {
  calls.length = 0
})

let n = 0
const token = (verdict: string, action: string) => `${verdict}:${action}:${++n}`
const member = () => ({
  name: 'Ana',
  email: `turnstile-${++n}@example.com`,
  password: 'a-long-password-1',
  password_confirmation: 'a-long-password-1',
})

describe('Turnstile captcha (CAPTCHA_SITE_KEY and CAPTCHA_SECRET)', () => {
  let app: FastifyInstance
  let api: ReturnType<typeof client>
  beforeAll(async () => {
    app = await testServer({
      publicUrl: `https://${HOST}`,
      captcha: { siteKey: 'test-site-key', secret: SECRET, verifyUrl },
    })
    api = client(app)
  })
  afterAll(() => app.close())

  it('signs up with a token the provider says passed, for our host and the register action', async () => {
    const t = token('ok', 'register')
    const r = await api.post('/api/web/register', { ...member(), 'g-recaptcha-response': t })
    expect(r.status).toBe(200)
    expect(r.body.success).toBe(true)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ secret: SECRET, response: t })
    expect(calls[0]?.remoteip).toBeTruthy()
    expect(calls[0]?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/)
  })

  /** A sign-up with this captcha response (none: undefined): refused with captcha_required, or not. */
  const signUp = (response?: string) =>
    api.post('/api/web/register', { ...member(), ...(response ? { 'g-recaptcha-response': response } : {}) })
  const refused = (r: { status: number; body: { codes: Record<string, string> } }) => {
    expect(r.status).toBe(422)
    expect(r.body.codes['g-recaptcha-response']).toBe('captcha_required')
  }

  it.each([
    ['without a token, without asking the provider', undefined, 0],
    ['with a token the provider fails with error codes', 'bad:register', 1],
    ['with a token solved on another host', 'elsewhere:register', 1],
    ["with a token solved for another form's action", 'ok:contact', 1],
  ] as const)('refuses a sign-up %s', async (_, response, asked) => {
    refused(await signUp(response && `${response}:${++n}`))
    expect(calls).toHaveLength(asked)
  })

  it('refuses a token seen before without asking the provider again', async () => {
    const t = token('ok', 'register')
    expect((await signUp(t)).status).toBe(200)
    refused(await signUp(t))
    expect(calls).toHaveLength(1)
  })

  it('needs a token for a password reset link and the contact form', async () => {
    const none = await api.post('/api/password/reset', { email: 'someone@example.com' })
    expect(none.status).toBe(422)
    expect(none.body.codes['g-recaptcha-response']).toBe('captcha_required')
    const reset = await api.post('/api/password/reset', {
      email: 'someone@example.com',
      'g-recaptcha-response': token('ok', 'reset'),
    })
    expect(reset.status).toBe(200)
    const contact = await api.post('/api/contact', {
      name: 'Ana',
      email: 'ana@example.com',
      subject: 'Hello',
      message: 'A question about my cash back.',
      'g-recaptcha-response': token('ok', 'contact'),
    })
    expect(contact.status).toBe(200)
  })

  it('tells the client which captcha to show: the frame page, never the secret', async () => {
    const r = await api.get('/api/web/captcha')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ provider: 'turnstile', frame: '/captcha-frame' })
    expect(r.text).not.toContain(SECRET)
  })

  it('serves the frame page with the site key and a CSP that allows the provider exactly', async () => {
    const r = await api.get('/captcha-frame?action=register&lang=es')
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toMatch(/text\/html/)
    expect(r.text).toContain('test-site-key')
    expect(r.text).toContain('"register"')
    expect(r.text).toContain('lang="es"')
    expect(r.text).not.toContain(SECRET)
    const csp = String(r.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'nonce-[^']+' https:\/\/challenges\.cloudflare\.com;/)
    expect(csp).toContain('frame-src https://challenges.cloudflare.com;')
    expect(csp).toContain("frame-ancestors 'self'")
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect((await api.get('/captcha-frame?action=payout')).status).toBe(404)
  })
})

describe('Turnstile captcha: a provider that cannot be reached', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    // a port nothing listens on: the provider's closed port
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    app = await testServer({
      publicUrl: `https://${HOST}`,
      captcha: { siteKey: 'test-site-key', secret: SECRET, verifyUrl: `http://127.0.0.1:${port}/siteverify` },
    })
  })
  afterAll(() => app.close())

  it('answers 503 captcha_unavailable, and signs no one in', async () => {
    const r = await client(app).post('/api/web/login', {
      email: 'demo@example.com',
      password: 'whatever-it-is',
      'g-recaptcha-response': token('ok', 'login'),
    })
    expect(r.status).toBe(503)
    expect(r.body.codes['g-recaptcha-response']).toBe('captcha_unavailable')
    expect(r.body.login_token).toBeUndefined()
  })
})

describe('Turnstile captcha: the start', () => {
  it('stops with one line when only one of the two keys is set', () => {
    expect(() => optionsFromEnv({ CAPTCHA_SECRET: 's' })).toThrow(
      /^CAPTCHA_SECRET is set without CAPTCHA_SITE_KEY: set both \(Cloudflare Turnstile\) or neither \(the sandbox\)\.$/,
    )
    expect(() => optionsFromEnv({ CAPTCHA_SITE_KEY: 'k' })).toThrow(
      /^CAPTCHA_SITE_KEY is set without CAPTCHA_SECRET: /,
    )
    expect(optionsFromEnv({ CAPTCHA_SITE_KEY: 'k', CAPTCHA_SECRET: 's' }).captcha).toEqual({
      siteKey: 'k',
      secret: 's',
    })
  })

  // (the sandbox's line: server/login-lockout.test.ts)
  it('names Turnstile in the start summary', async () => {
    const app = await testServer({ captcha: { siteKey: 'k', secret: 's', verifyUrl } })
    try {
      expect(app.summary('http://127.0.0.1:3000')).toContain(
        'captcha:  Cloudflare Turnstile (CAPTCHA_SITE_KEY, CAPTCHA_SECRET): each token verified once',
      )
    } finally {
      await app.close()
    }
  })
})
