// Issue 25, item 12: nobody can lock a member out. Sign-ins are limited per IP and per address from
// one IP; past a number of failed sign-ins of an address (from any IP) a sign-in needs the captcha,
// and one that carries a valid captcha is tried as usual.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import type { CaptchaAdapter } from './adapters/captcha.ts'
import { client, testServer } from './test-helpers.ts'

const L = constants.abuseLimits
const PASS = 'sandbox-captcha-pass'
let app: FastifyInstance
let sandbox: CaptchaAdapter

beforeAll(async () => {
  // a per-IP limit just above the per-address one: each attempt costs a password hash
  app = await testServer({ limits: { loginPerIp: L.loginPerAddressAndIp + 2 } })
  sandbox = app.services.captcha
  // a captcha that passes only its own answer (the sandbox passes any non-empty one)
  app.services.captcha = { verify: async (r) => r === PASS }
})
afterAll(async () => {
  if (app) app.services.captcha = sandbox
  await app?.close()
})

let seq = 0
async function member() {
  const email = `lockout-${++seq}@example.com`
  const password = 'the right passphrase'
  await client(app).register(email, password)
  return { email, password }
}

async function login(email: string, password: string, ip: string, captcha?: string) {
  const r = await app.inject({
    method: 'POST',
    url: '/api/web/login',
    payload: { email, password, ...(captcha === undefined ? {} : { 'g-recaptcha-response': captcha }) },
    remoteAddress: ip,
  })
  return { status: r.statusCode, body: r.json() }
}

describe('sign-in limits and the captcha', () => {
  it("an attacker's 100 failures from another IP do not lock the member out: the member's own IP signs in (after the captcha)", async () => {
    const m = await member()
    const statuses: number[] = []
    for (let i = 0; i < 100; i++)
      statuses.push((await login(m.email, `guess ${i}`, '10.66.0.1', PASS)).status)
    // the attacker's IP is stopped for that address after loginPerAddressAndIp attempts
    expect(statuses.slice(0, L.loginPerAddressAndIp).every((s) => s === 422)).toBe(true)
    expect(statuses.slice(L.loginPerAddressAndIp).every((s) => s === 429)).toBe(true)
    // the member, from home: the captcha is asked (not a refusal), then the right password signs in
    const asked = await login(m.email, m.password, '192.0.2.10')
    expect(asked.status).toBe(422)
    expect(asked.body.code).toBe('captcha_required')
    const ok = await login(m.email, m.password, '192.0.2.10', PASS)
    expect(ok.status).toBe(200)
    expect(ok.body.login_token).toBeTypeOf('string')
  })

  it('failures spread over many IPs (5 each from 3) still leave the member a way in', async () => {
    const m = await member()
    for (let ip = 1; ip <= 3; ip++)
      for (let i = 0; i < 5; i++) await login(m.email, `guess ${ip}-${i}`, `10.67.0.${ip}`, PASS)
    expect((await login(m.email, m.password, '192.0.2.11')).body.code).toBe('captcha_required')
    expect((await login(m.email, m.password, '192.0.2.11', PASS)).status).toBe(200)
  })

  it(`needs no captcha below ${L.loginFailuresBeforeCaptcha} failures; past them, even the right password without one gets captcha_required`, async () => {
    const m = await member()
    expect((await login(m.email, m.password, '192.0.2.20')).status).toBe(200)
    for (let i = 0; i < L.loginFailuresBeforeCaptcha - 1; i++)
      expect((await login(m.email, 'wrong', `10.68.0.${i + 1}`)).body.code).toBe('invalid_credentials')
    expect((await login(m.email, m.password, '192.0.2.20')).status).toBe(200)
    for (let i = 0; i < L.loginFailuresBeforeCaptcha; i++) await login(m.email, 'wrong', `10.69.0.${i + 1}`)
    const asked = await login(m.email, m.password, '192.0.2.21')
    expect(asked.status).toBe(422)
    expect(asked.body.errors['g-recaptcha-response']).toEqual(['Please complete the captcha.'])
    // with the captcha, the sign-in is tried as usual: a wrong password is still wrong
    expect((await login(m.email, 'wrong', '192.0.2.21', PASS)).body.code).toBe('invalid_credentials')
    expect((await login(m.email, m.password, '192.0.2.21', PASS)).status).toBe(200)
  })

  it('refuses a captcha response that does not pass', async () => {
    const m = await member()
    const r = await login(m.email, m.password, '192.0.2.30', 'forged')
    expect(r.status).toBe(422)
    expect(r.body.code).toBe('captcha_required')
  })

  it('keeps the limit per IP: 429 after loginPerIp attempts from one IP, whatever the addresses', async () => {
    const perIp = app.services.limits.loginPerIp
    const statuses: number[] = []
    for (let i = 0; i <= perIp; i++)
      statuses.push((await login(`nobody-${i}@example.com`, 'wrong', '10.70.0.1', PASS)).status)
    expect(statuses.slice(0, perIp).every((s) => s === 422)).toBe(true)
    expect(statuses[perIp]).toBe(429)
  })

  it('the start summary says which captcha checks the responses', () => {
    expect(app.summary('http://x')).toContain(
      'captcha:  sandbox: any response passes (set CAPTCHA_SITE_KEY and CAPTCHA_SECRET before real members)',
    )
  })
})
