import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 25, item 1 (SPEC 4 "Promo credit"): the sign-up promo credit belongs to a member whose
 * registration came through a promo flow (the register_promo flow the client sends at registration,
 * recorded on the member); it pays once per member in total, whatever the flow, and only within
 * constants.promoCreditWindowMinutes of the registration.
 */
let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

const PROMO_CENTS = constants.couponBonusDollars * 100
let seq = 0
async function registered(promo?: 'flow1' | 'flow5') {
  const email = `promo-${++seq}-${Date.now()}@example.com`
  const r = await c.post('/api/web/register', {
    name: 'Pat Promo',
    email,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    ...(promo ? { register_promo: promo } : {}),
  })
  expect(r.status, r.text).toBe(200)
  return { id: r.body.user.user_id as number, h: c.bearer(r.body.login_token as string) }
}
const promoRows = (uid: number) =>
  app.services.db.query<{ amount: number; source_ref: string }>(
    "SELECT amount, source_ref FROM ledger WHERE user_id = $1 AND kind = 'promo_credit'",
    [uid],
  )

describe('the sign-up promo credit', () => {
  it('records the promo flow of the registration; an unknown flow is refused', async () => {
    const m = await registered('flow5')
    const row = await app.services.db.one<{ register_promo: string | null }>(
      'SELECT register_promo FROM users WHERE id = $1',
      [m.id],
    )
    expect(row!.register_promo).toBe('flow5')
    const bad = await c.post('/api/web/register', {
      name: 'Pat Promo',
      email: `promo-bad-${Date.now()}@example.com`,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      register_promo: 'flow9',
    })
    expect(bad.status).toBe(422)
  })

  it('pays couponBonusDollars once to a promo member, whatever the flow; a second call answers already_credited', async () => {
    const m = await registered('flow1')
    const a = await c.post('/api/give-credit', {}, m.h)
    expect(a.status, a.text).toBe(200)
    expect(a.body).toMatchObject({
      success: true,
      already_credited: false,
      amount_cents: PROMO_CENTS,
      cash_balance_cents: PROMO_CENTS,
    })
    const b = await c.post('/api/give-credit?ucb=flow5', {}, m.h)
    expect(b.body).toMatchObject({
      success: true,
      already_credited: true,
      amount_cents: 0,
      cash_balance_cents: PROMO_CENTS,
    })
    expect(await promoRows(m.id)).toEqual([{ amount: PROMO_CENTS, source_ref: `promo:${m.id}` }])
  })

  it('50 concurrent calls, flow1 and ?ucb=flow5 mixed, pay at most once', async () => {
    const m = await registered('flow5')
    const all = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        c.post(i % 2 ? '/api/give-credit?ucb=flow5' : '/api/give-credit', {}, m.h),
      ),
    )
    expect(all.map((r) => r.status)).toEqual(Array(50).fill(200))
    expect(all.filter((r) => r.body.already_credited === false)).toHaveLength(1)
    expect(all.every((r) => r.body.success === true)).toBe(true)
    expect(await promoRows(m.id)).toEqual([{ amount: PROMO_CENTS, source_ref: `promo:${m.id}` }])
  })

  it('a member whose registration was not a promo one gets a clear refusal and no credit', async () => {
    const m = await registered()
    for (const url of ['/api/give-credit', '/api/give-credit?ucb=flow5']) {
      const r = await c.post(url, {}, m.h)
      expect(r.status).toBe(403)
      expect(r.body).toMatchObject({ success: false, code: 'promo_not_eligible' })
      expect(r.body.errors.promo).toEqual(['This account did not sign up through a promotion.'])
    }
    expect(await promoRows(m.id)).toEqual([])
  })

  it('pays nothing once the window after the registration has passed', async () => {
    const m = await registered('flow1')
    // the registration moved back just past the window (no sleeping)
    await app.services.db.query(
      "UPDATE users SET created_at = now() - make_interval(mins => $2) - interval '1 second' WHERE id = $1",
      [m.id, constants.promoCreditWindowMinutes],
    )
    app.services.sessions.forget(m.id)
    const r = await c.post('/api/give-credit', {}, m.h)
    expect(r.status).toBe(403)
    expect(r.body).toMatchObject({ success: false, code: 'promo_window_closed' })
    expect(await promoRows(m.id)).toEqual([])
    // just inside the window it pays
    await app.services.db.query(
      "UPDATE users SET created_at = now() - make_interval(mins => $2) + interval '1 minute' WHERE id = $1",
      [m.id, constants.promoCreditWindowMinutes],
    )
    app.services.sessions.forget(m.id)
    expect((await c.post('/api/give-credit', {}, m.h)).body.already_credited).toBe(false)
  })

  it('a member paid under the old per-flow references is already credited', async () => {
    const m = await registered('flow5')
    await app.services.db.query(
      `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref)
       VALUES ($1, 'promo_credit', 'cash', $2, 'payable', 'Sign-up promo credit', $3)`,
      [m.id, PROMO_CENTS, `promo:${m.id}:flow1`],
    )
    const r = await c.post('/api/give-credit?ucb=flow5', {}, m.h)
    expect(r.body).toMatchObject({ success: true, already_credited: true, cash_balance_cents: PROMO_CENTS })
    expect(await promoRows(m.id)).toHaveLength(1)
  })

  it('the window is a business constant of 60 minutes by default', () => {
    expect(constants.promoCreditWindowMinutes).toBe(60)
  })
})
