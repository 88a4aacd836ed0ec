import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { type GiftCardIssue, giftCardProviders } from './adapters/gift-card.ts'
import { type PayoutProvider, type PayoutRequest, payoutProviders } from './adapters/payout.ts'
import { DEV_PAYOUT_SIGNATURE_HEADER, signedReport } from './dev-payout.ts'
import { createJobRunner } from './lib/job-queue.ts'
import { sumsOf } from './lib/ledger.ts'
import { definePayoutReleaseJob } from './lib/payout-release.ts'
import { approvePayout, definePayoutJobs, rejectPayout } from './lib/payouts.ts'
import { client, testServer, verifiedMember } from './test-helpers.ts'

/**
 * Issue 27, payouts: a withdrawal is sent through the payout provider by scheduled work, learns its
 * result from the provider's signed webhook, and a failed one returns the money once.
 */

const PASSWORD = 'correct horse battery'
const DEV_KEY = randomUUID()
let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer({ payoutReleaseSeconds: 60, devPayoutSecret: DEV_KEY })
  c = client(app)
})
afterAll(() => app?.close())

type Member = Awaited<ReturnType<typeof verifiedMember>>
const member = (on: FastifyInstance, cents: number) => verifiedMember(on, cents, PASSWORD)

const withdraw = (
  on: FastifyInstance,
  m: Member,
  amount: number,
  o: { method?: string; destination?: string } = {},
) =>
  client(on).post(
    '/api/account/withdrawals',
    {
      kind: 'cash',
      method: o.method ?? 'paypal',
      destination: o.destination ?? `${randomUUID()}@example.com`,
      password: PASSWORD,
      idempotency_key: randomUUID(),
      amount,
    },
    m.h,
  )

const statusOf = async (on: FastifyInstance, id: number) =>
  (await on.services.db.one<{ w: string; l: string }>(
    `SELECT w.status AS w, l.status AS l FROM withdrawals w JOIN ledger l ON l.source_ref = 'withdrawal:' || w.id
     WHERE w.id = $1`,
    [id],
  ))!

/** The hold of these payouts ended a minute ago (the database's clock). */
const endHold = (on: FastifyInstance, ids: number[]) =>
  on.services.db.query(
    `UPDATE withdrawals SET release_at = now() - interval '1 minute' WHERE id = ANY($1::int[])`,
    [ids],
  )

/**
 * The hold's end as scheduled work sees it: the payout release's run of this period is taken already
 * (the tests run it many times a minute), so its period starts again, then the due jobs run.
 */
async function releaseByJob(on: FastifyInstance) {
  await on.services.db.query(`DELETE FROM jobs WHERE name = 'payout_release'`)
  return on.jobs.runDueJobs()
}

/** Runs the due jobs as if `seconds` had passed (the development provider reports after its delay). */
const later = (on: FastifyInstance, seconds: number) =>
  on.jobs.runDueJobs(new Date(Date.now() + seconds * 1000))
const afterDevDelay = (on: FastifyInstance) => later(on, constants.payouts.devProviderDelaySeconds + 1)

async function heldPayout(on: FastifyInstance, m: Member, cents: number) {
  const r = await withdraw(on, m, cents)
  expect(r.status).toBe(200)
  expect(r.body.data.status).toBe('held')
  return r.body.data.id as number
}

/** A payout the development provider has (sent), not yet reported. */
async function sentPayout(m: Member, cents: number) {
  const id = await heldPayout(app, m, cents)
  await endHold(app, [id])
  await releaseByJob(app)
  expect(await statusOf(app, id)).toEqual({ w: 'sent', l: 'pending' })
  return id
}

const refOf = async (on: FastifyInstance, id: number) =>
  (await on.services.db.one<{ provider_ref: string }>('SELECT provider_ref FROM withdrawals WHERE id = $1', [
    id,
  ]))!.provider_ref

describe('payouts go through the payout provider', () => {
  it('the development provider is the default here, listed in the start-up summary', () => {
    expect(app.services.payouts?.id).toBe('development')
    const summary = app.summary('http://127.0.0.1:3000')
    expect(summary).toMatch(/payouts: +development payout provider on/)
    expect(summary).toMatch(/stand-ins:.*development payout provider \(\/dev-payout\)/)
  })

  it('a held payout is sent by the scheduled job when its hold ends, not by a read', async () => {
    const m = await member(app, 5000)
    const id = await heldPayout(app, m, 2000)
    await endHold(app, [id])
    for (const url of ['/api/account/balances', '/api/account/withdrawals', '/api/account/ledger'])
      expect((await c.get(url, m.h)).status).toBe(200)
    expect(await statusOf(app, id)).toEqual({ w: 'held', l: 'pending' })
    await releaseByJob(app)
    expect(await statusOf(app, id)).toEqual({ w: 'sent', l: 'pending' })
    const sent = await app.services.db.one<{ payout_id: number; amount_cents: number; status: string }>(
      'SELECT payout_id, amount_cents, status FROM dev_payouts WHERE payout_id = $1',
      [id],
    )
    expect(sent).toEqual({ payout_id: id, amount_cents: 2000, status: 'sent' })
  })

  it('the development provider reports paid through its signed webhook after its delay', async () => {
    const m = await member(app, 5000)
    const id = await sentPayout(m, 1500)
    // before the delay: still sent
    await app.jobs.runDueJobs()
    expect(await statusOf(app, id)).toEqual({ w: 'sent', l: 'pending' })
    await afterDevDelay(app)
    expect(await statusOf(app, id)).toEqual({ w: 'paid', l: 'paid' })
    const sums = await sumsOf(app.services.db, m.id)
    expect([sums.cash_paid, sums.cash_payable]).toEqual([1500, 3500])
    const list = (await c.get('/api/account/withdrawals', m.h)).body.data
    expect(list.find((w: { id: number }) => w.id === id).status).toBe('paid')
  })

  it('a withdrawal to known details is sent through the provider too, never paid at once', async () => {
    const m = await member(app, 6000)
    const to = `${randomUUID()}@example.com`
    const first = await withdraw(app, m, 1000, { destination: to })
    await endHold(app, [first.body.data.id])
    await releaseByJob(app)
    await afterDevDelay(app)
    const second = await withdraw(app, m, 1200, { destination: to })
    expect(second.body.data).toMatchObject({ status: 'sending', release_at: null })
    expect(await statusOf(app, second.body.data.id)).toEqual({ w: 'sending', l: 'pending' })
    await app.jobs.runDueJobs()
    expect((await statusOf(app, second.body.data.id)).w).toBe('sent')
    await afterDevDelay(app)
    expect(await statusOf(app, second.body.data.id)).toEqual({ w: 'paid', l: 'paid' })
  })

  it('a forged webhook is refused with 403 and changes nothing', async () => {
    const m = await member(app, 5000)
    const id = await sentPayout(m, 1000)
    const ref = await refOf(app, id)
    const forged = signedReport('not-the-secret', { ref, status: 'failed', reason: 'forged' })
    const r = await c.raw('POST', '/api/payouts/webhook/development', forged.body, forged.headers)
    expect(r.status).toBe(403)
    const unsigned = await c.raw('POST', '/api/payouts/webhook/development', forged.body, {
      'content-type': 'application/json',
    })
    expect(unsigned.status).toBe(403)
    // the right signature over another body is forged too
    const good = signedReport('x', { ref, status: 'paid' })
    const swapped = await c.raw('POST', '/api/payouts/webhook/development', forged.body, {
      'content-type': 'application/json',
      [DEV_PAYOUT_SIGNATURE_HEADER]: good.headers[DEV_PAYOUT_SIGNATURE_HEADER],
    })
    expect(swapped.status).toBe(403)
    expect(await statusOf(app, id)).toEqual({ w: 'sent', l: 'pending' })
    expect((await sumsOf(app.services.db, m.id)).cash_payable).toBe(4000)
  })

  it('a failed payout returns the money once under 50 concurrent webhooks, with a notice and a mail', async () => {
    const m = await member(app, 5000)
    const id = await sentPayout(m, 2500)
    expect((await sumsOf(app.services.db, m.id)).cash_payable).toBe(2500)
    // a person marks it failed on the provider's page: its signed report goes out (a job, due at once)
    const page = await c.raw(
      'POST',
      `/dev-payout/payouts/${encodeURIComponent(await refOf(app, id))}/fail`,
      '',
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    )
    expect(page.status).toBe(303)
    const row = await app.services.db.one<{ reason: string }>(
      'SELECT reason FROM dev_payouts WHERE payout_id = $1',
      [id],
    )
    expect(row?.reason).toMatch(/returned/i)
    await app.jobs.runDueJobs()
    expect(await statusOf(app, id)).toEqual({ w: 'failed', l: 'reversed' })
    // the same signed report 50 times at once (a provider retrying): nothing moves again
    const report = await webhookCopy(id)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/payouts/webhook/development',
          payload: report.body,
          headers: report.headers,
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200))
    expect(answers.filter((a) => JSON.parse(a.body).changed === true)).toHaveLength(0)
    const sums = await sumsOf(app.services.db, m.id)
    expect([sums.cash_payable, sums.cash_paid]).toEqual([5000, 0])
    const notices = await app.services.db.query<{ kind: string; params: { amount_cents: number } }>(
      'SELECT kind, params FROM notifications WHERE user_id = $1 AND kind = $2',
      [m.id, 'payout_failed'],
    )
    expect(notices).toEqual([
      { kind: 'payout_failed', params: expect.objectContaining({ amount_cents: 2500 }) },
    ])
    const mail = (await c.get(`/api/dev/outbox?to=${encodeURIComponent(m.email)}`)).body.data
    expect(
      mail.filter((x: { subject: string }) => x.subject === 'Your payout of $25.00 was returned'),
    ).toHaveLength(1)
  })

  it('50 concurrent first "failed" webhooks return the money exactly once', async () => {
    const m = await member(app, 5000)
    const id = await sentPayout(m, 3000)
    // the stand-in marks it failed in its own books, then its signed report arrives 50 times at once
    await app.services.db.query(
      `UPDATE dev_payouts SET status = 'failed', reason = 'Account closed' WHERE payout_id = $1`,
      [id],
    )
    const report = await webhookCopy(id)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({
          method: 'POST',
          url: '/api/payouts/webhook/development',
          payload: report.body,
          headers: report.headers,
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200))
    expect(answers.filter((a) => JSON.parse(a.body).changed === true)).toHaveLength(1)
    expect(await statusOf(app, id)).toEqual({ w: 'failed', l: 'reversed' })
    expect((await sumsOf(app.services.db, m.id)).cash_payable).toBe(5000)
    const n = await app.services.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND kind = 'payout_failed'`,
      [m.id],
    )
    expect(n?.n).toBe(1)
    await app.jobs.runDueJobs()
    const mail = (await c.get(`/api/dev/outbox?to=${encodeURIComponent(m.email)}`)).body.data
    expect(mail.filter((x: { subject: string }) => /was returned/.test(x.subject))).toHaveLength(1)
  })

  it('a Spanish member gets the returned mail in Spanish', async () => {
    const m = await member(app, 5000)
    expect((await c.put('/api/account/settings', { language: 'es' }, m.h)).status).toBe(200)
    const id = await sentPayout(m, 2000)
    await app.services.db.query(
      `UPDATE dev_payouts SET status = 'failed', reason = 'Cuenta cerrada' WHERE payout_id = $1`,
      [id],
    )
    const report = await webhookCopy(id)
    await app.inject({
      method: 'POST',
      url: '/api/payouts/webhook/development',
      payload: report.body,
      headers: report.headers,
    })
    await app.jobs.runDueJobs()
    const mail = (await c.get(`/api/dev/outbox?to=${encodeURIComponent(m.email)}`)).body.data
    expect(mail[0].subject).toBe('Tu pago de $20.00 fue devuelto')
    expect(mail[0].body).toContain('El dinero volvió a tu saldo')
  })

  it(`a payout worth more than reviewAboveCents goes to review and waits for staff`, async () => {
    const big = constants.payouts.reviewAboveCents + 100
    const m = await member(app, big + 5000)
    const id = await heldPayout(app, m, big)
    await endHold(app, [id])
    await releaseByJob(app)
    expect(await statusOf(app, id)).toEqual({ w: 'review', l: 'pending' })
    await afterDevDelay(app)
    expect(await statusOf(app, id)).toEqual({ w: 'review', l: 'pending' })
    expect((await c.get('/api/account/withdrawals', m.h)).body.data[0].status).toBe('review')
    // staff approve: it is sent
    expect(await approvePayout(app.services, id, 'checked the member')).toBe(true)
    expect(await approvePayout(app.services, id, 'twice')).toBe(false)
    await app.jobs.runDueJobs()
    expect((await statusOf(app, id)).w).toBe('sent')
    await afterDevDelay(app)
    expect(await statusOf(app, id)).toEqual({ w: 'paid', l: 'paid' })
  })

  it('staff reject a payout in review: the money returns once, with the reason', async () => {
    const big = constants.payouts.reviewAboveCents + 1
    const m = await member(app, big)
    const id = await heldPayout(app, m, big)
    await endHold(app, [id])
    await releaseByJob(app)
    const runs = await Promise.all(
      Array.from({ length: 20 }, () => rejectPayout(app.services, id, 'Details do not match')),
    )
    expect(runs.filter(Boolean)).toHaveLength(1)
    expect(await statusOf(app, id)).toEqual({ w: 'rejected', l: 'reversed' })
    expect((await sumsOf(app.services.db, m.id)).cash_payable).toBe(big)
    const w = (await c.get('/api/account/withdrawals', m.h)).body.data[0]
    expect(w).toMatchObject({ status: 'rejected', failure_reason: 'Details do not match' })
    expect(await approvePayout(app.services, id, 'too late')).toBe(false)
  })

  it('two job runners on one database send each payout once', async () => {
    const sends: PayoutRequest[] = []
    const counting: PayoutProvider = {
      id: 'counting',
      describe: () => 'counting',
      paysTestMoney: false,
      async send(p) {
        sends.push(p)
        return { ref: `c-${p.payoutId}`, status: 'sent' }
      },
    }
    const m = await member(app, 9000)
    const ids = [
      await heldPayout(app, m, 1000),
      await heldPayout(app, m, 1100),
      await heldPayout(app, m, 1200),
    ]
    await endHold(app, ids)
    const log = { info: () => {}, error: () => {} }
    const services = { ...app.services, payouts: counting }
    const runners = [0, 1].map(() => {
      const r = createJobRunner(app.services.db, { pollSeconds: 0, log })
      definePayoutReleaseJob(r, services, 60)
      definePayoutJobs(r, services)
      return r
    })
    await app.services.db.query(`DELETE FROM jobs WHERE name = 'payout_release'`)
    // a second on: the send jobs the release puts in (at the database's now) are due in the same runs
    const now = new Date(Date.now() + 1000)
    await Promise.all(runners.map((r) => r.runDueJobs(now)))
    await Promise.all(runners.map((r) => r.runDueJobs(now)))
    const mine = sends.filter((p) => ids.includes(p.payoutId))
    expect(mine.map((p) => p.payoutId).sort()).toEqual([...ids].sort())
    expect(new Set(mine.map((p) => p.idempotencyKey)).size).toBe(3)
    for (const id of ids) expect((await statusOf(app, id)).w).toBe('sent')
  })
})

/** The stand-in's signed report of a payout, as it sends it (signed with the server's development key). */
async function webhookCopy(id: number) {
  const p = (await app.services.db.one<{
    ref: string
    status: 'paid' | 'failed' | 'sent'
    reason: string | null
  }>('SELECT ref, status, reason FROM dev_payouts WHERE payout_id = $1', [id]))!
  return signedReport(DEV_KEY, { ref: p.ref, status: p.status, ...(p.reason ? { reason: p.reason } : {}) })
}

describe('test money and real providers', () => {
  const fakeSends: PayoutRequest[] = []
  let real: FastifyInstance
  beforeAll(async () => {
    payoutProviders.fakebank = () => ({
      id: 'fakebank',
      describe: () => 'fake bank (test)',
      paysTestMoney: false,
      async send(p) {
        fakeSends.push(p)
        return { ref: `fb-${p.payoutId}`, status: 'paid' }
      },
    })
    real = await testServer({ payoutProvider: 'fakebank', payoutReleaseSeconds: 60 })
  })
  afterAll(async () => {
    await real?.close()
    delete payoutProviders.fakebank
  })

  async function withTestMoney(on: FastifyInstance, realCents: number, testCents: number) {
    const m = await member(on, realCents)
    const cl = client(on)
    expect(
      (await cl.post('/api/dev/ledger/purchase', { email: m.email, amount_cents: testCents })).status,
    ).toBe(200)
    await on.services.db.query(
      `UPDATE ledger SET status = 'payable' WHERE user_id = $1 AND test AND kind = 'cashback'`,
      [m.id],
    )
    return m
  }

  it('an unknown PAYOUT_PROVIDER stops the start-up', async () => {
    await expect(testServer({ payoutProvider: 'nosuchbank' })).rejects.toThrow(
      /Unknown PAYOUT_PROVIDER 'nosuchbank'/,
    )
  })

  it('a real provider: test money is refused with 422 test_money and never reaches the provider', async () => {
    const m = await withTestMoney(real, 1500, 2000)
    const r = await withdraw(real, m, 3000)
    expect(r.status).toBe(422)
    expect(r.body.code).toBe('test_money')
    // a test payout made earlier (under the development provider) is not sent to the real one: returned
    const ok = await withdraw(real, m, 1500)
    expect(ok.status).toBe(200)
    await real.services.db.query('UPDATE withdrawals SET test = true WHERE id = $1', [ok.body.data.id])
    await endHold(real, [ok.body.data.id])
    await releaseByJob(real)
    expect(fakeSends.filter((p) => p.payoutId === ok.body.data.id)).toEqual([])
    expect(await statusOf(real, ok.body.data.id)).toEqual({ w: 'failed', l: 'reversed' })
  })

  it('a real provider pays real money: its immediate "paid" marks the payout paid', async () => {
    const m = await member(real, 3000)
    const id = await heldPayout(real, m, 2000)
    await endHold(real, [id])
    await releaseByJob(real)
    expect(fakeSends.find((p) => p.payoutId === id)).toMatchObject({ amountCents: 2000, method: 'paypal' })
    expect(await statusOf(real, id)).toEqual({ w: 'paid', l: 'paid' })
  })

  it('the development provider pays test money: the payout is marked test and paid by the stand-in', async () => {
    const m = await withTestMoney(app, 1500, 2000)
    const r = await withdraw(app, m, 3500)
    expect(r.status).toBe(200)
    expect(r.body.data.test).toBe(true)
    await endHold(app, [r.body.data.id])
    await releaseByJob(app)
    await afterDevDelay(app)
    expect(await statusOf(app, r.body.data.id)).toEqual({ w: 'paid', l: 'paid' })
    const row = await app.services.db.one<{ test: boolean }>(
      `SELECT test FROM ledger WHERE source_ref = $1`,
      [`withdrawal:${r.body.data.id}`],
    )
    expect(row?.test).toBe(true)
  })
})

describe('a provider without webhooks', () => {
  it('is polled by scheduled work every payouts.pollSeconds until it reports the result', async () => {
    const results = new Map<string, 'sent' | 'paid' | 'failed'>()
    const polled: string[] = []
    payoutProviders.pollbank = () => ({
      id: 'pollbank',
      describe: () => 'poll bank (test)',
      paysTestMoney: false,
      async send(p) {
        results.set(`pb-${p.payoutId}`, 'sent')
        return { ref: `pb-${p.payoutId}`, status: 'sent' }
      },
      async poll(ref) {
        polled.push(ref)
        return { ref, status: results.get(ref) ?? 'sent', reason: 'Account closed' }
      },
    })
    const on = await testServer({ payoutProvider: 'pollbank', payoutReleaseSeconds: 60 })
    try {
      const paid = await member(on, 5000)
      const failed = await member(on, 5000)
      const a = await heldPayout(on, paid, 1000)
      const b = await heldPayout(on, failed, 2000)
      await endHold(on, [a, b])
      await releaseByJob(on)
      expect([(await statusOf(on, a)).w, (await statusOf(on, b)).w]).toEqual(['sent', 'sent'])
      // the provider has no result yet: still sent
      await later(on, constants.payouts.pollSeconds)
      expect(polled).toEqual(expect.arrayContaining([`pb-${a}`, `pb-${b}`]))
      expect([(await statusOf(on, a)).w, (await statusOf(on, b)).w]).toEqual(['sent', 'sent'])
      results.set(`pb-${a}`, 'paid')
      results.set(`pb-${b}`, 'failed')
      await later(on, 2 * constants.payouts.pollSeconds)
      expect(await statusOf(on, a)).toEqual({ w: 'paid', l: 'paid' })
      expect(await statusOf(on, b)).toEqual({ w: 'failed', l: 'reversed' })
      expect((await sumsOf(on.services.db, failed.id)).cash_payable).toBe(5000)
      // no webhook route for it
      expect((await client(on).post('/api/payouts/webhook/pollbank', { ref: `pb-${a}` })).status).toBe(404)
    } finally {
      await on.close()
      delete payoutProviders.pollbank
    }
  })
})

describe('gift-card withdrawals', () => {
  it('a gift-card withdrawal issues a code that shows in the gift-card history with its store, value and expiry', async () => {
    const m = await member(app, 5000)
    const r = await withdraw(app, m, 2500, { method: 'giftcard', destination: 'Amazon' })
    expect(r.status).toBe(200)
    await endHold(app, [r.body.data.id])
    await releaseByJob(app)
    expect(await statusOf(app, r.body.data.id)).toEqual({ w: 'paid', l: 'paid' })
    const cards = (await c.get('/api/account/gift-cards', m.h)).body.data
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ brand: 'Amazon', amount_cents: 2500, status: 'active' })
    expect(cards[0].code).toMatch(/^DEV-[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/)
    const days = (Date.parse(cards[0].expires_at) - Date.now()) / 86_400_000
    expect(Math.round(days)).toBe(constants.giftCards.lifeDays)
    const w = (await c.get('/api/account/withdrawals', m.h)).body.data[0]
    expect(w.gift_card_code).toBe(cards[0].code)
    // a store's card is never redeemed into the cash balance
    const redeem = await c.post('/api/gift/redeem', { code: cards[0].code }, m.h)
    expect(redeem.status).toBe(422)
    // expired: /account/update-expired-gift-card replaces it with a new code of the same value
    await app.services.db.query(`UPDATE gift_cards SET expires_at = now() - interval '1 day' WHERE id = $1`, [
      cards[0].id,
    ])
    const replaced = await c.post(`/api/account/gift-cards/${cards[0].id}/replace`, {}, m.h)
    expect(replaced.status).toBe(200)
    expect(replaced.body.data).toMatchObject({ brand: 'Amazon', amount_cents: 2500, status: 'active' })
    expect(replaced.body.data.code).not.toBe(cards[0].code)
    expect((await c.post('/api/gift/redeem', { code: replaced.body.data.code }, m.h)).status).toBe(422)
  })
})

describe('replacing an expired gift card', () => {
  /** An expired, unredeemed card of this member, as a withdrawal or the seed leaves it. */
  const expiredCard = async (on: FastifyInstance, m: Member) =>
    (await on.services.db.one<{ id: number; code: string }>(
      `INSERT INTO gift_cards (user_id, brand, amount_cents, code, status, expires_at)
       VALUES ($1, 'Amazon', 2500, $2, 'active', now() - interval '1 day') RETURNING id, code`,
      [m.id, `OLD-${randomUUID()}`],
    ))!

  it('asks the gift-card provider for the new card, as a withdrawal does, and only once', async () => {
    const asked: GiftCardIssue[] = []
    const expiresAt = new Date(Date.now() + constants.giftCards.lifeDays * 86_400_000)
    giftCardProviders.recorder = () => ({
      id: 'recorder',
      describe: () => 'recording gift-card provider (test)',
      paysTestMoney: false,
      async issue(r) {
        asked.push(r)
        return { code: `REC-${asked.length}-${randomUUID()}`, expiresAt }
      },
    })
    const on = await testServer({ devPayoutProvider: false, giftCardProvider: 'recorder' })
    try {
      const m = await member(on, 0)
      const old = await expiredCard(on, m)
      const r = await client(on).post(`/api/account/gift-cards/${old.id}/replace`, {}, m.h)
      expect(r.status).toBe(200)
      expect(asked).toEqual([
        {
          payoutId: null,
          brand: 'Amazon',
          amountCents: 2500,
          idempotencyKey: `gift_card_replace:${old.id}`,
          replacesCode: old.code,
        },
      ])
      expect(r.body.data.code).toMatch(/^REC-1-/)
      expect(r.body.data).toMatchObject({
        brand: 'Amazon',
        amount_cents: 2500,
        status: 'active',
        expires_at: expiresAt.toISOString(),
      })
      const rows = await on.services.db.query<{ code: string; status: string; provider: string | null }>(
        'SELECT code, status, provider FROM gift_cards WHERE user_id = $1 ORDER BY id',
        [m.id],
      )
      expect(rows).toEqual([
        { code: old.code, status: 'replaced', provider: null },
        { code: r.body.data.code, status: 'active', provider: 'recorder' },
      ])
      // replaced already: refused without asking the provider again
      const again = await client(on).post(`/api/account/gift-cards/${old.id}/replace`, {}, m.h)
      expect([again.status, again.body.code]).toEqual([422, 'gift_card_not_expired'])
      expect(asked).toHaveLength(1)
    } finally {
      await on.close()
      delete giftCardProviders.recorder
    }
  })

  it('a card bought with test money is never replaced by a real gift-card provider (422), which is not asked', async () => {
    const asked: GiftCardIssue[] = []
    giftCardProviders.recorder = () => ({
      id: 'recorder',
      describe: () => 'recording gift-card provider (test)',
      paysTestMoney: false,
      async issue(r) {
        asked.push(r)
        return { code: `REC-${randomUUID()}`, expiresAt: new Date(Date.now() + 86_400_000) }
      },
    })
    const on = await testServer({ devPayoutProvider: false, giftCardProvider: 'recorder' })
    try {
      const m = await member(on, 0)
      const old = await expiredCard(on, m)
      const w = await on.services.db.one<{ id: number }>(
        `INSERT INTO withdrawals (user_id, kind, amount, method, destination, status, value_cents, test)
         VALUES ($1, 'cash', 2500, 'giftcard', 'Amazon', 'paid', 2500, true) RETURNING id`,
        [m.id],
      )
      await on.services.db.query('UPDATE gift_cards SET withdrawal_id = $2 WHERE id = $1', [old.id, w!.id])
      const r = await client(on).post(`/api/account/gift-cards/${old.id}/replace`, {}, m.h)
      expect([r.status, r.body.code]).toEqual([422, 'gift_card_test_money'])
      expect(asked).toEqual([])
      const rows = await on.services.db.query<{ code: string; status: string }>(
        'SELECT code, status FROM gift_cards WHERE user_id = $1',
        [m.id],
      )
      expect(rows).toEqual([{ code: old.code, status: 'active' }])
    } finally {
      await on.close()
      delete giftCardProviders.recorder
    }
  })

  it('without a gift-card provider, is refused (503) and the expired card stays as it was', async () => {
    const on = await testServer({ devPayoutProvider: false })
    try {
      const m = await member(on, 0)
      const old = await expiredCard(on, m)
      const r = await client(on).post(`/api/account/gift-cards/${old.id}/replace`, {}, m.h)
      expect([r.status, r.body.code]).toEqual([503, 'gift_card_unavailable'])
      const rows = await on.services.db.query<{ code: string; status: string }>(
        'SELECT code, status FROM gift_cards WHERE user_id = $1',
        [m.id],
      )
      expect(rows).toEqual([{ code: old.code, status: 'active' }])
    } finally {
      await on.close()
    }
  })
})
