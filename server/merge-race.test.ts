import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { book, sumsOf } from './lib/ledger.ts'
import { client, testServer, verifiedMember } from './test-helpers.ts'

/**
 * Issue 25, item 14: an account merge takes the member-row locks that withdrawals take, in the same
 * order, so a withdrawal running during a merge never loses its debit row.
 */

let app: FastifyInstance
let c: ReturnType<typeof client>
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  app = await testServer({ payoutReleaseSeconds: 0 })
  c = client(app)
})
afterAll(() => app?.close())

const member = (cents: number) => verifiedMember(app, cents, PASSWORD)

const withdraw = (token: string, amount: number) =>
  c.post(
    '/api/account/withdrawals',
    {
      kind: 'cash',
      method: 'paypal',
      destination: 'merge@example.com',
      password: PASSWORD,
      idempotency_key: randomUUID(),
      amount,
    },
    c.bearer(token),
  )

describe('merge and withdrawals at once', () => {
  it('lose no debit row: the surviving member keeps every credit less every accepted withdrawal', async () => {
    const into = await member(40_000)
    const from = await member(30_000)
    const runs = await Promise.all([
      ...Array.from({ length: 12 }, () => withdraw(from.token, 1000)),
      c.post('/api/authenticate-and-merge', { email: into.email, password: PASSWORD }, c.bearer(from.token)),
      ...Array.from({ length: 12 }, () => withdraw(into.token, 1000)),
    ])
    const merge = runs[12]!
    expect(merge.status).toBe(200)
    const withdrawals = runs.filter((_, i) => i !== 12)
    // every withdrawal either booked or was refused with a clear code (never a server error)
    for (const r of withdrawals) {
      expect([200, 401, 403, 422]).toContain(r.status)
      if (r.status !== 200) expect(r.body.code ?? r.body.errors).toBeTruthy()
    }
    const accepted = withdrawals.filter((r) => r.status === 200)
    expect(accepted.length).toBeGreaterThanOrEqual(12) // at least the surviving member's own
    const db = app.services.db
    const rows = await db.query<{ n: number; sum: number }>(
      `SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::int AS sum FROM ledger
       WHERE user_id = $1 AND kind = 'withdrawal'`,
      [into.id],
    )
    expect(rows[0]).toEqual({ n: accepted.length, sum: -1000 * accepted.length })
    const w = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [
      into.id,
    ])
    expect(w!.n).toBe(accepted.length)
    const sums = await sumsOf(db, into.id)
    expect(sums.cash_payable).toBe(40_000 + 30_000 - 1000 * accepted.length)
    expect(await db.one('SELECT 1 FROM users WHERE id = $1', [from.id])).toBeUndefined()
    expect(await db.one('SELECT 1 FROM ledger WHERE user_id = $1', [from.id])).toBeUndefined()
  })

  it('a withdrawal holding its member-row lock while the merge starts keeps its debit row (the merge waits)', async () => {
    const into = await member(20_000)
    const from = await member(10_000)
    const db = app.services.db
    let merged: Promise<{ status: number }> | undefined
    // What POST /api/account/withdrawals does under its lock, with the merge started in the middle.
    await db.transaction(async (tx) => {
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [from.id])
      await book(tx, {
        userId: from.id,
        kind: 'withdrawal',
        currency: 'cash',
        amount: -2500,
        status: 'pending',
        reason: 'Withdrawal to PayPal',
        sourceRef: `test:withdrawal:${randomUUID()}`,
      })
      merged = c.post(
        '/api/authenticate-and-merge',
        { email: into.email, password: PASSWORD },
        c.bearer(from.token),
      )
      // On PostgreSQL: hold the lock until the merge waits for a lock (before the fix: its DELETE of the
      // member; after it: its FOR UPDATE). PGlite runs one transaction at a time: the merge waits anyway.
      for (let i = 0; db.kind === 'postgres' && i < 100; i++) {
        const w = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted')
        if (w!.n > 0) break
        await new Promise((r) => setTimeout(r, 50))
      }
    })
    expect((await merged!).status).toBe(200)
    const debit = await db.query<{ user_id: number }>(
      `SELECT user_id FROM ledger WHERE kind = 'withdrawal' AND user_id = ANY($1::int[])`,
      [[into.id, from.id]],
    )
    expect(debit).toEqual([{ user_id: into.id }])
    expect((await sumsOf(db, into.id)).cash_payable).toBe(20_000 + 10_000 - 2500)
  })
})
