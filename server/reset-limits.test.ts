// Issue 25, item 11: a made-up reset token must not cost a password hash (about 1 s and 128 MiB),
// and password-reset calls are limited per IP and per address.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { testServer } from './test-helpers.ts'

const L = constants.abuseLimits
let app: FastifyInstance
let ipSeq = 0
/** An address of its own for each test, so the per-IP limit of one test does not reach another. */
const nextIp = () => `10.25.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`

beforeAll(async () => {
  app = await testServer()
})
afterAll(() => app?.close())

/** One call, with its time: around app.inject (the server's time and the inject's own, an upper bound). */
async function reset(body: Record<string, unknown>, ip: string) {
  const t0 = performance.now()
  const r = await app.inject({
    method: 'POST',
    url: '/api/password/reset',
    payload: body,
    remoteAddress: ip,
  })
  return { status: r.statusCode, body: r.json(), ms: performance.now() - t0 }
}

const bogus = (i: number) => ({
  token: `made-up-token-${i}-${'x'.repeat(30)}`,
  email: `someone${i}@example.com`,
  password: 'a long new password',
  password_confirmation: 'a long new password',
})

describe('password reset with a made-up token', () => {
  it('answers reset_link_invalid in under 50 ms (median of 9): no password is hashed for it', async () => {
    const times: number[] = []
    for (let i = 0; i < 9; i++) {
      const r = await reset(bogus(i), nextIp())
      expect(r.status).toBe(422)
      expect(r.body.code).toBe('reset_link_invalid')
      times.push(r.ms)
    }
    times.sort((a, b) => a - b)
    expect(times[4]).toBeLessThan(50)
  })
})

describe('password reset limits', () => {
  it(`asking for links: 429 after ${L.resetPerIp} from one IP`, async () => {
    const ip = nextIp()
    const codes: number[] = []
    for (let i = 0; i <= L.resetPerIp; i++)
      codes.push((await reset({ email: `per-ip-${i}@example.com` }, ip)).status)
    expect(codes.slice(0, L.resetPerIp).every((c) => c === 200)).toBe(true)
    expect(codes[L.resetPerIp]).toBe(429)
  })

  it(`asking for links: 429 after ${L.resetPerAddress} for one address, from any IPs`, async () => {
    const codes: number[] = []
    for (let i = 0; i <= L.resetPerAddress; i++)
      codes.push((await reset({ email: 'one-address@example.com' }, nextIp())).status)
    expect(codes.slice(0, L.resetPerAddress).every((c) => c === 200)).toBe(true)
    expect(codes[L.resetPerAddress]).toBe(429)
  })

  it(`setting a password with a token: 429 after ${L.resetPerIp} from one IP`, async () => {
    const ip = nextIp()
    const codes: number[] = []
    for (let i = 0; i <= L.resetPerIp; i++) codes.push((await reset(bogus(100 + i), ip)).status)
    expect(codes.slice(0, L.resetPerIp).every((c) => c === 422)).toBe(true)
    const last = await reset(bogus(999), ip)
    expect(last.status).toBe(429)
    expect(last.body.code).toBe('too_many_attempts')
  })

  it(`setting a password with a token: 429 after ${L.resetPerAddress} for one address, from any IPs`, async () => {
    const codes: number[] = []
    for (let i = 0; i <= L.resetPerAddress; i++)
      codes.push((await reset({ ...bogus(200 + i), email: 'token-address@example.com' }, nextIp())).status)
    expect(codes.slice(0, L.resetPerAddress).every((c) => c === 422)).toBe(true)
    expect(codes[L.resetPerAddress]).toBe(429)
  })
})
