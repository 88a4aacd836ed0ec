import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

let seq = 0
async function member() {
  const r = await c.register(`url-code-${++seq}@example.com`)
  return { uid: r.user.user_id as number, token: r.login_token as string, h: c.bearer(r.login_token) }
}
async function codeFor(h: Record<string, string>) {
  const r = await c.post('/api/login-code', {}, h)
  expect(r.status, r.text).toBe(200)
  return r.body as { code: string; expires_at: string }
}
const exchange = (code: string) => c.post('/api/login-code/exchange', { code })
/** Moves a code's life back by `seconds`, as if that much time had passed (the database clock decides). */
const olderBy = (uid: number, seconds: number) =>
  app.services.db.query(
    `UPDATE login_codes SET created_at = created_at - make_interval(secs => $2),
       expires_at = expires_at - make_interval(secs => $2) WHERE user_id = $1 AND used_at IS NULL`,
    [uid, seconds],
  )

describe('one-time sign-in codes for links (issue 25)', () => {
  it('a code lasts urlLoginCodeMinutes (at most 5) and signs in once', async () => {
    expect(constants.urlLoginCodeMinutes).toBeLessThanOrEqual(5)
    const m = await member()
    const before = Date.now()
    const { code, expires_at } = await codeFor(m.h)
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const ttl = new Date(expires_at).getTime() - before
    expect(ttl).toBeLessThanOrEqual((constants.urlLoginCodeMinutes * 60 + 5) * 1000)
    expect(ttl).toBeGreaterThan((constants.urlLoginCodeMinutes * 60 - 5) * 1000)
    const r = await exchange(code)
    expect(r.status, r.text).toBe(200)
    expect(r.body.user.user_id).toBe(m.uid)
    expect((await c.post('/api/sync-token', {}, c.bearer(r.body.login_token))).body.success).toBe(true)
    const replay = await exchange(code)
    expect(replay.status).toBe(422)
    expect(replay.body.codes.code).toBe('invalid_code')
  })

  it('works just before the end of its life and not after it', async () => {
    const m = await member()
    const life = constants.urlLoginCodeMinutes * 60
    const early = await codeFor(m.h)
    await olderBy(m.uid, life - 10)
    expect((await exchange(early.code)).status).toBe(200)
    const late = await codeFor(m.h)
    await olderBy(m.uid, life + 1)
    const r = await exchange(late.code)
    expect(r.status).toBe(422)
    expect(r.body.codes.code).toBe('invalid_code')
  })

  it('refuses a login token in place of a code, and needs a session to issue a code', async () => {
    const m = await member()
    const r = await exchange(m.token)
    expect(r.status).toBe(422)
    expect(r.text).not.toContain('login_token')
    expect((await c.post('/api/login-code', {})).status).toBe(401)
  })

  it('50 concurrent exchanges of one code give exactly one session', async () => {
    const m = await member()
    const { code } = await codeFor(m.h)
    const replies = await Promise.all(Array.from({ length: 50 }, () => exchange(code)))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.status === 422)).toHaveLength(49)
  })

  it('a page whose address may carry a code or token answers with Referrer-Policy no-referrer', async () => {
    for (const url of [
      '/token/callback/abc',
      '/upsell2?xd=1&token=abc',
      '/email/confirm/abc',
      '/email/undo/abc',
    ]) {
      expect((await c.get(url)).headers['referrer-policy'], url).toBe('no-referrer')
    }
    expect((await c.get('/upsell2?tpsha1=x')).headers['referrer-policy']).toBe(
      'strict-origin-when-cross-origin',
    )
  })
})
