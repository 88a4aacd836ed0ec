import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { book } from './lib/ledger.ts'
import { startupSummary } from './startup.ts'
import { client, testServer, verifiedMember } from './test-helpers.ts'

/**
 * Issue 25, item 3: money booked by a stand-in (here the test-mode purchase route) is test money:
 * marked on its rows and in every reply that shows them, and never withdrawn.
 */

let app: FastifyInstance
let c: ReturnType<typeof client>
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  // no payout provider that pays test money (the development payout provider does: server/payouts.test.ts)
  app = await testServer({ payoutReleaseSeconds: 0, devPayoutProvider: false })
  c = client(app)
})
afterAll(() => app?.close())

const member = () => verifiedMember(app, 0, PASSWORD)
type Member = Awaited<ReturnType<typeof member>>

/** Real money: a network's cash back, payable. */
const realCash = (m: Member, cents: number) =>
  book(app.services.db, {
    userId: m.id,
    kind: 'cashback',
    currency: 'cash',
    amount: cents,
    status: 'payable',
    reason: 'Cash back on a purchase',
    benefitType: 'cashback',
    sourceRef: `test:network:${randomUUID()}`,
  })

/** Test money: the test-mode purchase route, made payable with the test-mode advance. */
async function testCash(m: Member, cents: number) {
  expect((await c.post('/api/dev/ledger/purchase', { email: m.email, amount_cents: cents })).status).toBe(200)
  await c.post('/api/dev/ledger/advance', { email: m.email })
  await c.post('/api/dev/ledger/advance', { email: m.email })
}

const withdraw = (m: Member, amount: number, kind: 'cash' | 'coin' = 'cash') =>
  c.post(
    '/api/account/withdrawals',
    {
      kind,
      method: 'paypal',
      destination: 'me@example.com',
      password: PASSWORD,
      idempotency_key: randomUUID(),
      amount,
    },
    m.h,
  )

describe('test money', () => {
  it('the test-mode purchase route books test money: marked in the ledger, the purchases and the CSV', async () => {
    const m = await member()
    await realCash(m, 1500)
    await testCash(m, 2000)
    const rows = await app.services.db.query<{ amount: number; test: boolean }>(
      `SELECT amount, test FROM ledger WHERE user_id = $1 AND kind = 'cashback' ORDER BY amount`,
      [m.id],
    )
    expect(rows).toEqual([
      { amount: 1500, test: false },
      { amount: 2000, test: true },
    ])
    const ledger = (await c.get('/api/account/ledger?kind=cashback', m.h)).body.data
    expect(ledger.map((r: { amount: number; test: boolean }) => [r.amount, r.test]).sort()).toEqual([
      [1500, false],
      [2000, true],
    ])
    const purchases = (await c.get('/api/account/purchase-history', m.h)).body.data
    expect(
      purchases.map((r: { amount_cents: number; test: boolean }) => [r.amount_cents, r.test]).sort(),
    ).toEqual([
      [1500, false],
      [2000, true],
    ])
    const csv = (await c.get('/api/account/ledger.csv?kind=cashback', m.h)).text.trimEnd().split('\r\n')
    expect(csv[0]!.split(',').at(-1)).toBe('Test money')
    expect(csv.find((l) => l.includes('$20.00'))).toMatch(/,test$/)
    expect(csv.find((l) => l.includes('$15.00'))).toMatch(/,$/)
  })

  it('balances say how much is test money and how much can be withdrawn', async () => {
    const m = await member()
    await realCash(m, 1500)
    await testCash(m, 2000)
    const b = (await c.get('/api/account/balances', m.h)).body
    expect(b.cash.payable_cents).toBe(3500)
    expect(b.test).toEqual({ cash_cents: 2000, coins: 0 })
    expect(b.withdrawable).toEqual({ cash_cents: 1500, coins: 0 })
  })

  it('a withdrawal that needs test money is refused with test_money and books nothing; the rest can be withdrawn', async () => {
    const m = await member()
    await realCash(m, 1500)
    await testCash(m, 2000)
    const refused = await withdraw(m, 2000)
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe('test_money')
    expect(refused.body.errors.amount[0]).toMatch(
      /test money booked by a development stand-in is never paid out/i,
    )
    expect(refused.body.errors.amount[0]).toContain('$15.00')
    const count = async () =>
      (await app.services.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1',
        [m.id],
      ))!.n
    expect(await count()).toBe(0)
    // only test money: nothing can be withdrawn
    const only = await member()
    await testCash(only, 5000)
    expect((await withdraw(only, 1000)).body.code).toBe('test_money')
    // the real part is withdrawable
    const ok = await withdraw(m, 1500)
    expect(ok.status).toBe(200)
    expect(await count()).toBe(1)
    const after = (await c.get('/api/account/balances', m.h)).body
    expect([after.cash.payable_cents, after.withdrawable.cash_cents]).toEqual([2000, 0])
  })

  it('test coins are marked in the coin history and are not withdrawn', async () => {
    const m = await member()
    await book(app.services.db, {
      userId: m.id,
      kind: 'coin_survey',
      currency: 'coin',
      amount: 50_000,
      status: 'payable',
      reason: 'Survey completed (development platform)',
      sourceRef: `test:dev-survey:${randomUUID()}`,
      test: true,
    })
    const history = (await c.get('/api/account/coins/history', m.h)).body
    expect(history.data.map((r: { amount: number; test: boolean }) => [r.amount, r.test])).toEqual([
      [50_000, true],
    ])
    const b = (await c.get('/api/account/balances', m.h)).body
    expect([b.coin.payable, b.test.coins, b.withdrawable.coins]).toEqual([50_000, 50_000, 0])
    const r = await withdraw(m, b.withdrawal.minimum_coins, 'coin')
    expect([r.status, r.body.code]).toEqual([422, 'test_money'])
  })

  it('a referral bonus earned by test cash back is test money', async () => {
    const referrer = await member()
    const code = (await c.get('/api/account/referrals', referrer.h)).body
    const referralCode = code.data.code
    expect(typeof referralCode).toBe('string')
    const email = `friend-${randomUUID()}@example.com`
    const r = await c.post('/api/web/register', {
      name: 'Friend',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      referral_code: referralCode,
    })
    expect(r.status).toBe(200)
    await c.post('/api/dev/ledger/purchase', { email, amount_cents: 400 })
    await c.post('/api/dev/ledger/advance', { email })
    const bonus = await app.services.db.one<{ test: boolean }>(
      `SELECT test FROM ledger WHERE user_id = $1 AND kind = 'referral_bonus'`,
      [referrer.id],
    )
    expect(bonus).toEqual({ test: true })
  })

  it('the start summary says which stand-ins are on and that their money is test money', async () => {
    const line = (text: string) => text.split('\n').find((l) => l.startsWith('  stand-ins:'))
    // the test server runs every stand-in
    expect(line(app.summary('http://127.0.0.1:3300'))).toBe(
      '  stand-ins: development survey platform (/dev-platform), development link provider (/dev-provider), development network (/dev-network) on; the money they book is test money: marked "test" on every screen, never paid out',
    )
    const base = {
      mode: 'production' as const,
      database: 'embedded PGlite in /srv/pg',
      mail: 'outbox',
      payments: 'sandbox',
      brand: 'default',
      appEnv: 'production',
      url: 'http://0.0.0.0:3000',
      seedDemo: false,
    }
    expect(line(startupSummary({ ...base, standIns: [] }))).toBe(
      '  stand-ins: none (no development survey platform, link provider or network)',
    )
    const off = await testServer({ devLinkProvider: false, devPayoutProvider: false })
    try {
      expect(line(off.summary('http://x'))).toMatch(
        /^ {2}stand-ins: development survey platform \(\/dev-platform\), development network \(\/dev-network\) on; .*test money/,
      )
      expect(off.summary('http://x')).not.toContain('link provider (/dev-provider)')
    } finally {
      await off.close()
    }
  })

  it("`real: true` books a partner's money only under NODE_ENV=test; under development it is still test money", async () => {
    const m = await member()
    expect(
      (await c.post('/api/dev/ledger/purchase', { email: m.email, amount_cents: 700, real: true })).status,
    ).toBe(200)
    const dev = await testServer({ mode: 'development' })
    try {
      const email = `dev-${randomUUID()}@example.com`
      await client(dev).register(email, PASSWORD)
      const r = await client(dev).post('/api/dev/ledger/purchase', { email, amount_cents: 700, real: true })
      expect(r.status).toBe(200)
      const row = await dev.services.db.one<{ test: boolean }>(
        `SELECT l.test FROM ledger l JOIN users u ON u.id = l.user_id WHERE lower(u.email) = lower($1)`,
        [email],
      )
      expect(row).toEqual({ test: true })
    } finally {
      await dev.close()
    }
    const own = await app.services.db.one<{ test: boolean }>(
      `SELECT test FROM ledger WHERE user_id = $1 AND kind = 'cashback'`,
      [m.id],
    )
    expect(own).toEqual({ test: false })
  })
})
