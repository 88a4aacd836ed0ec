import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 26: the purchase history's timeline. Conversions and their ledger rows are written with SQL
 * here (the conversions core books them in the app): what the API says of them is under test.
 */
let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

const DAY = 86_400_000
const ago = (days: number) => new Date(Date.now() - days * DAY)

async function member() {
  const r = await c.register(`timeline-${randomUUID()}@example.com`)
  return { id: r.user.user_id, h: c.bearer(r.login_token) }
}

async function aStore(): Promise<{ id: number; name: string }> {
  return (await app.services.db.one<{ id: number; name: string }>(
    'SELECT id, name FROM stores ORDER BY id LIMIT 1',
  ))!
}

/** A click, its conversion in `status`, and the ledger rows the conversions core would have booked. */
async function purchase(
  userId: number,
  opts: {
    status: 'pending' | 'confirmed' | 'payable' | 'reversed'
    creditStatus: string
    debitStatus?: string
    cashback?: number
    sale?: number
    test?: boolean
  },
) {
  const db = app.services.db
  const store = await aStore()
  const clickId = randomBytes(16).toString('base64url')
  const clickedAt = ago(20)
  await db.query(
    `INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value, created_at) VALUES ($1, $2, $3, 'percent', 500, $4)`,
    [clickId, userId, store.id, clickedAt.toISOString()],
  )
  const sale = opts.sale ?? 10_000
  const cashback = opts.cashback ?? 500
  const confirmed = opts.status !== 'pending' ? ago(10) : null
  const payableAt = opts.status === 'pending' ? null : opts.status === 'confirmed' ? ago(-15) : ago(2)
  const reversedAt = opts.status === 'reversed' ? ago(1) : null
  const conv = (await db.one<{ id: number }>(
    `INSERT INTO conversions (network, order_id, click_id, user_id, store_id, sale_cents, commission_cents, cashback_cents,
       status, test, ordered_at, tracked_at, confirmed_at, payable_at, reversed_at)
     VALUES ('devnet', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      randomUUID(),
      clickId,
      userId,
      store.id,
      sale,
      cashback * 2,
      cashback,
      opts.status,
      opts.test === true,
      ago(19).toISOString(),
      ago(19).toISOString(),
      confirmed?.toISOString() ?? null,
      payableAt?.toISOString() ?? null,
      reversedAt?.toISOString() ?? null,
    ],
  ))!
  const expected = opts.status === 'pending' ? ago(-40) : payableAt
  await db.query(
    `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, store_id, benefit_type,
       order_amount_cents, expected_at, test, conversion_id, created_at)
     VALUES ($1, 'cashback', 'cash', $2, $3, 'Cash back at a store', $4, $5, 'cashback', $6, $7, $8, $9, $10)`,
    [
      userId,
      cashback,
      opts.creditStatus,
      `conversion:${conv.id}`,
      store.id,
      sale,
      expected?.toISOString() ?? null,
      opts.test === true,
      conv.id,
      ago(19).toISOString(),
    ],
  )
  if (opts.debitStatus)
    await db.query(
      `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, store_id, benefit_type,
         order_amount_cents, test, conversion_id)
       VALUES ($1, 'cashback', 'cash', $2, $3, 'Cash back reversed', $4, $5, 'cashback', $6, $7, $8)`,
      [
        userId,
        -cashback,
        opts.debitStatus,
        `conversion:${conv.id}:reversal`,
        store.id,
        sale,
        opts.test === true,
        conv.id,
      ],
    )
  return { conversionId: conv.id, clickedAt, expected, payableAt }
}

describe('purchase history timeline', () => {
  it('a pending purchase: clicked and tracked dates, confirmation expected next, the order amount', async () => {
    const m = await member()
    const p = await purchase(m.id, {
      status: 'pending',
      creditStatus: 'pending',
      sale: 12_345,
      cashback: 617,
    })
    const r = await c.get('/api/account/purchase-history', m.h)
    expect(r.status).toBe(200)
    expect(r.body.data).toHaveLength(1)
    const row = r.body.data[0]
    expect(row).toMatchObject({
      status: 'pending',
      amount_cents: 617,
      order_amount_cents: 12_345,
      reversal: null,
    })
    expect(row.timeline).toMatchObject({
      conversion_id: p.conversionId,
      clicked_at: p.clickedAt.toISOString(),
      confirmed_at: null,
      payable_done: false,
      reversed_at: null,
      next_step: 'confirmed',
      next_at: p.expected!.toISOString(),
    })
    expect(Date.parse(row.timeline.tracked_at)).toBeLessThan(Date.now())
  })

  it('a confirmed purchase expects payable at its payable date; a payable one has no next step', async () => {
    const m = await member()
    const confirmed = await purchase(m.id, { status: 'confirmed', creditStatus: 'confirmed' })
    await purchase(m.id, { status: 'payable', creditStatus: 'payable' })
    const r = await c.get('/api/account/purchase-history', m.h)
    const byId = new Map(
      r.body.data.map((x: { timeline: { conversion_id: number } }) => [x.timeline.conversion_id, x]),
    )
    const conf = byId.get(confirmed.conversionId) as { timeline: Record<string, unknown> }
    expect(conf.timeline).toMatchObject({
      next_step: 'payable',
      next_at: confirmed.payableAt!.toISOString(),
      payable_at: confirmed.payableAt!.toISOString(),
      payable_done: false,
    })
    expect(typeof conf.timeline.confirmed_at).toBe('string')
    const pay = r.body.data.find((x: { status: string }) => x.status === 'payable')
    expect(pay.timeline).toMatchObject({ payable_done: true, next_step: null, next_at: null })
  })

  it('a reversal after payout is one purchase with its debit; the debit row is not a purchase of its own', async () => {
    const m = await member()
    const p = await purchase(m.id, {
      status: 'reversed',
      creditStatus: 'paid',
      debitStatus: 'payable',
      cashback: 800,
    })
    const r = await c.get('/api/account/purchase-history', m.h)
    expect(r.body.total).toBe(1)
    const row = r.body.data[0]
    expect(row.timeline).toMatchObject({ conversion_id: p.conversionId, next_step: null })
    expect(typeof row.timeline.reversed_at).toBe('string')
    expect(row.reversal).toMatchObject({ amount_cents: -800, status: 'payable' })
    // the totals still count the debit: the payable balance went down
    expect(r.body.totals.payable).toBe(-800)
  })

  it('a reversal before payable: the credit is reversed, the debit shown', async () => {
    const m = await member()
    await purchase(m.id, {
      status: 'reversed',
      creditStatus: 'reversed',
      debitStatus: 'reversed',
      test: true,
    })
    const r = await c.get('/api/account/purchase-history', m.h)
    expect(r.body.data).toHaveLength(1)
    expect(r.body.data[0]).toMatchObject({
      status: 'reversed',
      test: true,
      reversal: { amount_cents: -500, status: 'reversed' },
    })
  })

  it('rows without a conversion (Plus rebates, older rows) have no timeline', async () => {
    const m = await member()
    await app.services.db.query(
      `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, benefit_type, order_amount_cents)
       VALUES ($1, 'plus_rebate', 'cash', 300, 'pending', 'Shipping rebate', $2, 'shipping', 2000)`,
      [m.id, `rebate:${randomUUID()}`],
    )
    const r = await c.get('/api/account/purchase-history', m.h)
    expect(r.body.data[0]).toMatchObject({
      benefit_type: 'shipping',
      amount_cents: 300,
      timeline: null,
      reversal: null,
    })
  })
})
