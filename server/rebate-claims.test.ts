import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { approveClaim, rejectClaim } from './lib/rebate-claims.ts'
import { testServer, verifiedMember } from './test-helpers.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await testServer()
})
afterAll(async () => {
  await app.close()
})

const SHIPPING_CAP = constants.shippingRebateMaxPerMonth * constants.numberFormat.centsDivisor
const RIDESHARE_CAP = constants.rideshareRebateMaxPerMonth * constants.numberFormat.centsDivisor
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
])
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

async function plusMember() {
  const m = await verifiedMember(app)
  await app.services.db.query('UPDATE users SET plus_active = true WHERE id = $1', [m.id])
  return m
}

let orders = 0
function claim(over: Record<string, unknown> = {}, file: Buffer = PDF, name = 'receipt.pdf') {
  orders += 1
  return {
    benefit_type: 'shipping',
    order_number: `ORD-${orders}-2291`,
    order_date: daysAgo(3),
    amount_cents: 1250,
    receipt: { name, data: file.toString('base64') },
    ...over,
  }
}

const claimsOf = async (userId: number) =>
  app.services.db.query<{ id: number; status: string; amount_cents: number; receipt_key: string }>(
    'SELECT id, status, amount_cents, receipt_key FROM rebate_claims WHERE user_id = $1 ORDER BY id',
    [userId],
  )

describe('filing a rebate claim', () => {
  it('a Plus member files a claim with a PDF receipt: it is in review, listed with what is left, its receipt stored', async () => {
    const m = await plusMember()
    const r = await m.cl.post('/api/account/rebate-claims', claim({ amount_cents: 1250 }), m.h)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ benefit_type: 'shipping', amount_cents: 1250, status: 'in_review' })
    expect(r.body.data.receipt_type).toBe('application/pdf')
    expect(r.body.left.shipping).toBe(SHIPPING_CAP - 1250)

    const list = await m.cl.get('/api/account/rebate-claims?benefit_type=shipping', m.h)
    expect(list.status).toBe(200)
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([r.body.data.id])
    expect(list.body.left).toEqual({ shipping: SHIPPING_CAP - 1250, rideshare: RIDESHARE_CAP })

    const [row] = await claimsOf(m.id)
    expect(await app.services.uploads.get(row!.receipt_key)).toEqual(PDF)
  })

  it('a member without Plus is refused (403 plus_required) and nothing is stored', async () => {
    const m = await verifiedMember(app)
    const r = await m.cl.post('/api/account/rebate-claims', claim(), m.h)
    expect(r.status).toBe(403)
    expect(r.body.code).toBe('plus_required')
    expect(await claimsOf(m.id)).toEqual([])
  })

  it('an upload that says PDF but is not one is refused (422 receipt_type), whatever its name', async () => {
    const m = await plusMember()
    const fake = Buffer.from('Order 2291: shipping $12.50. This is text named receipt.pdf.', 'utf8')
    const r = await m.cl.post('/api/account/rebate-claims', claim({}, fake, 'receipt.pdf'), m.h)
    expect(r.status).toBe(422)
    expect(r.body.codes.receipt).toBe('receipt_type')
    expect(await claimsOf(m.id)).toEqual([])
    // a real PNG named .pdf is taken as the PNG it is
    const png = await m.cl.post('/api/account/rebate-claims', claim({}, PNG, 'receipt.pdf'), m.h)
    expect(png.status).toBe(200)
    expect(png.body.data.receipt_type).toBe('image/png')
  })

  it(`a receipt over ${constants.rebateClaims.receiptMaxBytes} bytes is refused (422 receipt_too_big); one of exactly that size is taken`, async () => {
    const m = await plusMember()
    const big = Buffer.concat([
      PDF,
      Buffer.alloc(constants.rebateClaims.receiptMaxBytes + 1 - PDF.length, 32),
    ])
    const r = await m.cl.post('/api/account/rebate-claims', claim({}, big), m.h)
    expect(r.status).toBe(422)
    expect(r.body.codes.receipt).toBe('receipt_too_big')
    expect(await claimsOf(m.id)).toEqual([])
    const fits = await m.cl.post(
      '/api/account/rebate-claims',
      claim({}, big.subarray(0, big.length - 1)),
      m.h,
    )
    expect(fits.status).toBe(200)
  })

  it('an order in the future or older than orderMaxAgeDays is refused; an order number claimed twice is refused', async () => {
    const m = await plusMember()
    const future = await m.cl.post('/api/account/rebate-claims', claim({ order_date: daysAgo(-3) }), m.h)
    expect(future.status).toBe(422)
    expect(future.body.codes.order_date).toBe('order_date_future')
    const old = await m.cl.post(
      '/api/account/rebate-claims',
      claim({ order_date: daysAgo(constants.rebateClaims.orderMaxAgeDays + 2) }),
      m.h,
    )
    expect(old.status).toBe(422)
    expect(old.body.codes.order_date).toBe('order_too_old')
    const first = await m.cl.post('/api/account/rebate-claims', claim({ order_number: 'A-77' }), m.h)
    expect(first.status).toBe(200)
    const again = await m.cl.post('/api/account/rebate-claims', claim({ order_number: 'A-77' }), m.h)
    expect(again.status).toBe(422)
    expect(again.body.codes.order_number).toBe('order_claimed')
    expect((await claimsOf(m.id)).length).toBe(1)
  })
})

describe('monthly caps on the server', () => {
  it('the shipping cap holds under 20 concurrent claims: those that fit are in review, the others learn what is left', async () => {
    const m = await plusMember()
    const each = 800
    const fit = Math.floor(SHIPPING_CAP / each)
    const rs = await Promise.all(
      Array.from({ length: 20 }, () =>
        m.cl.post('/api/account/rebate-claims', claim({ amount_cents: each }), m.h),
      ),
    )
    const ok = rs.filter((r) => r.status === 200)
    const refused = rs.filter((r) => r.status === 422)
    expect(ok.length).toBe(fit)
    expect(refused.length).toBe(20 - fit)
    for (const r of refused) {
      expect(r.body.codes.amount_cents).toBe('over_monthly_cap')
      expect(r.body.left_cents).toBe(SHIPPING_CAP - fit * each)
    }
    const rows = await claimsOf(m.id)
    expect(rows.reduce((a, c) => a + c.amount_cents, 0)).toBe(fit * each)
    // the refused claims left no receipt behind: every stored receipt belongs to a claim
    for (const r of rows) expect(await app.services.uploads.get(r.receipt_key)).toEqual(PDF)
  })

  it('the rideshare cap is its own: a claim over what is left of it is refused with what is left', async () => {
    const m = await plusMember()
    const a = await m.cl.post(
      '/api/account/rebate-claims',
      claim({ benefit_type: 'rideshare', amount_cents: RIDESHARE_CAP - 300 }),
      m.h,
    )
    expect(a.status).toBe(200)
    const b = await m.cl.post(
      '/api/account/rebate-claims',
      claim({ benefit_type: 'rideshare', amount_cents: 301 }),
      m.h,
    )
    expect(b.status).toBe(422)
    expect(b.body.left_cents).toBe(300)
    // shipping is untouched by rideshare claims
    const c = await m.cl.post(
      '/api/account/rebate-claims',
      claim({ benefit_type: 'shipping', amount_cents: 5000 }),
      m.h,
    )
    expect(c.status).toBe(200)
  })
})

describe('the receipt', () => {
  it('is served to its member only: another member and a guest get no bytes', async () => {
    const m = await plusMember()
    const other = await plusMember()
    const r = await m.cl.post('/api/account/rebate-claims', claim(), m.h)
    const url = `/api/account/rebate-claims/${r.body.data.id}/receipt`
    const mine = await app.inject({ method: 'GET', url, headers: m.h })
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['content-type']).toBe('application/pdf')
    expect(mine.headers['x-content-type-options']).toBe('nosniff')
    expect(mine.rawPayload).toEqual(PDF)
    const theirs = await app.inject({ method: 'GET', url, headers: other.h })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.body).not.toContain('%PDF')
    const guest = await app.inject({ method: 'GET', url })
    expect(guest.statusCode).toBe(401)
  })
})

describe('review by staff (approveClaim, rejectClaim)', () => {
  it('approve books the claim once in the ledger under 50 concurrent approvals, and tells the member', async () => {
    const m = await plusMember()
    const r = await m.cl.post('/api/account/rebate-claims', claim({ amount_cents: 2000 }), m.h)
    const id = r.body.data.id as number
    const outs = await Promise.all(
      Array.from({ length: 50 }, () => approveClaim(app.services, id, 1800, 'staff@x')),
    )
    expect(outs.filter((o) => o.ok && o.booked).length).toBe(1)
    const rows = await app.services.db.query<{
      amount: number
      kind: string
      status: string
      benefit_type: string
    }>('SELECT amount, kind, status, benefit_type FROM ledger WHERE source_ref = $1', [`rebate_claim:${id}`])
    expect(rows).toEqual([{ amount: 1800, kind: 'plus_rebate', status: 'payable', benefit_type: 'shipping' }])
    const list = await m.cl.get('/api/account/rebate-claims', m.h)
    expect(list.body.data[0]).toMatchObject({ id, status: 'approved', approved_cents: 1800 })
    // the cap counts what was approved
    expect(list.body.left.shipping).toBe(SHIPPING_CAP - 1800)
    const notes = await m.cl.get('/api/account/notifications', m.h)
    const note = notes.body.data.find((n: { kind: string }) => n.kind === 'rebate_claim_approved')
    expect(note.params).toMatchObject({ amount_cents: 1800, benefit: 'shipping' })
    // once decided, it stays decided
    const late = await rejectClaim(app.services, id, 'Too late')
    expect(late).toEqual({ ok: false, code: 'not_in_review' })
  })

  it('approvals and rejections racing on one claim: exactly one decides, the others find it decided', async () => {
    const m = await plusMember()
    const r = await m.cl.post('/api/account/rebate-claims', claim({ amount_cents: 500 }), m.h)
    const id = r.body.data.id as number
    const outs = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? rejectClaim(app.services, id, 'No fee on the receipt.')
          : approveClaim(app.services, id, 500, 'staff@x'),
      ),
    )
    expect(outs.filter((o) => o.ok).length).toBe(1)
    expect(outs.filter((o) => !o.ok && o.code === 'not_in_review').length).toBe(49)
    const [row] = await app.services.db.query<{ status: string }>(
      'SELECT status FROM rebate_claims WHERE id = $1',
      [id],
    )
    const booked = await app.services.db.query('SELECT 1 FROM ledger WHERE source_ref = $1', [
      `rebate_claim:${id}`,
    ])
    expect(booked.length).toBe(row!.status === 'approved' ? 1 : 0)
  })

  it('approve refuses more than the claim asked for', async () => {
    const m = await plusMember()
    const r = await m.cl.post('/api/account/rebate-claims', claim({ amount_cents: 900 }), m.h)
    const out = await approveClaim(app.services, r.body.data.id, 901, 'staff@x')
    expect(out).toEqual({ ok: false, code: 'over_claim' })
    expect(
      await app.services.db.query('SELECT 1 FROM ledger WHERE source_ref = $1', [
        `rebate_claim:${r.body.data.id}`,
      ]),
    ).toEqual([])
  })

  it('reject keeps the reason the member sees, books nothing and frees the cap', async () => {
    const m = await plusMember()
    const r = await m.cl.post('/api/account/rebate-claims', claim({ amount_cents: SHIPPING_CAP }), m.h)
    expect(r.body.left.shipping).toBe(0)
    const id = r.body.data.id as number
    expect(await rejectClaim(app.services, id, 'The receipt does not show a shipping fee.')).toEqual({
      ok: true,
    })
    const list = await m.cl.get('/api/account/rebate-claims', m.h)
    expect(list.body.data[0]).toMatchObject({
      id,
      status: 'rejected',
      reason: 'The receipt does not show a shipping fee.',
    })
    expect(list.body.left.shipping).toBe(SHIPPING_CAP)
    expect(
      await app.services.db.query('SELECT 1 FROM ledger WHERE source_ref = $1', [`rebate_claim:${id}`]),
    ).toEqual([])
    const notes = await m.cl.get('/api/account/notifications', m.h)
    const note = notes.body.data.find((n: { kind: string }) => n.kind === 'rebate_claim_rejected')
    expect(note.params.reason).toBe('The receipt does not show a shipping fee.')
  })
})

describe('claims and the rest of the account', () => {
  it('an account merge moves the claims with their receipts; an order both claimed stays live once', async () => {
    const from = await plusMember()
    const into = await plusMember()
    const both = 'BOTH-1'
    await from.cl.post('/api/account/rebate-claims', claim({ order_number: both, amount_cents: 700 }), from.h)
    await from.cl.post(
      '/api/account/rebate-claims',
      claim({ order_number: 'FROM-ONLY', amount_cents: 600 }),
      from.h,
    )
    await into.cl.post('/api/account/rebate-claims', claim({ order_number: both, amount_cents: 700 }), into.h)
    const merged = await from.cl.post(
      '/api/authenticate-and-merge',
      { email: into.email, password: 'correct horse battery' },
      from.h,
    )
    expect(merged.status).toBe(200)
    const list = await into.cl.get('/api/account/rebate-claims', into.h)
    const live = list.body.data.filter((c: { status: string }) => c.status === 'in_review')
    expect(live.map((c: { order_number: string }) => c.order_number).sort()).toEqual([both, 'FROM-ONLY'])
    const moved = live.find((c: { order_number: string }) => c.order_number === 'FROM-ONLY')
    const receipt = await app.inject({
      method: 'GET',
      url: `/api/account/rebate-claims/${moved.id}/receipt`,
      headers: into.h,
    })
    expect(receipt.rawPayload).toEqual(PDF)
  })

  it('the API document describes the claim routes', async () => {
    const docs = await app.inject({ method: 'GET', url: '/api/docs' })
    const paths = JSON.parse(docs.body).paths
    expect(Object.keys(paths['/api/account/rebate-claims'])).toEqual(expect.arrayContaining(['get', 'post']))
    expect(paths['/api/account/rebate-claims/{id}/receipt'].get).toMatchObject({
      summary: expect.any(String),
    })
  })
})
