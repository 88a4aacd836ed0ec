import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { defineBillingJobs, RENEWAL_JOB, renewDue } from './lib/billing/renewals.ts'
import { createJobRunner } from './lib/job-queue.ts'
import { redactUrl } from './lib/log-redact.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 27, membership billing: card numbers never reach the API (the sandbox provider tokenizes them
 * outside /api), renewals on the job runner (charged once), past due with retries and mails,
 * /updatepay_method, first-time members only.
 */
let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

const exp = `12/${(new Date().getFullYear() + 2) % 100}`
const CARDS = {
  ok: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
  renewalFails: '4000 0000 0000 0341',
}

async function tokenize(number: string) {
  const r = await c.post('/sandbox-pay/v1/tokens', { card_number: number, zip: '10001', cvv: '123', exp })
  if (r.status !== 200) throw new Error(`tokenize failed: ${r.status} ${r.text}`)
  return r.body.id as string
}

async function member(language: 'en' | 'es' = 'en') {
  const email = `billing-${randomUUID()}@example.com`
  const r = await c.register(email)
  if (language !== 'en')
    await app.services.db.query(
      `UPDATE users SET settings = settings || jsonb_build_object('language', $2::text) WHERE id = $1`,
      [r.user.user_id, language],
    )
  return { id: r.user.user_id as number, email, h: c.bearer(r.login_token) }
}

async function plusMember(card = CARDS.ok, language: 'en' | 'es' = 'en') {
  const m = await member(language)
  const r = await c.post('/api/upsell/subscribe', { plan: 'plus', payment_method: await tokenize(card) }, m.h)
  expect(r.status).toBe(200)
  return { ...m, subId: r.body.data.id as number }
}

const sub = (id: number) =>
  app.services.db.one<{
    status: string
    periods_billed: number
    retries: number
    next_billing_at: Date | null
  }>('SELECT status, periods_billed, retries, next_billing_at FROM subscriptions WHERE id = $1', [id])
const payments = (subId: number) =>
  app.services.db.query<{ status: string; amount_cents: number }>(
    'SELECT status, amount_cents FROM payments WHERE subscription_id = $1 AND amount_cents > 0 ORDER BY id',
    [subId],
  )
/** Moves the membership's next charge to a minute ago (the clock moved, no date typed). */
const due = (subId: number) =>
  app.services.db.query(
    `UPDATE subscriptions SET next_billing_at = now() - interval '1 minute' WHERE id = $1`,
    [subId],
  )
const plusActive = async (userId: number) =>
  (await app.services.db.one<{ plus_active: boolean }>('SELECT plus_active FROM users WHERE id = $1', [
    userId,
  ]))!.plus_active
/**
 * One poll of the job runner in the next renewal slot (the recurring job runs once per slot of
 * constants.billing.renewalSeconds; a test runs several slots in a few seconds).
 */
let slot = 0
const runJobs = () =>
  app.jobs.runDueJobs(new Date(Date.now() + ++slot * constants.billing.renewalSeconds * 1000))

/** The billing mails to an address, newest first (those with the /updatepay_method link). */
const mails = async (to: string) =>
  (
    (await c.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).body.data as {
      subject: string
      body: string
      links: { url: string }[]
    }[]
  ).filter((m) => m.links.some((l) => l.url.includes('/updatepay_method?token=')))

describe('the sandbox tokenization endpoint', () => {
  it('keeps the test cards: a token with brand and last four, outside /api, with its own CSP', async () => {
    const r = await c.post('/sandbox-pay/v1/tokens', {
      card_number: CARDS.ok,
      zip: '10001',
      cvv: '123',
      exp,
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 })
    expect(r.body.id).toMatch(/^pm_sandbox_/)
    expect(r.headers['content-security-policy']).toContain("default-src 'none'")
    expect(r.headers['cache-control']).toBe('no-store')
    // a number failing Luhn is declined as before; an expired card and empty fields get the spec's messages
    const luhn = await c.post('/sandbox-pay/v1/tokens', {
      card_number: '1234567812345678',
      zip: '1',
      cvv: '123',
      exp,
    })
    expect(luhn.status).toBe(402)
    expect(luhn.body.errors.card_number).toEqual([
      'Your payment was declined. Please insert a valid card and click "submit".',
    ])
    const expired = await c.post('/sandbox-pay/v1/tokens', {
      card_number: CARDS.ok,
      zip: '1',
      cvv: '123',
      exp: '01/20',
    })
    expect(expired.body.errors.exp).toEqual(['This card has expired.'])
    const empty = await c.post('/sandbox-pay/v1/tokens', { card_number: '', zip: '', cvv: '', exp: '' })
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toMatchObject({
      card_number: ['Card Number cannot be empty.'],
      exp: ['Card Expiration cannot be empty.'],
    })
  })

  it('4000 0000 0000 0002 is declined at subscribe (402, the retry message); 4242 subscribes; no number is kept', async () => {
    const m = await member()
    const bad = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', payment_method: await tokenize(CARDS.declines) },
      m.h,
    )
    expect(bad.status).toBe(402)
    expect(bad.body.declined).toBe(true)
    expect(bad.body.errors.card_number).toEqual([
      'Your payment was declined. Please insert a valid card and click "submit".',
    ])
    const ok = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', payment_method: await tokenize(CARDS.ok) },
      m.h,
    )
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ plan: 'plus', status: 'trialing', price_cents: 1299 })
    const billing = await c.get('/api/account/billing', m.h)
    expect(billing.body.data.payment_methods[0]).toMatchObject({ brand: 'visa', last4: '4242' })
    const dump = JSON.stringify(
      await app.services.db.query(
        `SELECT row_to_json(t)::text AS r FROM (SELECT * FROM payment_methods) t
         UNION ALL SELECT row_to_json(t)::text FROM (SELECT * FROM payments) t
         UNION ALL SELECT row_to_json(t)::text FROM (SELECT * FROM sandbox_payment_methods) t`,
      ),
    )
    expect(dump).not.toContain('4242424242424242')
    expect(dump).not.toContain('4000000000000002')
  })

  it('the subscribe route takes a token, not a card: an unknown token asks for the card again', async () => {
    const m = await member()
    // today's card body is refused before the route (the card guard), a body without a token by the route
    const old = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', card_number: '4242424242424242', zip: '10001', cvv: '123', exp },
      m.h,
    )
    expect(old.status).toBe(400)
    expect(old.body.codes.card_number).toBe('card_number_refused')
    const none = await c.post('/api/upsell/subscribe', { plan: 'plus' }, m.h)
    expect(none.status).toBe(422)
    expect(none.body.errors.payment_method).toHaveLength(1)
    const unknown = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', payment_method: 'pm_sandbox_nope' },
      m.h,
    )
    expect(unknown.status).toBe(422)
    expect(unknown.body.codes.payment_method).toBe('invalid_payment_method')
    expect(await plusActive(m.id)).toBe(false)
  })

  it('GET /api/billing/provider names where the card form posts', async () => {
    const r = await c.get('/api/billing/provider')
    expect(r.body.data).toEqual({ provider: 'sandbox', tokenize_url: '/sandbox-pay/v1/tokens' })
  })
})

describe('renewals', () => {
  it('a trial becomes active on its first charge, and next_billing_at moves a month', async () => {
    const m = await plusMember()
    const before = (await sub(m.subId))!
    expect(before.status).toBe('trialing')
    // not due yet: nothing is charged
    await runJobs()
    expect(await payments(m.subId)).toEqual([])
    await due(m.subId)
    const dueAt = (await sub(m.subId))!.next_billing_at!
    await runJobs()
    const after = (await sub(m.subId))!
    expect(after).toMatchObject({ status: 'active', periods_billed: 1 })
    const days = (after.next_billing_at!.getTime() - dueAt.getTime()) / 86400_000
    expect(days).toBeGreaterThanOrEqual(28)
    expect(days).toBeLessThanOrEqual(31)
    expect(await payments(m.subId)).toEqual([{ status: 'succeeded', amount_cents: 1299 }])
    expect(await plusActive(m.id)).toBe(true)
    const billing = await c.get('/api/account/billing', m.h)
    expect(billing.body.data.payments[0]).toMatchObject({
      amount_cents: 1299,
      status: 'succeeded',
      card_last4: '4242',
    })
  })

  it('run once across two job runners and 50 concurrent renewal passes', async () => {
    const m = await plusMember()
    await due(m.subId)
    const runners = [0, 1].map(() => {
      const r = createJobRunner(app.services.db, { pollSeconds: 0, log: { info() {}, error() {} } })
      defineBillingJobs(r, app.services)
      return r
    })
    await Promise.all([
      ...runners.map((r) => r.runDueJobs()),
      ...Array.from({ length: 50 }, () => renewDue(app.services)),
    ])
    expect(await payments(m.subId)).toEqual([{ status: 'succeeded', amount_cents: 1299 }])
    expect((await sub(m.subId))!.periods_billed).toBe(1)
    const charges = await app.services.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM sandbox_charges c JOIN payment_methods p ON p.processor_ref = c.token
       WHERE p.user_id = $1 AND c.amount_cents > 0`,
      [m.id],
    )
    expect(charges!.n).toBe(1)
    // the renewal job is a recurring job of the runner
    expect(RENEWAL_JOB).toBe('billing_renewals')
  })

  it('a decline goes past due, is retried on the days of constants.billing.retryDays with a mail each time, then cancelled', async () => {
    const m = await plusMember(CARDS.renewalFails)
    await due(m.subId)
    await runJobs()
    expect(await sub(m.subId)).toMatchObject({ status: 'past_due', retries: 0 })
    expect(await plusActive(m.id)).toBe(true)
    let sent = await mails(m.email)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toBe('Your Plus membership payment was declined')
    expect(sent[0]!.links[0]!.url).toContain('/updatepay_method?token=')
    const retries = constants.billing.retryDays.length
    for (let i = 1; i <= retries; i++) {
      // the clock moves to the next retry: past_due_since and next_billing_at a day-step back
      await app.services.db.query(
        `UPDATE subscriptions SET past_due_since = past_due_since - (next_billing_at - now()) - interval '1 minute',
           next_billing_at = now() - interval '1 minute' WHERE id = $1`,
        [m.subId],
      )
      await runJobs()
      if (i < retries) expect(await sub(m.subId)).toMatchObject({ status: 'past_due', retries: i })
    }
    expect((await sub(m.subId))!.status).toBe('cancelled')
    expect(await plusActive(m.id)).toBe(false)
    expect((await payments(m.subId)).map((p) => p.status)).toEqual(Array(retries + 1).fill('declined'))
    sent = await mails(m.email)
    expect(sent).toHaveLength(retries + 1)
    expect(sent[0]!.subject).toBe('Your Plus membership has ended')
    // cancelled: nothing more is charged
    await runJobs()
    expect(await payments(m.subId)).toHaveLength(retries + 1)
  })

  it('the decline mail is in the member language', async () => {
    const m = await plusMember(CARDS.renewalFails, 'es')
    await due(m.subId)
    await runJobs()
    const [mail] = await mails(m.email)
    expect(mail!.subject).toBe('Se rechazó el pago de tu membresía Plus')
    expect(mail!.body).toContain('Actualiza tu tarjeta')
  })

  it('the sandbox test switch makes a stored method decline', async () => {
    const m = await plusMember()
    const r = await c.post('/api/dev/billing/decline', { email: m.email })
    expect(r.body.methods).toBe(1)
    await due(m.subId)
    await runJobs()
    expect((await sub(m.subId))!.status).toBe('past_due')
  })
})

describe('/updatepay_method', () => {
  it('the mailed link puts a new card on the membership and charges it at once', async () => {
    const m = await plusMember(CARDS.renewalFails)
    await due(m.subId)
    await runJobs()
    const link = (await mails(m.email))[0]!.links[0]!.url
    const token = new URL(link).searchParams.get('token')!
    const info = await c.get(`/api/billing/update-method?token=${encodeURIComponent(token)}`)
    expect(info.body.data).toEqual({ plan: 'plus', status: 'past_due', price_cents: 1299, last4: '0341' })
    // another declining card: 402, still past due
    const bad = await c.post('/api/billing/update-method', {
      token,
      payment_method: await tokenize(CARDS.renewalFails),
    })
    expect(bad.status).toBe(402)
    expect((await sub(m.subId))!.status).toBe('past_due')
    const ok = await c.post('/api/billing/update-method', { token, payment_method: await tokenize(CARDS.ok) })
    expect(ok.status).toBe(200)
    expect(ok.body.data.status).toBe('active')
    expect((await payments(m.subId)).map((p) => p.status)).toEqual(['declined', 'declined', 'succeeded'])
    expect(await plusActive(m.id)).toBe(true)
    const billing = await c.get('/api/account/billing', m.h)
    expect(billing.body.data.payment_methods[0]).toMatchObject({ last4: '4242' })
    // charged once: the same card again charges nothing more
    await c.post('/api/billing/update-method', { token, payment_method: await tokenize(CARDS.ok) })
    expect((await payments(m.subId)).filter((p) => p.status === 'succeeded')).toHaveLength(1)
  })

  it('a forged or altered link is refused; the link is never logged', async () => {
    const forged = await c.get(
      '/api/billing/update-method?token=1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    )
    expect(forged.status).toBe(404)
    expect(forged.body.codes.token).toBe('link_expired')
    const url = '/updatepay_method?token=12.1893456000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ'
    expect(redactUrl(url)).toBe('/updatepay_method?token=[redacted]')
  })

  it('the signed-in card replacement also retries a past-due membership at once', async () => {
    const m = await plusMember(CARDS.renewalFails)
    await due(m.subId)
    await runJobs()
    const r = await c.post('/api/account/payment-method', { payment_method: await tokenize(CARDS.ok) }, m.h)
    expect(r.status).toBe(200)
    expect((await sub(m.subId))!.status).toBe('active')
  })
})

describe('first-time members only', () => {
  it('a member who had a Plus trial cannot start another (422 with a sentence)', async () => {
    const m = await plusMember()
    expect((await c.post('/api/cancel-subscription', { plan: 'plus' }, m.h)).status).toBe(200)
    const again = await c.post(
      '/api/upsell/subscribe',
      { plan: 'plus', payment_method: await tokenize(CARDS.ok) },
      m.h,
    )
    expect(again.status).toBe(422)
    expect(again.body.codes.plan).toBe('trial_used')
    expect(again.body.errors.plan[0]).toMatch(/first-time members only/)
    expect(await plusActive(m.id)).toBe(false)
  })

  it('50 concurrent subscribes make one trial', async () => {
    const m = await member()
    const tokens = await Promise.all(Array.from({ length: 50 }, () => tokenize(CARDS.ok)))
    const rs = await Promise.all(
      tokens.map((t) => c.post('/api/upsell/subscribe', { plan: 'plus', payment_method: t }, m.h)),
    )
    expect(rs.every((r) => r.status === 200)).toBe(true)
    const n = await app.services.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1 AND plan = 'plus'`,
      [m.id],
    )
    expect(n!.n).toBe(1)
  })

  it('50 concurrent subscribes to the shipping add-on, each with another card, charge the member once', async () => {
    const m = await member()
    const tokens = await Promise.all(Array.from({ length: 50 }, () => tokenize(CARDS.ok)))
    const rs = await Promise.all(
      tokens.map((t) => c.post('/api/upsell/subscribe', { plan: 'shipping', payment_method: t }, m.h)),
    )
    expect(rs.every((r) => r.status === 200)).toBe(true)
    const price = (await c.get('/api/plans')).body.data.find((p: { plan: string }) => p.plan === 'shipping')
    expect(price.trial_days).toBe(0)
    const charged = await app.services.db.one<{ n: number; cents: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(amount_cents), 0)::int AS cents
         FROM sandbox_charges WHERE token = ANY($1::text[]) AND ok AND amount_cents > 0`,
      [tokens],
    )
    expect(charged).toEqual({ n: 1, cents: price.price_cents })
    const paid = await app.services.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND status = 'succeeded'`,
      [m.id],
    )
    expect(paid!.n).toBe(1)
    const subs = await app.services.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM subscriptions WHERE user_id = $1 AND plan = 'shipping'`,
      [m.id],
    )
    expect(subs!.n).toBe(1)
  })
})

describe('the moved clock (test mode)', () => {
  it('POST /api/dev/billing/advance moves the dates back and runs the due renewals', async () => {
    const m = await plusMember()
    const r = await c.post('/api/dev/billing/advance', {
      email: m.email,
      days:
        (await c.get('/api/plans')).body.data.find((p: { plan: string }) => p.plan === 'plus').trial_days + 1,
    })
    expect(r.body).toMatchObject({ success: true, paid: 1, declined: 0 })
    expect((await sub(m.subId))!.status).toBe('active')
  })
})
