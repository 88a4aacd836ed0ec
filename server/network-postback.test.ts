import { randomBytes, randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { applyConversions, releaseDueCashback } from './lib/cashback/conversions.ts'
import { sign } from './lib/coins.ts'
import { book, sumsOf } from './lib/ledger.ts'
import { loadNetworks, networkSecretsFromEnv, signBody } from './lib/networks.ts'
import { describeNetworks } from './startup.ts'
import { client, testServer, verifiedMember } from './test-helpers.ts'

let app: FastifyInstance
const RAKUTEN = 'rakuten-test-secret'
const IMPACT = 'impact-test-secret'
let storeId: number

beforeAll(async () => {
  app = await testServer({ networkSecrets: { rakuten: RAKUTEN, impact: IMPACT } })
  const s = await app.services.db.one<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1')
  storeId = s!.id
  await app.services.db.query('UPDATE stores SET confirmation_days = 30 WHERE id = $1', [storeId])
})
afterAll(async () => {
  await app.close()
})

/** A click of the member at the store, as the click route records it (rate: basis points, or cents when flat). */
async function click(userId: number, rateValue = 500, rateType: 'percent' | 'flat' = 'percent') {
  const id = randomBytes(16).toString('base64url')
  await app.services.db.query(
    'INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value) VALUES ($1, $2, $3, $4, $5)',
    [id, userId, storeId, rateType, rateValue],
  )
  return id
}

/** The development network's postback URL for an order, signed with its secret. */
function devUrl(p: Record<string, string>, secret = app.services.networks.secret('devnet')!) {
  const params = { currency: 'USD', ordered_at: new Date().toISOString(), commission_cents: '100', ...p }
  const q = new URLSearchParams({ ...params, sig: sign(params, 'sig', secret) })
  return `/api/networks/devnet/postback?${q}`
}

function rakutenUrl(p: Record<string, string>) {
  const params = { currency: 'USD', transaction_date: new Date().toISOString(), ...p }
  return `/api/networks/rakuten/postback?${new URLSearchParams({ ...params, signature: sign(params, 'signature', RAKUTEN) })}`
}

const rowsOf = (orderId: string, network = 'devnet') =>
  app.services.db.query<{ amount: number; status: string; test: boolean; source_ref: string }>(
    `SELECT l.amount, l.status, l.test, l.source_ref FROM ledger l JOIN conversions c ON c.id = l.conversion_id
     WHERE c.network = $1 AND c.order_id = $2 ORDER BY l.id`,
    [network, orderId],
  )
const conversionOf = (orderId: string, network = 'devnet') =>
  app.services.db.one<{
    id: number
    status: string
    parked: boolean
    user_id: number | null
    sale_cents: number
    commission_cents: number
    cashback_cents: number
    test: boolean
  }>('SELECT * FROM conversions WHERE network = $1 AND order_id = $2', [network, orderId])

describe('network postbacks', () => {
  it('100 concurrent copies of one postback book one ledger row', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 500)
    const order = `O-${randomUUID()}`
    const url = devUrl({ u1: c, order_id: order, sale_cents: '10000', status: 'pending' })
    const cl = client(app)
    const res = await Promise.all(Array.from({ length: 100 }, () => cl.get(url)))
    expect(res.map((r) => r.status)).toEqual(Array(100).fill(200))
    const rows = await rowsOf(order)
    expect(rows).toEqual([
      { amount: 500, status: 'pending', test: true, source_ref: expect.stringMatching(/^conversion:\d+$/) },
    ])
    expect((await sumsOf(app.services.db, m.id)).cash_pending).toBe(500)
  })

  it('refuses a forged signature with 403 and books nothing', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id)
    const order = `O-${randomUUID()}`
    const forged = devUrl(
      { u1: c, order_id: order, sale_cents: '10000', status: 'approved' },
      'not-the-secret',
    )
    const r = await client(app).get(forged)
    expect(r.status).toBe(403)
    expect(r.body).toMatchObject({ status: 'error', code: 'bad_signature' })
    expect(await conversionOf(order)).toBeUndefined()
    expect(await rowsOf(order)).toEqual([])
    // a body-signed network (Impact): a wrong header is refused too, the right one books
    const body = JSON.stringify({
      SubId1: c,
      OrderId: order,
      SaleAmount: '40.00',
      Payout: '4.00',
      Currency: 'USD',
      ActionStatus: 'PENDING',
      EventDate: String(Math.floor(Date.now() / 1000)),
    })
    const post = (sig: string) =>
      app.inject({
        method: 'POST',
        url: '/api/networks/impact/postback',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-impact-signature': sig },
      })
    expect((await post(signBody(body, 'forged'))).statusCode).toBe(403)
    expect(await conversionOf(order, 'impact')).toBeUndefined()
    const ok = await post(signBody(body, IMPACT))
    expect(ok.statusCode).toBe(200)
    expect(await rowsOf(order, 'impact')).toEqual([
      { amount: 200, status: 'pending', test: false, source_ref: expect.stringMatching(/^conversion:\d+$/) },
    ])
  })

  it('parks a conversion whose click id is unknown (no member, no ledger row), never drops it', async () => {
    const order = `O-${randomUUID()}`
    const r = await client(app).get(
      devUrl({ u1: 'no-such-click', order_id: order, sale_cents: '5000', status: 'pending' }),
    )
    expect(r.status).toBe(200)
    expect(await conversionOf(order)).toMatchObject({
      parked: true,
      user_id: null,
      status: 'pending',
      sale_cents: 5000,
    })
    expect(await rowsOf(order)).toEqual([])
  })

  it("expects a pending order's confirmation after the store's period from the order, never in the past", async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 1000)
    const period = (await app.services.db.one<{ days: number }>('SELECT cashback_period($1, $2) AS days', [
      storeId,
      constants.cashback.defaultConfirmationDays,
    ]))!.days
    const expectedOf = async (order: string) =>
      new Date(
        (await app.services.db.one<{ expected_at: string }>(
          `SELECT l.expected_at::text FROM ledger l JOIN conversions c ON c.id = l.conversion_id
           WHERE c.network = 'rakuten' AND c.order_id = $1`,
          [order],
        ))!.expected_at,
      ).getTime()
    const now = Date.now()
    const recent = `O-${randomUUID()}`
    await client(app).get(rakutenUrl({ u1: c, order_id: recent, sale_amount: '10.00', status: 'pending' }))
    expect(Math.abs((await expectedOf(recent)) - (now + period * 86_400_000))).toBeLessThan(120_000)
    // an order older than the period: expected now (the store may confirm any day), not a date gone by
    const old = `O-${randomUUID()}`
    const orderedAt = new Date(now - (period + 30) * 86_400_000).toISOString()
    await client(app).get(
      rakutenUrl({
        u1: c,
        order_id: old,
        sale_amount: '10.00',
        status: 'pending',
        transaction_date: orderedAt,
      }),
    )
    expect(await expectedOf(old)).toBeGreaterThanOrEqual(now - 1000)
  })

  it('walks pending -> approved -> payable when due; a reversal after payout leaves a negative balance', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 1000) // 10%
    const order = `O-${randomUUID()}`
    const cl = client(app)
    expect(
      (await cl.get(rakutenUrl({ u1: c, order_id: order, sale_amount: '25.00', status: 'pending' }))).status,
    ).toBe(200)
    expect(await rowsOf(order, 'rakuten')).toMatchObject([{ amount: 250, status: 'pending', test: false }])
    expect(
      (await cl.get(rakutenUrl({ u1: c, order_id: order, sale_amount: '25.00', status: 'Approved' }))).status,
    ).toBe(200)
    expect(await rowsOf(order, 'rakuten')).toMatchObject([{ amount: 250, status: 'confirmed' }])
    const conv = (await conversionOf(order, 'rakuten'))!
    expect(conv.status).toBe('confirmed')
    // not due yet (the store's confirmation period): nothing moves
    expect((await releaseDueCashback(app.services.db)).filter((x) => x.conversionId === conv.id)).toEqual([])
    await app.services.db.query(
      "UPDATE conversions SET payable_at = now() - interval '1 minute' WHERE id = $1",
      [conv.id],
    )
    const released = await releaseDueCashback(app.services.db)
    expect(released.filter((x) => x.conversionId === conv.id)).toEqual([
      { conversionId: conv.id, userId: m.id, storeId, change: 'payable', cashbackCents: 250, test: false },
    ])
    expect(await rowsOf(order, 'rakuten')).toMatchObject([{ amount: 250, status: 'payable' }])
    expect((await sumsOf(app.services.db, m.id)).cash_payable).toBe(250)
    // paid out
    await book(app.services.db, {
      userId: m.id,
      kind: 'withdrawal',
      currency: 'cash',
      amount: -250,
      status: 'paid',
      reason: 'Payout',
      sourceRef: `test:payout:${randomUUID()}`,
    })
    expect((await sumsOf(app.services.db, m.id)).cash_payable).toBe(0)
    const rev = await cl.get(rakutenUrl({ u1: c, order_id: order, sale_amount: '25.00', status: 'reversed' }))
    expect(rev.status).toBe(200)
    expect(await rowsOf(order, 'rakuten')).toMatchObject([
      { amount: 250, status: 'payable' },
      { amount: -250, status: 'payable', source_ref: `conversion:${conv.id}:reversal` },
    ])
    expect((await sumsOf(app.services.db, m.id)).cash_payable).toBe(-250)
    // a repeat of the reversal books nothing
    await cl.get(rakutenUrl({ u1: c, order_id: order, sale_amount: '25.00', status: 'reversed' }))
    expect(await rowsOf(order, 'rakuten')).toHaveLength(2)
  })

  it('a reversal before payable reverses the credit and shows the debit as reversed (balances unchanged)', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 300, 'flat')
    const order = `O-${randomUUID()}`
    const cl = client(app)
    await cl.get(rakutenUrl({ u1: c, order_id: order, sale_amount: '80', status: 'approved' }))
    expect(await rowsOf(order, 'rakuten')).toMatchObject([{ amount: 300, status: 'confirmed' }])
    await cl.get(rakutenUrl({ u1: c, order_id: order, sale_amount: '80', status: 'cancelled' }))
    expect(await rowsOf(order, 'rakuten')).toMatchObject([
      { amount: 300, status: 'reversed' },
      { amount: -300, status: 'reversed' },
    ])
    const sums = await sumsOf(app.services.db, m.id)
    expect([sums.cash_pending, sums.cash_payable]).toEqual([0, 0])
  })

  it('a late pending after approval changes nothing; a reversed one stays reversed', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id)
    const order = `O-${randomUUID()}`
    const cl = client(app)
    await cl.get(devUrl({ u1: c, order_id: order, sale_cents: '2000', status: 'approved' }))
    const late = await cl.get(devUrl({ u1: c, order_id: order, sale_cents: '2000', status: 'pending' }))
    expect(late.status).toBe(200)
    expect((await conversionOf(order))!.status).toBe('confirmed')
    expect(await rowsOf(order)).toMatchObject([{ amount: 100, status: 'confirmed' }])
    await cl.get(devUrl({ u1: c, order_id: order, sale_cents: '2000', status: 'reversed' }))
    await cl.get(devUrl({ u1: c, order_id: order, sale_cents: '2000', status: 'approved' }))
    expect((await conversionOf(order))!.status).toBe('reversed')
    expect(await rowsOf(order)).toMatchObject([
      { amount: 100, status: 'reversed' },
      { amount: -100, status: 'reversed' },
    ])
  })

  it('50 concurrent approvals of one order confirm it once and pay the referrer once', async () => {
    const referrer = await verifiedMember(app)
    const m = await verifiedMember(app)
    await app.services.db.query('UPDATE users SET referred_by = $1 WHERE id = $2', [referrer.id, m.id])
    const c = await click(m.id)
    const order = `O-${randomUUID()}`
    const cl = client(app)
    await cl.get(rakutenUrl({ u1: c, order_id: order, sale_amount: '10', status: 'pending' }))
    const url = rakutenUrl({ u1: c, order_id: order, sale_amount: '10', status: 'approved' })
    const res = await Promise.all(Array.from({ length: 50 }, () => cl.get(url)))
    expect(res.every((r) => r.status === 200)).toBe(true)
    expect(await rowsOf(order, 'rakuten')).toMatchObject([{ amount: 50, status: 'confirmed' }])
    const bonus = await app.services.db.query<{ amount: number }>(
      "SELECT amount FROM ledger WHERE user_id = $1 AND kind = 'referral_bonus'",
      [referrer.id],
    )
    expect(bonus).toHaveLength(1)
  })

  it('the conversion row is the gate: 50 concurrent calls of the core (as from several servers) book each step once', async () => {
    const referrer = await verifiedMember(app)
    const m = await verifiedMember(app)
    await app.services.db.query('UPDATE users SET referred_by = $1 WHERE id = $2', [referrer.id, m.id])
    const c = await click(m.id, 1000)
    const orders = Array.from({ length: 5 }, () => `G-${randomUUID()}`)
    const input = (orderId: string, status: 'pending' | 'confirmed' | 'reversed') => ({
      network: 'rakuten',
      orderId,
      clickId: c,
      saleCents: 1000,
      commissionCents: 100,
      currency: 'USD',
      status,
      orderedAt: new Date(),
    })
    // batches of the same orders in different orders: no deadlock, each order booked once
    const calls = (status: 'pending' | 'confirmed' | 'reversed') =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          applyConversions(
            app.services.db,
            (i % 2 ? [...orders].reverse() : orders).map((o) => input(o, status)),
            { test: false },
          ),
        ),
      )
    const tracked = await calls('pending')
    expect(tracked.flatMap((r) => r.changes).map((x) => x.change)).toEqual(Array(5).fill('tracked'))
    const confirmed = await calls('confirmed')
    expect(confirmed.flatMap((r) => r.changes).map((x) => x.change)).toEqual(Array(5).fill('confirmed'))
    const reversed = await calls('reversed')
    expect(reversed.flatMap((r) => r.changes).map((x) => x.change)).toEqual(Array(5).fill('reversed'))
    const ledger = await app.services.db.query<{ amount: number; status: string }>(
      "SELECT amount, status FROM ledger WHERE user_id = $1 AND kind = 'cashback'",
      [m.id],
    )
    expect(ledger).toHaveLength(10)
    expect(ledger.every((r) => r.status === 'reversed')).toBe(true)
    const bonus = await app.services.db.query(
      "SELECT id FROM ledger WHERE user_id = $1 AND kind = 'referral_bonus'",
      [referrer.id],
    )
    expect(bonus).toHaveLength(1)
  })

  it('reads amounts in dollars exactly: "19.99" is 1999 cents', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 1000)
    const order = `O-${randomUUID()}`
    await client(app).get(
      rakutenUrl({ u1: c, order_id: order, sale_amount: '19.99', commissions: '0.29', status: 'pending' }),
    )
    expect(await conversionOf(order, 'rakuten')).toMatchObject({
      sale_cents: 1999,
      commission_cents: 29,
      cashback_cents: 200,
    })
  })

  it("answers 400 for a status that is not the network's, 404 for an unknown network, 503 for one that is off", async () => {
    const cl = client(app)
    const bad = await cl.get(
      devUrl({ u1: 'x', order_id: `O-${randomUUID()}`, sale_cents: '1', status: 'shipped' }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'bad_status' })
    expect((await cl.get('/api/networks/nosuch/postback?a=1')).status).toBe(404)
    // CJ has no secret here: off
    expect((await cl.get('/api/networks/cj/postback?sid=x')).status).toBe(503)
  })

  it("books the development network's cash back as test money, a real network's as real", async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id)
    const dev = `O-${randomUUID()}`
    const real = `O-${randomUUID()}`
    await client(app).get(devUrl({ u1: c, order_id: dev, sale_cents: '1000', status: 'pending' }))
    await client(app).get(rakutenUrl({ u1: c, order_id: real, sale_amount: '10', status: 'pending' }))
    expect((await conversionOf(dev))!.test).toBe(true)
    expect(await rowsOf(dev)).toMatchObject([{ test: true }])
    expect((await conversionOf(real, 'rakuten'))!.test).toBe(false)
    expect(await rowsOf(real, 'rakuten')).toMatchObject([{ test: false }])
  })
})

describe('the networks of config/networks.json', () => {
  it('are on when their secret is known; the development one by the stand-in flag, its secret kept in settings', async () => {
    const db = app.services.db
    const again = await loadNetworks(db, { secrets: {}, devNetwork: true })
    expect(again.dev).toBe('devnet')
    expect(again.secret('devnet')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // generated once: every process on this database signs with the same one
    expect(again.secret('devnet')).toBe(app.services.networks.secret('devnet'))
    expect(again.enabled('rakuten')).toBe(false)
    const off = await loadNetworks(db, { secrets: { rakuten: 'r' }, devNetwork: false })
    expect([off.dev, off.enabled('devnet'), off.enabled('rakuten'), off.secret('rakuten')]).toEqual([
      undefined,
      false,
      true,
      'r',
    ])
    const named = await loadNetworks(db, {
      secrets: networkSecretsFromEnv({ NETWORK_SECRET_DEVNET: 'from-env', NETWORK_SECRET_CJ: 'cj' }),
      devNetwork: true,
    })
    expect([named.secret('devnet'), named.secret('cj')]).toEqual(['from-env', 'cj'])
  })

  it('the start-up summary says which are on, with the postback URL written from PUBLIC_URL', async () => {
    const db = app.services.db
    const on = await loadNetworks(db, { secrets: { rakuten: 'r' }, devNetwork: true })
    expect(describeNetworks(on, 'https://rewards.example.com')).toBe(
      'development network on (its cash back is test money); networks: Rakuten Advertising (postback https://rewards.example.com/api/networks/rakuten/postback)',
    )
    const off = await loadNetworks(db, { secrets: {}, devNetwork: false })
    expect(describeNetworks(off)).toBe(
      'development network off; no affiliate network configured (NETWORK_SECRET_*)',
    )
  })
})

describe('the log of network postbacks', () => {
  it('names no secret, signature or query string of a postback, at level trace', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean))
        done()
      },
    })
    const logged = await testServer({
      networkSecrets: { impact: IMPACT },
      logger: { level: 'trace', stream },
    })
    try {
      const secret = logged.services.networks.secret('devnet')!
      const order = `LOG-${randomUUID()}`
      const params = { u1: 'some-click', order_id: order, sale_cents: '1000', status: 'pending' }
      const sig = sign(params, 'sig', secret)
      const forged = sign(params, 'sig', 'forged')
      const cl = client(logged)
      expect(
        (await cl.get(`/api/networks/devnet/postback?${new URLSearchParams({ ...params, sig })}`)).status,
      ).toBe(200)
      expect(
        (await cl.get(`/api/networks/devnet/postback?${new URLSearchParams({ ...params, sig: forged })}`))
          .status,
      ).toBe(403)
      const body = JSON.stringify({ SubId1: 'c', OrderId: order, SaleAmount: '1', ActionStatus: 'PENDING' })
      const bodySig = signBody(body, IMPACT)
      await logged.inject({
        method: 'POST',
        url: '/api/networks/impact/postback',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-impact-signature': bodySig },
      })
      const text = lines.join('\n')
      expect(text).toContain('network postback accepted')
      for (const secretish of [secret, sig, forged, IMPACT, bodySig, 'order_id=', 'u1='])
        expect(text).not.toContain(secretish)
    } finally {
      await logged.close()
    }
  })
})
