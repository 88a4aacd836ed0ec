import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { absoluteUrl, isLoopbackHost, normalisePublicUrl } from './lib/public-url.ts'
import { optionsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

/** Issue 25, item 6: every absolute URL the server writes comes from PUBLIC_URL, never from Host. */
describe('PUBLIC_URL', () => {
  let app: FastifyInstance
  let c: ReturnType<typeof client>
  beforeAll(async () => {
    app = await testServer({ publicUrl: 'https://rewards.example.com/' })
    c = client(app)
  })
  afterAll(() => app.close())

  it('a reset asked with Host: evil.example mails a link to PUBLIC_URL (reset poisoning)', async () => {
    await c.register('poison@example.com')
    const r = await c.post(
      '/api/password/reset',
      { email: 'poison@example.com' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' },
    )
    expect(r.status).toBeLessThan(500)
    const link = await c.lastLink('poison@example.com')
    // the newest mail is the reset (the verification mail of the registration is older)
    expect(link).toMatch(/^https:\/\/rewards\.example\.com\/password\/reset\//)
    expect(link).not.toContain('evil.example')
  })

  it('the verification mail and the referral link are written with PUBLIC_URL, whatever the Host', async () => {
    const reg = await c.raw(
      'POST',
      '/api/web/register',
      {
        name: 'Host Test',
        email: 'hosttest@example.com',
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
        source: 'test',
        user_agent: 'vitest',
      },
      { host: 'evil.example' },
    )
    expect(reg.status).toBe(200)
    expect(await c.lastLink('hosttest@example.com')).toMatch(/^https:\/\/rewards\.example\.com\/verify\//)
    const token = reg.body.login_token as string
    const refs = await c.get('/api/account/referrals', { ...c.bearer(token), host: 'evil.example' })
    expect(refs.status).toBe(200)
    expect(refs.body.data.link).toMatch(/^https:\/\/rewards\.example\.com\/refer\?ref=/)
  })
})

describe('the postback URLs shown to partners', () => {
  it('the start summary gives each partner its postback URL on PUBLIC_URL', async () => {
    const app = await testServer({ publicUrl: 'https://rewards.example.com', coinSecrets: { cint: 'abc' } })
    try {
      expect(app.summary('http://127.0.0.1:3000')).toContain(
        'postback https://rewards.example.com/api/postback/cint',
      )
    } finally {
      await app.close()
    }
  })
})

describe('PUBLIC_URL at start-up', () => {
  it('defaults to http://localhost:PORT', () => {
    expect(optionsFromEnv({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321')
    expect(optionsFromEnv({}).publicUrl).toBe('http://localhost:3000')
  })

  it('refuses a production start on a non-loopback HOST without PUBLIC_URL, with one line saying why', () => {
    let message = ''
    try {
      optionsFromEnv({ HOST: '0.0.0.0' })
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/PUBLIC_URL/)
    expect(message).toContain('0.0.0.0')
    expect(message.split('\n')).toHaveLength(1)
    // with PUBLIC_URL the same start is fine; a loopback HOST needs none
    expect(optionsFromEnv({ HOST: '0.0.0.0', PUBLIC_URL: 'https://r.example.com' }).publicUrl).toBe(
      'https://r.example.com',
    )
    expect(optionsFromEnv({ HOST: '127.0.0.1' }).publicUrl).toBe('http://localhost:3000')
    // development on any address keeps the default
    expect(optionsFromEnv({ HOST: '0.0.0.0', NODE_ENV: 'development' }).publicUrl).toBe(
      'http://localhost:3000',
    )
  })

  it('refuses a PUBLIC_URL that is not an http(s) address', () => {
    expect(() => optionsFromEnv({ PUBLIC_URL: 'rewards.example.com' })).toThrow(/PUBLIC_URL/)
    expect(() => optionsFromEnv({ PUBLIC_URL: 'ftp://rewards.example.com' })).toThrow(/http/)
    expect(() => optionsFromEnv({ PUBLIC_URL: 'https://r.example.com/?x=1' })).toThrow(/query/)
  })

  it('the stand-ins that pay test money are on by default only on a loopback HOST', () => {
    const on = optionsFromEnv({ HOST: '127.0.0.1' })
    expect([on.devSurveyPlatform, on.devLinkProvider]).toEqual([true, true])
    const off = optionsFromEnv({ HOST: '0.0.0.0', PUBLIC_URL: 'https://r.example.com' })
    expect([off.devSurveyPlatform, off.devLinkProvider]).toEqual([false, false])
    const named = optionsFromEnv({
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://r.example.com',
      DEV_SURVEY_PLATFORM: '1',
      DEV_LINK_PROVIDER: '1',
    })
    expect([named.devSurveyPlatform, named.devLinkProvider]).toEqual([true, true])
    const pg = optionsFromEnv({ HOST: '127.0.0.1', DATABASE_URL: 'postgres://x@localhost/db' })
    expect([pg.devSurveyPlatform, pg.devLinkProvider]).toEqual([false, false])
  })
})

describe('lib/public-url', () => {
  it('knows the loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', undefined])
      expect(isLoopbackHost(h), String(h)).toBe(true)
    for (const h of ['0.0.0.0', '::', '10.0.0.5', 'rewards.example.com', '128.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(false)
  })
  it('keeps a path prefix and drops a trailing slash', () => {
    expect(normalisePublicUrl('https://example.com/rewards/')).toBe('https://example.com/rewards')
    expect(absoluteUrl('https://example.com/rewards', '/verify/x')).toBe(
      'https://example.com/rewards/verify/x',
    )
  })
})
