import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { applyConversions } from './lib/cashback/conversions.ts'
import { dayOf, matchInquiries } from './lib/cashback/inquiries.ts'
import { sign } from './lib/coins.ts'
import { client, testServer, verifiedMember } from './test-helpers.ts'

const C = constants.cashback
const DAY_MS = 86_400_000
const URL = '/api/account/cashback-inquiries'

let app: FastifyInstance
/** A store of its own network (so no other test's conversions match) and its internal name. */
let store: { id: number; internal_name: string; network: string }

beforeAll(async () => {
  app = await testServer()
  const network = `testnet-${randomBytes(4).toString('hex')}`
  const row = await app.services.db.one<{ id: number; internal_name: string }>(
    `UPDATE stores SET network = $1, program_id = $2
     WHERE id = (SELECT id FROM stores ORDER BY id LIMIT 1) RETURNING id, internal_name`,
    [network, `prog-${randomUUID()}`],
  )
  store = { ...row!, network }
})
afterAll(() => app.close())

/** A click of the member at the store `daysAgo` days ago (5% shown); returns its id. */
async function click(userId: number, daysAgo: number, storeId = store.id): Promise<string> {
  const id = randomBytes(16).toString('base64url')
  await app.services.db.query(
    `INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value, created_at)
     VALUES ($1, $2, $3, 'percent', 500, now() - make_interval(secs => $4::float8))`,
    [id, userId, storeId, daysAgo * 86_400],
  )
  return id
}

const daysAgo = (n: number) => dayOf(new Date(Date.now() - n * DAY_MS))
const orderId = () => `ORD-${randomBytes(5).toString('hex').toUpperCase()}`
const inquiry = (over: Record<string, unknown> = {}) => ({
  store: store.internal_name,
  ordered_on: daysAgo(C.inquiryMinDaysAfterClick + 1),
  order_id: orderId(),
  amount_cents: 12_000,
  ...over,
})

/** A report of an order whose click id this server does not know: parked. */
async function parkedOrder(order: string, saleCents: number, orderedDaysAgo: number) {
  const r = await applyConversions(
    app.services.db,
    [
      {
        network: store.network,
        orderId: order,
        clickId: `unknown-${randomUUID()}`,
        saleCents,
        commissionCents: Math.round(saleCents / 10),
        currency: 'USD',
        status: 'pending',
        orderedAt: new Date(Date.now() - orderedDaysAgo * DAY_MS),
      },
    ],
    { test: false },
  )
  expect(r.parked).toHaveLength(1)
  return r.parked[0]!
}

const cashbackOf = (userId: number) =>
  app.services.db.query<{ amount: number; status: string; conversion_id: number }>(
    `SELECT amount, status, conversion_id FROM ledger WHERE user_id = $1 AND kind = 'cashback' ORDER BY id`,
    [userId],
  )

describe('missing cash back: the window after a click', () => {
  it('refuses a store the member never left for from the site (no_click)', async () => {
    const m = await verifiedMember(app)
    const r = await m.cl.post(URL, inquiry(), m.h)
    expect(r.status).toBe(422)
    expect(r.body.code).toBe('no_click')
    expect(await m.cl.get(URL, m.h).then((x) => x.body.data)).toEqual([])
  })

  it(`refuses before ${C.inquiryMinDaysAfterClick} days after the click, naming the day it becomes possible`, async () => {
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick - 1)
    const r = await m.cl.post(URL, inquiry({ ordered_on: daysAgo(0) }), m.h)
    expect(r.status).toBe(422)
    expect(r.body.code).toBe('too_soon')
    expect(r.body.date).toBe(daysAgo(-1))
    expect(r.body.errors.store[0]).toContain(r.body.date)
  })

  it(`refuses after ${C.inquiryMaxDaysAfterClick} days, naming the day the window closed`, async () => {
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMaxDaysAfterClick + 1)
    const r = await m.cl.post(URL, inquiry({ ordered_on: daysAgo(C.inquiryMaxDaysAfterClick) }), m.h)
    expect(r.status).toBe(422)
    expect(r.body.code).toBe('too_late')
    expect(r.body.date).toBe(daysAgo(1))
  })

  it('files one within the window: under review since today, listed newest first; a second of the same order is refused', async () => {
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick + 1)
    const first = await m.cl.post(URL, inquiry(), m.h)
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({
      status: 'under_review',
      store: { internal_name: store.internal_name },
    })
    expect(first.body.data.created_at.slice(0, 10)).toBe(dayOf(new Date()))
    const second = await m.cl.post(URL, inquiry({ amount_cents: 5_000 }), m.h)
    expect(second.status).toBe(200)
    const again = await m.cl.post(URL, inquiry({ order_id: first.body.data.order_id }), m.h)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('inquiry_exists')
    const list = await m.cl.get(URL, m.h)
    expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([second.body.data.id, first.body.data.id])
  })

  it('refuses an order date in the future and one before the first click', async () => {
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick + 1)
    const future = await m.cl.post(URL, inquiry({ ordered_on: daysAgo(-3) }), m.h)
    expect(future.body.code).toBe('order_in_future')
    const before = await m.cl.post(
      URL,
      inquiry({
        ordered_on: daysAgo(
          C.inquiryMinDaysAfterClick + 2 + constants.inquiryMatch.orderDateToleranceDays + 2,
        ),
      }),
      m.h,
    )
    expect(before.status).toBe(422)
    expect(before.body.code).toBe('order_before_click')
  })

  it('needs a signed-in member with a verified email', async () => {
    const cl = client(app)
    expect((await cl.post(URL, inquiry())).status).toBe(401)
    const r = await cl.register(`unverified-${randomUUID()}@example.com`)
    const res = await cl.post(URL, inquiry(), cl.bearer(r.login_token))
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('email_unverified')
  })

  it('lists the stores clicked in the window with the dates an inquiry opens and closes', async () => {
    const m = await verifiedMember(app)
    await click(m.id, 5)
    await click(m.id, 1)
    const r = await m.cl.get(`${URL}/stores`, m.h)
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(1)
    expect(r.body.data[0]).toMatchObject({
      internal_name: store.internal_name,
      open_from: daysAgo(5 - C.inquiryMinDaysAfterClick),
      open_until: daysAgo(1 - C.inquiryMaxDaysAfterClick),
      order_from: daysAgo(5),
      order_to: dayOf(new Date()),
    })
  })
})

describe('missing cash back: matching parked conversions', () => {
  /** A second store, on the development network, for the signed postbacks. */
  async function devStore() {
    const row = await app.services.db.one<{ id: number; internal_name: string }>(
      `UPDATE stores SET network = 'devnet'
       WHERE id = (SELECT id FROM stores WHERE id <> $1 ORDER BY id LIMIT 1) RETURNING id, internal_name`,
      [store.id],
    )
    return row!
  }
  /** The development network's signed postback of an order whose click id this server never issued. */
  function devPostback(order: string, saleCents: number) {
    const params = {
      u1: `unknown-${randomBytes(8).toString('hex')}`,
      order_id: order,
      sale_cents: String(saleCents),
      commission_cents: String(Math.round(saleCents / 10)),
      currency: 'USD',
      status: 'pending',
      ordered_at: new Date(Date.now() - C.inquiryMinDaysAfterClick * DAY_MS).toISOString(),
    }
    const secret = app.services.networks.secret('devnet')!
    return `/api/networks/devnet/postback?${new URLSearchParams({ ...params, sig: sign(params, 'sig', secret) })}`
  }

  it('a signed postback with an unknown click id is parked, then matched by an inquiry (test money of the development network)', async () => {
    const dev = await devStore()
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick + 1, dev.id)
    const order = orderId()
    expect((await client(app).get(devPostback(order, 4_000))).status).toBe(200)
    const parked = await app.services.db.one<{ id: number; parked: boolean; user_id: number | null }>(
      `SELECT id, parked, user_id FROM conversions WHERE network = 'devnet' AND order_id = $1`,
      [order],
    )
    expect(parked).toMatchObject({ parked: true, user_id: null })
    const r = await m.cl.post(
      URL,
      inquiry({ store: dev.internal_name, order_id: order, amount_cents: 4_000 }),
      m.h,
    )
    expect(r.body.data.status).toBe('matched')
    expect(
      await app.services.db.query(`SELECT amount, status, test FROM ledger WHERE conversion_id = $1`, [
        parked!.id,
      ]),
    ).toEqual([{ amount: 200, status: 'pending', test: true }])
  })

  it('an inquiry filed first is matched by the signed postback that arrives later', async () => {
    const dev = await devStore()
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick + 1, dev.id)
    const order = orderId()
    const filed = await m.cl.post(
      URL,
      inquiry({ store: dev.internal_name, order_id: order, amount_cents: 3_000 }),
      m.h,
    )
    expect(filed.body.data.status).toBe('under_review')
    expect((await client(app).get(devPostback(order, 3_000))).status).toBe(200)
    const list = await m.cl.get(URL, m.h)
    expect(list.body.data[0]).toMatchObject({ id: filed.body.data.id, status: 'matched' })
    expect(await cashbackOf(m.id)).toEqual([
      { amount: 150, status: 'pending', conversion_id: expect.any(Number) },
    ])
  })

  it('an unknown click id is parked, then matched by an inquiry: the member gets the cash back at the rate of the click', async () => {
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick + 1)
    const order = orderId()
    const conv = await parkedOrder(order, 10_000, C.inquiryMinDaysAfterClick)
    // the member types the amount a little off and the order date a day off: within the tolerances
    const r = await m.cl.post(
      URL,
      inquiry({ order_id: order, amount_cents: 10_050, ordered_on: daysAgo(C.inquiryMinDaysAfterClick + 1) }),
      m.h,
    )
    expect(r.status).toBe(200)
    expect(r.body.data.status).toBe('matched')
    expect(r.body.data.matched_at).not.toBeNull()
    // 5% of $100.00, the rate the click showed
    expect(await cashbackOf(m.id)).toEqual([{ amount: 500, status: 'pending', conversion_id: conv }])
    const c = await app.services.db.one<{ parked: boolean; user_id: number }>(
      'SELECT parked, user_id FROM conversions WHERE id = $1',
      [conv],
    )
    expect(c).toEqual({ parked: false, user_id: m.id })
  })

  it('an amount too far off does not match: the inquiry stays under review', async () => {
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick + 1)
    const order = orderId()
    await parkedOrder(order, 10_000, C.inquiryMinDaysAfterClick)
    const r = await m.cl.post(URL, inquiry({ order_id: order, amount_cents: 20_000 }), m.h)
    expect(r.body.data.status).toBe('under_review')
    expect(await cashbackOf(m.id)).toEqual([])
  })

  it('an inquiry filed first is matched when the report arrives later', async () => {
    const m = await verifiedMember(app)
    await click(m.id, C.inquiryMinDaysAfterClick + 1)
    const order = orderId()
    const filed = await m.cl.post(URL, inquiry({ order_id: order, amount_cents: 8_000 }), m.h)
    expect(filed.body.data.status).toBe('under_review')
    const conv = await parkedOrder(order, 8_000, C.inquiryMinDaysAfterClick + 1)
    const changes = await matchInquiries(app.services.db, { conversionIds: [conv] })
    expect(changes).toEqual([
      expect.objectContaining({ conversionId: conv, userId: m.id, change: 'tracked', cashbackCents: 400 }),
    ])
    const list = await m.cl.get(URL, m.h)
    expect(list.body.data[0]).toMatchObject({ id: filed.body.data.id, status: 'matched' })
    expect(await cashbackOf(m.id)).toEqual([{ amount: 400, status: 'pending', conversion_id: conv }])
    // a second call matches nothing more
    expect(await matchInquiries(app.services.db, { conversionIds: [conv] })).toEqual([])
  })

  it('many members claiming the same parked order at once: one match, one credit', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => verifiedMember(app)))
    for (const m of members) await click(m.id, C.inquiryMinDaysAfterClick + 1)
    const order = orderId()
    const conv = await parkedOrder(order, 6_000, C.inquiryMinDaysAfterClick)
    const replies = await Promise.all(
      members.map((m) => m.cl.post(URL, inquiry({ order_id: order, amount_cents: 6_000 }), m.h)),
    )
    expect(replies.map((r) => r.status)).toEqual(members.map(() => 200))
    const matched = replies.filter((r) => r.body.data.status === 'matched')
    expect(matched).toHaveLength(1)
    const credits = await app.services.db.query<{ user_id: number }>(
      `SELECT user_id FROM ledger WHERE conversion_id = $1`,
      [conv],
    )
    expect(credits).toHaveLength(1)
    const winner = members[replies.indexOf(matched[0]!)]!
    expect(credits[0]!.user_id).toBe(winner.id)
    // the others stay under review, and a later run of the matcher gives the order to no one else
    expect(await matchInquiries(app.services.db, { conversionIds: [conv] })).toEqual([])
    expect(await matchInquiries(app.services.db, {})).toEqual([])
  })
})
