import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { createJobRunner } from './lib/job-queue.ts'
import { releaseDuePayouts, sumsOf } from './lib/ledger.ts'
import { definePayoutReleaseJob } from './lib/payout-release.ts'
import { client, testServer, verifiedMember } from './test-helpers.ts'

/** A time after the development payout provider's delay: its paid reports are due. */
const afterDevDelay = () => new Date(Date.now() + (constants.payouts.devProviderDelaySeconds + 1) * 1000)

/** Issue 25, item 5: a payout hold ends by time, in scheduled work, never as a side effect of a read. */

let app: FastifyInstance
let c: ReturnType<typeof client>
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  app = await testServer({ payoutReleaseSeconds: 0 })
  c = client(app)
})
afterAll(() => app?.close())

const member = (on: FastifyInstance, cents: number) => verifiedMember(on, cents, PASSWORD)

/** A withdrawal to new payout details: held until its release_at. */
async function heldPayout(m: Awaited<ReturnType<typeof member>>, cents: number) {
  const r = await m.cl.post(
    '/api/account/withdrawals',
    {
      kind: 'cash',
      method: 'paypal',
      destination: `${randomUUID()}@example.com`,
      password: PASSWORD,
      idempotency_key: randomUUID(),
      amount: cents,
    },
    m.cl.bearer(m.token),
  )
  expect(r.status).toBe(200)
  expect(r.body.data.status).toBe('held')
  return r.body.data.id as number
}

/** The hold of these payouts ended a minute ago (the database's clock, no date in the test). */
const endHold = (on: FastifyInstance, ids: number[]) =>
  on.services.db.query(
    `UPDATE withdrawals SET release_at = now() - interval '1 minute' WHERE id = ANY($1::int[])`,
    [ids],
  )

const statusOf = async (on: FastifyInstance, id: number) =>
  (await on.services.db.one<{ w: string; l: string }>(
    `SELECT w.status AS w, l.status AS l FROM withdrawals w JOIN ledger l ON l.source_ref = 'withdrawal:' || w.id
     WHERE w.id = $1`,
    [id],
  ))!

describe('payout holds end by time, in scheduled work', () => {
  it('a read after the hold has ended does not pay the held payout', async () => {
    const m = await member(app, 3000)
    const id = await heldPayout(m, 1500)
    await endHold(app, [id])
    const auth = c.bearer(m.token)
    for (const url of ['/api/account/balances', '/api/account/ledger', '/api/account/withdrawals'])
      expect((await c.get(url, auth)).status).toBe(200)
    expect(await statusOf(app, id)).toEqual({ w: 'held', l: 'pending' })
    const list = (await c.get('/api/account/withdrawals', auth)).body.data
    expect(list.find((w: { id: number }) => w.id === id).status).toBe('held')
  })

  it('the release pays a due payout across members and leaves one still held', async () => {
    const a = await member(app, 3000)
    const b = await member(app, 3000)
    const due = [await heldPayout(a, 1200), await heldPayout(b, 1300)]
    const notYet = await heldPayout(b, 1000)
    await endHold(app, due)
    const r = await releaseDuePayouts(app.services.db)
    expect(r.released).toBeGreaterThanOrEqual(2)
    expect(r.users).toEqual(expect.arrayContaining([a.id, b.id]))
    // issue 27: the release hands them to the payout provider (a send job each); paid when it reports
    for (const id of due) expect(await statusOf(app, id)).toEqual({ w: 'sending', l: 'pending' })
    expect(await statusOf(app, notYet)).toEqual({ w: 'held', l: 'pending' })
    await app.jobs.runDueJobs(afterDevDelay())
    await app.jobs.runDueJobs(afterDevDelay())
    for (const id of due) expect(await statusOf(app, id)).toEqual({ w: 'paid', l: 'paid' })
    expect(await statusOf(app, notYet)).toEqual({ w: 'held', l: 'pending' })
    expect((await sumsOf(app.services.db, b.id)).cash_paid).toBe(1300)
  })

  it('50 concurrent runs release each payout once, with the ledger rows paid once', async () => {
    const members = await Promise.all([member(app, 5000), member(app, 5000), member(app, 5000)])
    const ids: number[] = []
    for (const m of members) ids.push(await heldPayout(m, 1000), await heldPayout(m, 1100))
    await endHold(app, ids)
    const runs = await Promise.all(Array.from({ length: 50 }, () => releaseDuePayouts(app.services.db)))
    const released = runs.flatMap((r) => r.ids).filter((id) => ids.includes(id))
    expect(released.sort()).toEqual([...ids].sort())
    await app.jobs.runDueJobs(afterDevDelay())
    await app.jobs.runDueJobs(afterDevDelay())
    for (const id of ids) expect(await statusOf(app, id)).toEqual({ w: 'paid', l: 'paid' })
    for (const m of members) {
      const sums = await sumsOf(app.services.db, m.id)
      expect([sums.cash_paid, sums.cash_payable, sums.held]).toEqual([2100, 5000 - 2100, 0])
    }
  })

  it('one run per period: ten runners (servers) at once, one runs the release', async () => {
    const log = { info: () => {}, error: () => {} }
    const runners = Array.from({ length: 10 }, () => {
      const r = createJobRunner(app.services.db, { pollSeconds: 0, log })
      definePayoutReleaseJob(r, app.services, 60)
      return r
    })
    const now = new Date()
    const ran = (await Promise.all(runners.map((r) => r.runDueJobs(now)))).flatMap((r) => r.ran)
    expect(ran).toHaveLength(1)
    expect(ran[0]).toMatch(/^payout_release:/)
    expect((await Promise.all(runners.map((r) => r.runDueJobs(now)))).flatMap((r) => r.ran)).toEqual([])
  })

  it('the scheduled job of a running server releases the due payout (payoutReleaseSeconds)', async () => {
    const other = await testServer({ payoutReleaseSeconds: 1, jobPollSeconds: 1 })
    try {
      const m = await member(other, 3000)
      const id = await heldPayout(m, 1500)
      await endHold(other, [id])
      // sent by the release, paid by the development payout provider after its delay
      await vi.waitFor(async () => expect(await statusOf(other, id)).toEqual({ w: 'paid', l: 'paid' }), {
        timeout: (constants.payouts.devProviderDelaySeconds + 10) * 1000,
        interval: 200,
      })
    } finally {
      await other.close()
    }
  })
})
