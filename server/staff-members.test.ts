import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { issueLoginCode } from './lib/login-codes.ts'
import { client, staffMember, testServer, verifiedMember } from './test-helpers.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await testServer()
})
afterAll(() => app.close())

const LIMIT = constants.staff.adjustmentApprovalAboveCents

/** The audit rows of a target, oldest first. */
const auditOf = (target: string) =>
  app.services.db.query<{ action: string; staff_id: number; before: unknown; after: unknown }>(
    'SELECT action, staff_id, before, after FROM staff_audit WHERE target = $1 ORDER BY id',
    [target],
  )

const ledgerOf = (userId: number) =>
  app.services.db.query<{ amount: number; kind: string; source_ref: string; reason: string }>(
    `SELECT amount, kind, source_ref, reason FROM ledger WHERE user_id = $1 AND kind = 'adjustment' ORDER BY id`,
    [userId],
  )

/** A new member and the adjustment of `cents` a finance staff member asked for them: its reply and id. */
async function asked(cents: number, reason: string) {
  const m = await verifiedMember(app)
  const requester = await staffMember(app, 'finance')
  const r = await client(app).post(
    `/api/staff/members/${m.id}/adjustments`,
    { amount_cents: cents, reason },
    requester.h,
  )
  return { m, requester, r, id: r.body.data.id as number }
}

describe('member lookup (issue 28)', () => {
  it('finds a member by e-mail, by a part of it and by id, for support and finance', async () => {
    const m = await verifiedMember(app)
    const support = await staffMember(app, 'support')
    const finance = await staffMember(app, 'finance')
    const cl = client(app)
    const byEmail = await cl.get(
      `/api/staff/members?q=${encodeURIComponent(m.email.toUpperCase())}`,
      support.h,
    )
    expect(byEmail.status).toBe(200)
    expect(byEmail.body.data[0]).toMatchObject({ id: m.id, email: m.email, locked: false })
    const part = m.email.slice(7, 20)
    const byPart = await cl.get(`/api/staff/members?q=${encodeURIComponent(part)}`, finance.h)
    expect(byPart.body.data.map((r: { id: number }) => r.id)).toContain(m.id)
    const byId = await cl.get(`/api/staff/members?q=${m.id}`, support.h)
    expect(byId.body.data[0].id).toBe(m.id)
  })

  it('takes LIKE wildcards literally', async () => {
    const support = await staffMember(app, 'support')
    const r = await client(app).get('/api/staff/members?q=%25', support.h)
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual([])
  })

  it("shows the member's profile, balances, ledger, clicks, sign-in links and linked accounts", async () => {
    const m = await verifiedMember(app, 1234)
    const support = await staffMember(app, 'support')
    const db = app.services.db
    await issueLoginCode(db, m.id, 10)
    await db.query(
      `INSERT INTO linked_accounts (user_id, provider, account_email, status, provider_account_id)
       VALUES ($1, 'dev', 'shop@example.com', 'connected', $2)`,
      [m.id, `acct-${m.id}`],
    )
    const store = await db.one<{ id: number; name: string }>(
      'SELECT id, name FROM stores ORDER BY id LIMIT 1',
    )
    await db.query(
      `INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value, device) VALUES ($1, $2, $3, 'percent', 500, 'desktop')`,
      [`click-${m.id}`, m.id, store!.id],
    )
    const cl = client(app)
    const page = await cl.get(`/api/staff/members/${m.id}`, support.h)
    expect(page.status).toBe(200)
    expect(page.body.data).toMatchObject({
      id: m.id,
      email: m.email,
      is_verified: true,
      locked_at: null,
      balances: { cash_payable_cents: 1234 },
      linked_accounts: [{ provider: 'dev', account_email: 'shop@example.com', status: 'connected' }],
      sessions: { token_life_days: constants.loginLifeDays, signed_out_everywhere_at: null },
    })
    expect(page.body.data.sessions.sign_in_links).toHaveLength(1)
    const ledger = await cl.get(`/api/staff/members/${m.id}/ledger`, support.h)
    expect(ledger.body).toMatchObject({ total: 1, has_more: false })
    expect(ledger.body.data[0]).toMatchObject({ amount: 1234, kind: 'cashback', status: 'payable' })
    const clicks = await cl.get(`/api/staff/members/${m.id}/clicks`, support.h)
    expect(clicks.body.data).toEqual([expect.objectContaining({ id: `click-${m.id}`, store: store!.name })])
  })

  it('answers 404 member_not_found for an unknown id', async () => {
    const support = await staffMember(app, 'support')
    const r = await client(app).get('/api/staff/members/2000000000', support.h)
    expect(r.status).toBe(404)
    expect(r.body.code).toBe('member_not_found')
  })
})

describe('locking a member (issue 28)', () => {
  it('refuses the sign-in and every token of a locked member, and the unlock lets them sign in again', async () => {
    const password = 'correct horse battery'
    const m = await verifiedMember(app, 0, password)
    const support = await staffMember(app, 'support')
    const cl = client(app)
    expect((await cl.get('/api/account/profile', m.h)).status).toBe(200)

    const lock = await cl.post(
      `/api/staff/members/${m.id}/lock`,
      { reason: 'Account takeover suspected' },
      support.h,
    )
    expect(lock.status).toBe(200)
    expect(lock.body.data).toMatchObject({ locked_reason: 'Account takeover suspected' })
    expect(lock.body.data.locked_at).toEqual(expect.any(String))

    // the token they held stops at once, and a sign-in with the right password is refused
    expect((await cl.get('/api/account/profile', m.h)).status).toBe(401)
    const login = await cl.post('/api/web/login', {
      email: m.email,
      password,
      'g-recaptcha-response': 'test',
    })
    expect(login.status).toBe(403)
    expect(login.body.code).toBe('account_locked')
    // a wrong password still says nothing about the lock
    const wrong = await cl.post('/api/web/login', {
      email: m.email,
      password: 'nope nope nope',
      'g-recaptcha-response': 'test',
    })
    expect(wrong.body.code).toBe('invalid_credentials')
    // a one-time sign-in link does not sign them in either
    const { code } = await issueLoginCode(app.services.db, m.id, 10)
    const byLink = await cl.post('/api/login-code/exchange', { code })
    expect(byLink.status).toBe(403)
    expect(byLink.body.code).toBe('account_locked')

    expect((await cl.post(`/api/staff/members/${m.id}/lock`, { reason: 'again' }, support.h)).body.code).toBe(
      'member_already_locked',
    )
    const unlock = await cl.post(
      `/api/staff/members/${m.id}/unlock`,
      { reason: 'Member proved who they are' },
      support.h,
    )
    expect(unlock.status).toBe(200)
    expect(unlock.body.data.locked_at).toBeNull()
    // the old token stays invalid; a new sign-in works
    expect((await cl.get('/api/account/profile', m.h)).status).toBe(401)
    expect(await cl.login(m.email, password)).toEqual(expect.any(String))

    expect((await auditOf(`user:${m.id}`)).map((a) => [a.action, a.staff_id, a.after])).toEqual([
      ['member.lock', support.id, { locked: true, reason: 'Account takeover suspected' }],
      ['member.unlock', support.id, { locked: false, reason: 'Member proved who they are' }],
    ])
  })

  it('refuses the token of a member whose row is locked, even with no token made invalid (session check)', async () => {
    const m = await verifiedMember(app)
    const cl = client(app)
    await app.services.db.query(
      `UPDATE users SET locked_at = now(), locked_reason = 'by hand' WHERE id = $1`,
      [m.id],
    )
    app.services.sessions.forget(m.id)
    expect((await cl.get('/api/account/profile', m.h)).status).toBe(401)
    expect((await cl.post('/api/sync-token', { nocache: true }, m.h)).body).toMatchObject({ success: false })
  })

  it('is refused to finance (support and admin lock) and needs a reason', async () => {
    const m = await verifiedMember(app)
    const finance = await staffMember(app, 'finance')
    const admin = await staffMember(app, 'admin')
    const cl = client(app)
    expect((await cl.post(`/api/staff/members/${m.id}/lock`, { reason: 'because' }, finance.h)).status).toBe(
      403,
    )
    const noReason = await cl.post(`/api/staff/members/${m.id}/lock`, { reason: ' ' }, admin.h)
    expect(noReason.status).toBe(422)
    expect(noReason.body.errors.reason).toEqual(expect.any(Array))
    expect((await cl.post(`/api/staff/members/${m.id}/lock`, { reason: 'because' }, admin.h)).status).toBe(
      200,
    )
  })
})

describe('manual adjustments (issue 28)', () => {
  it('books an adjustment at or under the threshold at once, through the ledger, audited', async () => {
    const m = await verifiedMember(app)
    const finance = await staffMember(app, 'finance')
    const cl = client(app)
    const r = await cl.post(
      `/api/staff/members/${m.id}/adjustments`,
      { amount_cents: LIMIT, reason: 'Goodwill' },
      finance.h,
    )
    expect(r.status).toBe(201)
    expect(r.body.data).toMatchObject({
      status: 'booked',
      amount_cents: LIMIT,
      requested_by: { id: finance.id },
    })
    expect(await ledgerOf(m.id)).toEqual([
      { amount: LIMIT, kind: 'adjustment', source_ref: `adjustment:${r.body.data.id}`, reason: 'Goodwill' },
    ])
    expect((await cl.get('/api/account/balances', m.h)).body.cash.payable_cents).toBe(LIMIT)
    expect((await auditOf(`adjustment:${r.body.data.id}`)).map((a) => a.action)).toEqual(['adjustment.book'])
  })

  it('refuses a debit beyond the payable balance, and adjustments to support', async () => {
    const m = await verifiedMember(app, 500)
    const finance = await staffMember(app, 'finance')
    const support = await staffMember(app, 'support')
    const cl = client(app)
    const over = await cl.post(
      `/api/staff/members/${m.id}/adjustments`,
      { amount_cents: -501, reason: 'Correction' },
      finance.h,
    )
    expect(over.status).toBe(409)
    expect(over.body.code).toBe('balance_too_low')
    expect(await ledgerOf(m.id)).toEqual([])
    const ok = await cl.post(
      `/api/staff/members/${m.id}/adjustments`,
      { amount_cents: -500, reason: 'Correction' },
      finance.h,
    )
    expect(ok.status).toBe(201)
    expect(
      (
        await cl.post(
          `/api/staff/members/${m.id}/adjustments`,
          { amount_cents: 1, reason: 'x y z' },
          support.h,
        )
      ).status,
    ).toBe(403)
    const zero = await cl.post(
      `/api/staff/members/${m.id}/adjustments`,
      { amount_cents: 0, reason: 'Nothing' },
      finance.h,
    )
    expect(zero.status).toBe(422)
  })

  it('waits above the threshold for a second staff member; the requester cannot approve; approval books once', async () => {
    const m = await verifiedMember(app)
    const requester = await staffMember(app, 'finance')
    const second = await staffMember(app, 'finance')
    const cl = client(app)
    const amount = -(LIMIT + 1)
    await cl.post(
      `/api/staff/members/${m.id}/adjustments`,
      { amount_cents: LIMIT + 1, reason: 'Credit first' },
      second.h,
    )
    const r = await cl.post(
      `/api/staff/members/${m.id}/adjustments`,
      { amount_cents: amount, reason: 'Refund clawback' },
      requester.h,
    )
    expect(r.status).toBe(202)
    const id = r.body.data.id
    expect(r.body.data.status).toBe('pending')
    expect((await ledgerOf(m.id)).map((l) => l.amount)).toEqual([])

    const pending = await cl.get('/api/staff/adjustments', second.h)
    expect(pending.body.data.map((a: { id: number }) => a.id)).toContain(id)

    const own = await cl.post(`/api/staff/adjustments/${id}/approve`, {}, requester.h)
    expect(own.status).toBe(403)
    expect(own.body.code).toBe('adjustment_own_request')
    // the credit above the threshold waits too: approve it first (the requester of that one is `second`)
    const credit = (await cl.get(`/api/staff/members/${m.id}/adjustments`, second.h)).body.data.find(
      (a: { amount_cents: number }) => a.amount_cents === LIMIT + 1,
    )
    expect((await cl.post(`/api/staff/adjustments/${credit.id}/approve`, {}, requester.h)).status).toBe(200)

    const ok = await cl.post(`/api/staff/adjustments/${id}/approve`, {}, second.h)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ status: 'booked', decided_by: { id: second.id } })
    expect((await ledgerOf(m.id)).map((l) => [l.amount, l.source_ref])).toEqual([
      [LIMIT + 1, `adjustment:${credit.id}`],
      [amount, `adjustment:${id}`],
    ])
    const again = await cl.post(`/api/staff/adjustments/${id}/approve`, {}, second.h)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('adjustment_decided')
    expect((await auditOf(`adjustment:${id}`)).map((a) => [a.action, a.staff_id])).toEqual([
      ['adjustment.request', requester.id],
      ['adjustment.approve', second.id],
    ])
  })

  it('rejects with a reason: nothing is booked, audited', async () => {
    const { m, requester, id } = await asked(LIMIT * 3, 'Big goodwill')
    const admin = await staffMember(app, 'admin')
    const cl = client(app)
    expect((await cl.post(`/api/staff/adjustments/${id}/reject`, { reason: 'no' }, admin.h)).status).toBe(422)
    expect(
      (await cl.post(`/api/staff/adjustments/${id}/reject`, { reason: 'Not ours' }, requester.h)).status,
    ).toBe(403)
    const no = await cl.post(`/api/staff/adjustments/${id}/reject`, { reason: 'Too generous' }, admin.h)
    expect(no.status).toBe(200)
    expect(no.body.data).toMatchObject({
      status: 'rejected',
      decision_reason: 'Too generous',
      ledger_id: null,
    })
    expect(await ledgerOf(m.id)).toEqual([])
    expect((await cl.post(`/api/staff/adjustments/${id}/approve`, {}, admin.h)).body.code).toBe(
      'adjustment_decided',
    )
    expect((await auditOf(`adjustment:${id}`)).map((a) => [a.action, a.after])).toEqual([
      ['adjustment.request', expect.objectContaining({ status: 'pending' })],
      ['adjustment.reject', { status: 'rejected', reason: 'Too generous' }],
    ])
  })

  it('follows the member into the account they merge into', async () => {
    const from = await verifiedMember(app)
    const into = await verifiedMember(app, 0, 'correct horse battery')
    const finance = await staffMember(app, 'finance')
    const cl = client(app)
    const a = await cl.post(
      `/api/staff/members/${from.id}/adjustments`,
      { amount_cents: 500, reason: 'Goodwill' },
      finance.h,
    )
    const merged = await cl.post(
      '/api/authenticate-and-merge',
      { email: into.email, password: 'correct horse battery' },
      from.h,
    )
    expect(merged.status).toBe(200)
    const list = await cl.get(`/api/staff/members/${into.id}/adjustments`, finance.h)
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([a.body.data.id])
  })

  it('books exactly once when 50 approvals of one adjustment arrive at once', async () => {
    const { m, id } = await asked(LIMIT * 2, 'Race')
    const approvers = await Promise.all(Array.from({ length: 5 }, () => staffMember(app, 'finance')))
    const cl = client(app)
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        cl.post(`/api/staff/adjustments/${id}/approve`, {}, approvers[i % 5]!.h),
      ),
    )
    expect(replies.filter((x) => x.status === 200)).toHaveLength(1)
    expect(replies.filter((x) => x.status === 409)).toHaveLength(49)
    expect((await ledgerOf(m.id)).map((l) => l.amount)).toEqual([LIMIT * 2])
    expect((await auditOf(`adjustment:${id}`)).filter((a) => a.action === 'adjustment.approve')).toHaveLength(
      1,
    )
    expect((await cl.get('/api/account/balances', m.h)).body.cash.payable_cents).toBe(LIMIT * 2)
  })
})
