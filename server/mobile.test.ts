import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { INVALID_CODE } from './routes/mobile.ts'
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
  const r = await c.register(`mobile-${++seq}-${Date.now()}@example.com`)
  return { uid: r.user.user_id as number, h: c.bearer(r.login_token) }
}
async function code(h: Record<string, string>) {
  const r = await c.post('/api/mobile/code', {}, h)
  expect(r.status, r.text).toBe(200)
  return r.body as { code: string; expires_at: string }
}
const exchange = (code: string) => c.post('/api/mobile/exchange', { code })
function refused(r: { status: number; body: unknown }) {
  expect(r.status).toBe(422)
  const b = r.body as { errors: Record<string, string[]>; codes?: Record<string, string> }
  expect(b.errors.code).toEqual([INVALID_CODE])
  expect(JSON.stringify(b)).toContain('invalid_code')
  expect(JSON.stringify(b)).not.toContain('login_token')
}

describe('one-time codes for deep links', () => {
  it('issues a random code, stored only as its hash, valid oneTimeCodeMinutes; exchanges it for a login reply', async () => {
    const m = await member()
    const before = Date.now()
    const { code: k, expires_at } = await code(m.h)
    expect(k).toMatch(/^[A-Za-z0-9_-]{43}$/) // 32 bytes base64url
    const ttl = new Date(expires_at).getTime() - before
    expect(ttl).toBeGreaterThan((constants.mobile.oneTimeCodeMinutes * 60 - 5) * 1000)
    expect(ttl).toBeLessThanOrEqual((constants.mobile.oneTimeCodeMinutes * 60 + 5) * 1000)
    const rows = await app.services.db.query<{ hash: string; user_id: number }>(
      'SELECT hash, user_id FROM login_codes WHERE user_id = $1',
      [m.uid],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.hash).not.toContain(k)
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/)

    const r = await exchange(k)
    expect(r.status, r.text).toBe(200)
    const body = r.body as { success: boolean; login_token: string; user: { user_id: number } }
    expect(body.success).toBe(true)
    expect(body.user.user_id).toBe(m.uid)
    // the session it gives works
    const again = await c.post('/api/mobile/code', {}, c.bearer(body.login_token))
    expect(again.status).toBe(200)
  })

  it('a replayed code is refused', async () => {
    const m = await member()
    const { code: k } = await code(m.h)
    expect((await exchange(k)).status).toBe(200)
    refused(await exchange(k))
  })

  it('an expired code is refused', async () => {
    const m = await member()
    const { code: k } = await code(m.h)
    await app.services.db.query(
      "UPDATE login_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [m.uid],
    )
    refused(await exchange(k))
  })

  it('a forged code is refused, and so is an empty one', async () => {
    refused(await exchange('A'.repeat(43)))
    expect((await c.post('/api/mobile/exchange', { code: '' })).status).toBe(422)
    expect((await c.post('/api/mobile/exchange', {})).status).toBe(422)
  })

  it('50 concurrent exchanges of one code give exactly one session', async () => {
    const m = await member()
    const { code: k } = await code(m.h)
    const replies = await Promise.all(Array.from({ length: 50 }, () => exchange(k)))
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    const others = replies.filter((r) => r.status !== 200)
    expect(others).toHaveLength(49)
    for (const r of others) refused(r)
  })

  it('both calls are in the OpenAPI document', async () => {
    const paths = (await c.get('/api/docs')).body.paths
    expect(paths['/api/mobile/code'].post).toBeTruthy()
    expect(paths['/api/mobile/exchange'].post).toBeTruthy()
  })

  it('a visitor cannot get a code (401)', async () => {
    expect((await c.post('/api/mobile/code', {})).status).toBe(401)
    expect((await c.post('/api/mobile/code', {}, c.bearer('not.a.token'))).status).toBe(401)
  })
})
