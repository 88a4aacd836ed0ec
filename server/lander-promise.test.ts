import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import landers from '../config/landers.json'
import { applyConversions } from './lib/cashback/conversions.ts'
import { landerPromiseOf, payLanderPromises } from './lib/cashback/lander-promise.ts'
import { book } from './lib/ledger.ts'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await testServer()
})
afterAll(() => app.close())

const offerOf = (id: string) =>
  (
    landers.landers as { id: string; offer: { firstOrderCashback?: number; cashbackOverride?: number } }[]
  ).find((l) => l.id === id)!.offer
/** A lander of config/landers.json with a wheel prize, and one with only a first-order cash back. */
const wheel = landers.landers.find((l) => 'cashbackOverride' in l.offer)!.id
const plain = landers.landers.find(
  (l) => 'firstOrderCashback' in l.offer && !('cashbackOverride' in l.offer),
)!.id

async function register(body: Record<string, unknown>) {
  const cl = client(app)
  const r = await cl.post('/api/web/register', {
    name: 'Lander Member',
    email: `lander-${randomUUID()}@example.com`,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    ...body,
  })
  expect(r.status).toBe(200)
  return r.body.user.user_id as number
}

const promiseOf = async (id: number) =>
  (await app.services.db.one<{ lander_promise: unknown }>('SELECT lander_promise FROM users WHERE id = $1', [
    id,
  ]))!.lander_promise

const bonusRows = (id: number) =>
  app.services.db.query<{ amount: number; status: string; test: boolean; kind: string }>(
    `SELECT amount, status, test, kind FROM ledger WHERE source_ref = $1`,
    [`lander:${id}`],
  )

const cashback = (userId: number, status: 'pending' | 'confirmed', test = false) =>
  book(app.services.db, {
    userId,
    kind: 'cashback',
    currency: 'cash',
    amount: 700,
    status,
    reason: 'Cash back on a purchase',
    sourceRef: `test:conversion:${randomUUID()}`,
    test,
  })

describe('the bonus a lander promised', () => {
  it("is recorded at sign-up from the lander id, at the server's own figure (the wheel's prize, else the first-order cash back)", async () => {
    const onWheel = await register({ lander: wheel, cents: 1, amount_cents: 1, cashbackOverride: 1 })
    expect(await promiseOf(onWheel)).toEqual({
      lander: wheel,
      kind: 'cashbackOverride',
      cents: Math.round(offerOf(wheel).cashbackOverride! * 100),
    })
    const onPlain = await register({ lander: plain })
    expect(await promiseOf(onPlain)).toEqual({
      lander: plain,
      kind: 'firstOrderCashback',
      cents: Math.round(offerOf(plain).firstOrderCashback! * 100),
    })
  })

  it('records nothing without a lander, or for an unknown one, or one that promises no cash back', async () => {
    expect(await promiseOf(await register({}))).toBeNull()
    expect(await promiseOf(await register({ lander: 'no-such-lander' }))).toBeNull()
    const none = landers.landers.find(
      (l) => !('firstOrderCashback' in l.offer) && !('cashbackOverride' in l.offer),
    )!
    expect(landerPromiseOf(none.id)).toBeNull()
    expect(await promiseOf(await register({ lander: none.id }))).toBeNull()
  })

  it('is not paid while the cash back is only pending', async () => {
    const id = await register({ lander: plain })
    await cashback(id, 'pending')
    expect(await payLanderPromises(app.services.db, [id])).toEqual([])
    expect(await bonusRows(id)).toEqual([])
  })

  it('is paid once with the first confirmed cash back, payable, even with 50 concurrent calls', async () => {
    const id = await register({ lander: wheel })
    await cashback(id, 'confirmed')
    const paid = await Promise.all(
      Array.from({ length: 50 }, () => app.services.db.transaction((tx) => payLanderPromises(tx, [id]))),
    )
    expect(paid.flat()).toEqual([id])
    expect(await bonusRows(id)).toEqual([
      {
        amount: Math.round(offerOf(wheel).cashbackOverride! * 100),
        status: 'payable',
        test: false,
        kind: 'promo_credit',
      },
    ])
  })

  it('is test money when only test cash back (a stand-in network) earned it', async () => {
    const id = await register({ lander: plain })
    await cashback(id, 'confirmed', true)
    expect(await payLanderPromises(app.services.db, [id])).toEqual([id])
    expect((await bonusRows(id))[0]).toMatchObject({ status: 'payable', test: true })
  })

  it("is paid by the test-mode advance that confirms a member's cash back (test money, as that cash back)", async () => {
    const email = `lander-${randomUUID()}@example.com`
    const cl = client(app)
    const r = await cl.post('/api/web/register', {
      name: 'Lander Member',
      email,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      lander: plain,
    })
    const id = r.body.user.user_id as number
    expect((await cl.post('/api/dev/ledger/purchase', { email, amount_cents: 300 })).status).toBe(200)
    expect(await bonusRows(id)).toEqual([])
    expect((await cl.post('/api/dev/ledger/advance', { email })).status).toBe(200)
    expect(await bonusRows(id)).toEqual([
      {
        amount: Math.round(offerOf(plain).firstOrderCashback! * 100),
        status: 'payable',
        test: true,
        kind: 'promo_credit',
      },
    ])
  })

  it('is paid by the conversions core when a network confirms the first order', async () => {
    const id = await register({ lander: plain })
    const storeId = (await app.services.db.one<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1'))!
      .id
    const clickId = randomBytes(16).toString('base64url')
    await app.services.db.query(
      `INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value) VALUES ($1, $2, $3, 'percent', 500)`,
      [clickId, id, storeId],
    )
    const order = {
      network: 'devnet',
      orderId: `LP-${randomUUID()}`,
      clickId,
      saleCents: 5_000,
      commissionCents: 500,
      currency: 'USD',
      orderedAt: new Date(),
    }
    await applyConversions(app.services.db, [{ ...order, status: 'pending' }], { test: false })
    expect(await bonusRows(id)).toEqual([])
    await applyConversions(app.services.db, [{ ...order, status: 'confirmed' }], { test: false })
    await applyConversions(app.services.db, [{ ...order, status: 'confirmed' }], { test: false })
    expect(await bonusRows(id)).toEqual([
      {
        amount: Math.round(offerOf(plain).firstOrderCashback! * 100),
        status: 'payable',
        test: false,
        kind: 'promo_credit',
      },
    ])
  })
})
