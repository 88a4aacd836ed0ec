import { randomBytes, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { applyConversions } from './lib/cashback/conversions.ts'
import { dayOf } from './lib/cashback/inquiries.ts'
import { sumsOf } from './lib/ledger.ts'
import { client, staffMember, testServer, verifiedMember } from './test-helpers.ts'

/**
 * Issue 28, the staff queues: payouts in review, rebate claims, missing cash-back inquiries and
 * protection claims the watcher could not settle. Each decision is made once (409 after), audited in
 * its transaction, and tells the member; 50 concurrent approvals book once.
 */

const PASSWORD = 'correct horse battery'
const DAY_MS = 86_400_000
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 7),
])
const SHIPPING_CAP = constants.shippingRebateMaxPerMonth * constants.numberFormat.centsDivisor
const RACE = 50

let app: FastifyInstance
let c: ReturnType<typeof client>
let finance: Awaited<ReturnType<typeof staffMember>>
let support: Awaited<ReturnType<typeof staffMember>>

beforeAll(async () => {
  app = await testServer({ payoutReleaseSeconds: 60 })
  c = client(app)
  finance = await staffMember(app, 'finance')
  support = await staffMember(app, 'support')
})
afterAll(() => app?.close())

const db = () => app.services.db
const auditOf = (target: string) =>
  db().query<{ action: string; staff_id: number; before: unknown; after: Record<string, unknown> }>(
    'SELECT action, staff_id, before, after FROM staff_audit WHERE target = $1 ORDER BY id',
    [target],
  )
const noticesOf = (userId: number, kind: string) =>
  db().query<{ title: string; body: string }>(
    'SELECT title, body FROM notifications WHERE user_id = $1 AND kind = $2',
    [userId, kind],
  )

// ---------------------------------------------------------------- payouts

/** A member's payout worth more than reviewAboveCents, through the withdrawal route, past its hold: in review. */
async function payoutInReview() {
  const cents = constants.payouts.reviewAboveCents + 100
  const m = await verifiedMember(app, cents, PASSWORD)
  const body = { kind: 'cash', method: 'paypal', destination: `${randomUUID()}@example.com`, amount: cents }
  const r = await c.post(
    '/api/account/withdrawals',
    { ...body, password: PASSWORD, idempotency_key: randomUUID() },
    m.h,
  )
  expect(r.status).toBe(200)
  const id = r.body.data.id as number
  await db().query(`UPDATE withdrawals SET release_at = now() - interval '1 minute' WHERE id = $1`, [id])
  await db().query(`DELETE FROM jobs WHERE name = 'payout_release'`)
  await app.jobs.runDueJobs()
  expect(
    (await db().one<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [id]))!.status,
  ).toBe('review')
  return { m, id, cents }
}

describe('payouts in review', () => {
  it('are listed with their member; approving one sends it (a payout_send job), audited; a second decision is 409', async () => {
    const { m, id, cents } = await payoutInReview()
    const list = await c.get('/api/staff/payouts', finance.h)
    expect(list.status).toBe(200)
    expect(list.body.data.find((p: { id: number }) => p.id === id)).toMatchObject({
      member: { id: m.id, email: m.email },
      value_cents: cents,
      method: 'paypal',
    })
    const r = await c.post(`/api/staff/payouts/${id}/approve`, { note: 'Known member' }, finance.h)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ success: true, status: 'sending' })
    expect(
      await db().one('SELECT status, staff_note, decided_by FROM withdrawals WHERE id = $1', [id]),
    ).toEqual({ status: 'sending', staff_note: 'Known member', decided_by: finance.id })
    expect(await db().query(`SELECT 1 FROM jobs WHERE key = $1`, [`payout_send:${id}`])).toHaveLength(1)
    const again = await c.post(`/api/staff/payouts/${id}/reject`, { reason: 'Too late' }, finance.h)
    expect(again.status).toBe(409)
    expect(again.body.codes.status).toBe('already_decided')
    const rows = await auditOf(`withdrawal:${id}`)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'payout.approve',
      staff_id: finance.id,
      after: { status: 'sending' },
    })
    expect(
      (await c.get('/api/staff/payouts', finance.h)).body.data.some((p: { id: number }) => p.id === id),
    ).toBe(false)
  })

  it('rejecting one with a reason returns the money to the balance and tells the member, audited', async () => {
    const { m, id, cents } = await payoutInReview()
    expect((await sumsOf(db(), m.id)).cash_payable).toBe(0)
    const empty = await c.post(`/api/staff/payouts/${id}/reject`, { reason: '  ' }, finance.h)
    expect(empty.status).toBe(422)
    const r = await c.post(`/api/staff/payouts/${id}/reject`, { reason: 'Details do not match' }, finance.h)
    expect(r.status).toBe(200)
    expect(r.body.status).toBe('rejected')
    expect((await sumsOf(db(), m.id)).cash_payable).toBe(cents)
    const notices = await noticesOf(m.id, 'payout_rejected')
    expect(notices).toHaveLength(1)
    expect(notices[0]!.body).toContain('Details do not match')
    expect(await auditOf(`withdrawal:${id}`)).toMatchObject([
      { action: 'payout.reject', after: { status: 'rejected', reason: 'Details do not match' } },
    ])
    expect((await c.post(`/api/staff/payouts/${id}/approve`, {}, finance.h)).status).toBe(409)
    expect((await c.post('/api/staff/payouts/999999/approve', {}, finance.h)).status).toBe(404)
  })

  it(`${RACE} concurrent approvals of one payout: one is made (one job, one audit row), the others answer 409`, async () => {
    const { id } = await payoutInReview()
    const replies = await Promise.all(
      Array.from({ length: RACE }, () => c.post(`/api/staff/payouts/${id}/approve`, {}, finance.h)),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.status === 409)).toHaveLength(RACE - 1)
    expect(await db().query(`SELECT 1 FROM jobs WHERE key = $1`, [`payout_send:${id}`])).toHaveLength(1)
    expect(await auditOf(`withdrawal:${id}`)).toHaveLength(1)
  })

  it('are for finance: support is refused (403 staff_role), a member token too (403 staff_only)', async () => {
    const { id, m } = await payoutInReview()
    const r = await c.post(`/api/staff/payouts/${id}/approve`, {}, support.h)
    expect(r.status).toBe(403)
    expect(r.body.codes.staff).toBe('staff_role')
    expect((await c.get('/api/staff/payouts', m.h)).body.codes.staff).toBe('staff_only')
    expect(
      (await db().one<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [id]))!.status,
    ).toBe('review')
  })
})

// ---------------------------------------------------------------- rebate claims

let orders = 0
/** A Plus member's shipping claim filed through the member route (a PDF receipt unless given). */
async function filedClaim(amountCents: number, m?: Awaited<ReturnType<typeof verifiedMember>>, file = PDF) {
  const who = m ?? (await verifiedMember(app))
  await db().query('UPDATE users SET plus_active = true WHERE id = $1', [who.id])
  orders += 1
  const r = await c.post(
    '/api/account/rebate-claims',
    {
      benefit_type: 'shipping',
      order_number: `SQ-${orders}-${randomBytes(3).toString('hex')}`,
      order_date: dayOf(new Date(Date.now() - 2 * DAY_MS)),
      amount_cents: amountCents,
      receipt: { name: 'receipt', data: file.toString('base64') },
    },
    who.h,
  )
  expect(r.status).toBe(200)
  return { m: who, id: r.body.data.id as number }
}

const ledgerOf = (ref: string) =>
  db().query<{ amount: number; status: string }>('SELECT amount, status FROM ledger WHERE source_ref = $1', [
    ref,
  ])

describe('rebate claims in review', () => {
  it("are listed with what is left of the member's cap; the receipt streams inline with its type", async () => {
    const first = await filedClaim(1000)
    const { m, id } = await filedClaim(1500, first.m, PNG)
    const row = (await c.get('/api/staff/claims', finance.h)).body.data.find(
      (x: { id: number }) => x.id === id,
    )
    expect(row).toMatchObject({
      member: { id: m.id },
      amount_cents: 1500,
      receipt_type: 'image/png',
      left_cents: SHIPPING_CAP - 1000,
      max_cents: Math.min(1500, SHIPPING_CAP - 1000),
    })
    const png = await c.get(`/api/staff/claims/${id}/receipt`, finance.h)
    expect(png.status).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.headers['content-disposition']).toMatch(/^inline/)
    const pdf = await c.get(`/api/staff/claims/${first.id}/receipt`, finance.h)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(Buffer.from(pdf.text, 'latin1').subarray(0, 5).toString()).toBe('%PDF-')
    expect((await c.get(`/api/staff/claims/${id}/receipt`, support.h)).status).toBe(403)
  })

  it('approving books the amount once within the cap and tells the member; more than the claim asked is 422 over_claim', async () => {
    const other = await filedClaim(SHIPPING_CAP - 500)
    const { m, id } = await filedClaim(500, other.m)
    // approving the first one in full leaves 500 for this one
    expect(
      (await c.post(`/api/staff/claims/${other.id}/approve`, { amount_cents: SHIPPING_CAP - 500 }, finance.h))
        .status,
    ).toBe(200)
    const over = await c.post(`/api/staff/claims/${id}/approve`, { amount_cents: 600 }, finance.h)
    expect(over.status).toBe(422)
    expect(over.body.codes.amount_cents).toBe('over_claim')
    const r = await c.post(`/api/staff/claims/${id}/approve`, { amount_cents: 400 }, finance.h)
    expect(r.body).toEqual({ success: true, status: 'approved' })
    expect(await ledgerOf(`rebate_claim:${id}`)).toEqual([{ amount: 400, status: 'payable' }])
    expect(await noticesOf(m.id, 'rebate_claim_approved')).toHaveLength(2)
    expect((await c.post(`/api/staff/claims/${id}/reject`, { reason: 'No' }, finance.h)).status).toBe(409)
    expect(await auditOf(`rebate_claim:${id}`)).toMatchObject([
      { action: 'claim.approve', staff_id: finance.id, after: { status: 'approved', approved_cents: 400 } },
    ])
  })

  it('rejecting with a reason: the member sees it on the claim and in a notification, audited', async () => {
    const { m, id } = await filedClaim(700)
    const r = await c.post(
      `/api/staff/claims/${id}/reject`,
      { reason: 'The receipt is unreadable.' },
      finance.h,
    )
    expect(r.status).toBe(200)
    const mine = (await c.get('/api/account/rebate-claims', m.h)).body.data[0]
    expect(mine).toMatchObject({ status: 'rejected', reason: 'The receipt is unreadable.' })
    expect((await noticesOf(m.id, 'rebate_claim_rejected'))[0]!.body).toContain('The receipt is unreadable.')
    expect(await ledgerOf(`rebate_claim:${id}`)).toEqual([])
    expect(await auditOf(`rebate_claim:${id}`)).toMatchObject([{ action: 'claim.reject' }])
  })

  it(`${RACE} concurrent approvals of one claim book it once`, async () => {
    const { id } = await filedClaim(900)
    const replies = await Promise.all(
      Array.from({ length: RACE }, () =>
        c.post(`/api/staff/claims/${id}/approve`, { amount_cents: 900 }, finance.h),
      ),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.status === 409)).toHaveLength(RACE - 1)
    expect(await ledgerOf(`rebate_claim:${id}`)).toHaveLength(1)
    expect(await auditOf(`rebate_claim:${id}`)).toHaveLength(1)
  })
})

// ---------------------------------------------------------------- missing cash-back inquiries

/** A store of a network of its own, so no other test's conversions are shown with its inquiries. */
let store: { id: number; internal_name: string; network: string }

async function ownStore() {
  const network = `staffnet-${randomBytes(4).toString('hex')}`
  const row = await db().one<{ id: number; internal_name: string }>(
    `UPDATE stores SET network = $1, program_id = $2
     WHERE id = (SELECT id FROM stores ORDER BY id LIMIT 1) RETURNING id, internal_name`,
    [network, `prog-${randomUUID()}`],
  )
  return { ...row!, network }
}

/** A member who left for the store days ago and filed an inquiry (member route): under review. */
async function openInquiry(amountCents = 12_000) {
  const m = await verifiedMember(app)
  await db().query(
    `INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value, created_at)
     VALUES ($1, $2, $3, 'percent', 500, now() - make_interval(days => $4))`,
    [randomBytes(16).toString('base64url'), m.id, store.id, constants.cashback.inquiryMinDaysAfterClick + 2],
  )
  const r = await c.post(
    '/api/account/cashback-inquiries',
    {
      store: store.internal_name,
      ordered_on: dayOf(new Date(Date.now() - (constants.cashback.inquiryMinDaysAfterClick + 1) * DAY_MS)),
      order_id: `ORD-${randomBytes(4).toString('hex')}`,
      amount_cents: amountCents,
    },
    m.h,
  )
  expect(r.status).toBe(200)
  expect(r.body.data.status).toBe('under_review')
  return { m, id: r.body.data.id as number }
}

/** A conversion of the store's network whose click this server does not know: parked. */
async function parked(saleCents: number) {
  const r = await applyConversions(
    db(),
    [
      {
        network: store.network,
        orderId: `NET-${randomBytes(4).toString('hex')}`,
        clickId: `unknown-${randomUUID()}`,
        saleCents,
        commissionCents: Math.round(saleCents / 10),
        currency: 'USD',
        status: 'pending',
        orderedAt: new Date(Date.now() - (constants.cashback.inquiryMinDaysAfterClick + 1) * DAY_MS),
      },
    ],
    { test: false },
  )
  return r.parked[0]!
}

describe('missing cash-back inquiries under review', () => {
  beforeAll(async () => {
    store = await ownStore()
  })

  it("are listed with the member's clicks at the store and the parked conversions; matching one attaches it, audited", async () => {
    const { m, id } = await openInquiry()
    const conv = await parked(11_990)
    const row = (await c.get('/api/staff/inquiries', support.h)).body.data.find(
      (x: { id: number }) => x.id === id,
    )
    expect(row.member.id).toBe(m.id)
    expect(row.clicks).toHaveLength(1)
    expect(row.parked.find((p: { id: number }) => p.id === conv)).toMatchObject({
      sale_cents: 11_990,
      likely: true,
    })
    const r = await c.post(`/api/staff/inquiries/${id}/match`, { conversion_id: conv }, support.h)
    expect(r.body).toEqual({ success: true, status: 'matched' })
    expect(await db().one('SELECT user_id, parked FROM conversions WHERE id = $1', [conv])).toEqual({
      user_id: m.id,
      parked: false,
    })
    expect(await ledgerOf(`conversion:${conv}`)).toEqual([{ amount: 600, status: 'pending' }])
    expect(await noticesOf(m.id, 'cashback_tracked')).toHaveLength(1)
    expect(await auditOf(`cashback_inquiry:${id}`)).toMatchObject([
      { action: 'inquiry.match', staff_id: support.id, after: { status: 'matched', conversion_id: conv } },
    ])
    // the conversion is the member's now: another inquiry cannot take it
    const next = await openInquiry()
    const taken = await c.post(`/api/staff/inquiries/${next.id}/match`, { conversion_id: conv }, support.h)
    expect(taken.status).toBe(409)
    expect(taken.body.codes.conversion_id).toBe('conversion_taken')
    expect((await c.post(`/api/staff/inquiries/${id}/decline`, { reason: 'x' }, support.h)).status).toBe(409)
  })

  it('crediting by hand books the cash back once with the reason and tells the member', async () => {
    const { m, id } = await openInquiry(8000)
    const over = await c.post(
      `/api/staff/inquiries/${id}/credit`,
      { amount_cents: 8001, reason: 'r' },
      support.h,
    )
    expect(over.body.codes.amount_cents).toBe('over_order_amount')
    const r = await c.post(
      `/api/staff/inquiries/${id}/credit`,
      { amount_cents: 400, reason: 'The store confirmed the order by e-mail.' },
      support.h,
    )
    expect(r.status).toBe(200)
    expect(await ledgerOf(`inquiry:${id}`)).toEqual([{ amount: 400, status: 'payable' }])
    expect((await sumsOf(db(), m.id)).cash_payable).toBe(400)
    expect((await noticesOf(m.id, 'inquiry_credited'))[0]!.body).toContain(
      'The store confirmed the order by e-mail.',
    )
    const mine = (await c.get('/api/account/cashback-inquiries', m.h)).body.data[0]
    expect(mine.status).toBe('matched')
    expect(
      (await c.post(`/api/staff/inquiries/${id}/credit`, { amount_cents: 400, reason: 'again' }, support.h))
        .status,
    ).toBe(409)
    expect(await ledgerOf(`inquiry:${id}`)).toHaveLength(1)
    expect(await auditOf(`cashback_inquiry:${id}`)).toMatchObject([
      { action: 'inquiry.credit', after: { credited_cents: 400 } },
    ])
  })

  it('declining keeps the reason and tells the member; inquiries are support work (finance 403)', async () => {
    const { m, id } = await openInquiry()
    expect(
      (await c.post(`/api/staff/inquiries/${id}/decline`, { reason: 'No order' }, finance.h)).status,
    ).toBe(403)
    const r = await c.post(
      `/api/staff/inquiries/${id}/decline`,
      { reason: 'The store has no such order.' },
      support.h,
    )
    expect(r.body.status).toBe('declined')
    expect((await c.get('/api/account/cashback-inquiries', m.h)).body.data[0].status).toBe('declined')
    expect((await noticesOf(m.id, 'inquiry_declined'))[0]!.body).toContain('The store has no such order.')
    expect(await auditOf(`cashback_inquiry:${id}`)).toMatchObject([{ action: 'inquiry.decline' }])
  })
})

// ---------------------------------------------------------------- protection claims

/** A filed claim whose order has no linked account behind it: the watcher cannot settle it. */
async function unsettledClaim(amountCents = 2500) {
  const m = await verifiedMember(app)
  const row = await db().one<{ id: number }>(
    `INSERT INTO protection_claims (user_id, kind, merchant, reference, amount_cents, status)
     VALUES ($1, 'package', 'Parcel Store', $2, $3, 'filed') RETURNING id`,
    [m.id, `REF-${randomBytes(3).toString('hex')}`, amountCents],
  )
  return { m, id: row!.id }
}

describe('protection claims the watcher could not settle', () => {
  it('are listed with why; approving pays the refund once and tells the member, audited', async () => {
    const { m, id } = await unsettledClaim()
    const row = (await c.get('/api/staff/protection', finance.h)).body.data.find(
      (x: { id: number }) => x.id === id,
    )
    expect(row).toMatchObject({ member: { id: m.id }, amount_cents: 2500, merchant: 'Parcel Store' })
    expect(['no_provider', 'no_account']).toContain(row.why)
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => c.post(`/api/staff/protection/${id}/approve`, {}, finance.h)),
    )
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1)
    expect(replies.filter((r) => r.status === 409)).toHaveLength(9)
    expect(await ledgerOf(`protection:${id}`)).toEqual([{ amount: 2500, status: 'payable' }])
    expect(await noticesOf(m.id, 'protection_paid')).toHaveLength(1)
    expect(await auditOf(`protection_claim:${id}`)).toMatchObject([{ action: 'protection.approve' }])
  })

  it('declining keeps the reason the member is told, and the claim leaves the queue', async () => {
    const { m, id } = await unsettledClaim()
    const r = await c.post(
      `/api/staff/protection/${id}/decline`,
      { reason: 'Delivered per the carrier.' },
      finance.h,
    )
    expect(r.body.status).toBe('declined')
    expect(
      await db().one('SELECT status, decline_reason FROM protection_claims WHERE id = $1', [id]),
    ).toEqual({ status: 'declined', decline_reason: 'Delivered per the carrier.' })
    expect((await noticesOf(m.id, 'protection_declined'))[0]!.body).toContain('Delivered per the carrier.')
    expect(await ledgerOf(`protection:${id}`)).toEqual([])
    expect(await auditOf(`protection_claim:${id}`)).toMatchObject([{ action: 'protection.decline' }])
    expect(
      (await c.get('/api/staff/protection', finance.h)).body.data.some((x: { id: number }) => x.id === id),
    ).toBe(false)
  })
})
