import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDb } from './db/index.ts'
import type { ConversionChange } from './lib/cashback/hooks.ts'
import { defineCashbackPayableJob } from './lib/cashback/payable-job.ts'
import { createJobRunner, enqueue, type JobRunner } from './lib/job-queue.ts'
import { book } from './lib/ledger.ts'
import { testServer, verifiedMember } from './test-helpers.ts'

/**
 * Issue 26, "Scheduled work": one job runner for every server (server/lib/job-queue.ts), a `jobs` table
 * claimed with FOR UPDATE SKIP LOCKED. Several runners on one database stand for several servers.
 */

let app: FastifyInstance
const db = () => app.services.db

beforeAll(async () => {
  app = await testServer({ jobPollSeconds: 0 })
})
afterAll(() => app?.close())

const name = (what: string) => `test_${what}_${randomBytes(4).toString('hex')}`

interface Line {
  level: 'info' | 'error'
  obj: Record<string, unknown>
  msg: string
}
function recordingLog() {
  const lines: Line[] = []
  return {
    lines,
    info: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'info', obj, msg }),
    error: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'error', obj, msg }),
  }
}

const runners = (n: number) =>
  Array.from({ length: n }, () => createJobRunner(db(), { pollSeconds: 0, log: recordingLog() }))

const rowsOf = (job: string) =>
  db().query<{ key: string; attempts: number; done: boolean; last_error: string | null; due: boolean }>(
    `SELECT key, attempts, done_at IS NOT NULL AS done, last_error, run_at <= now() AS due
     FROM jobs WHERE name = $1 ORDER BY id`,
    [job],
  )

describe('the job runner', () => {
  it('runs each due job once across several runners claiming at the same time', async () => {
    const job = name('once')
    const runs = new Map<string, number>()
    const all = runners(6)
    for (const r of all)
      r.define(job, async ({ key }) => {
        runs.set(key, (runs.get(key) ?? 0) + 1)
        await new Promise((ok) => setTimeout(ok, 5))
      })
    const keys = Array.from({ length: 40 }, (_, i) => `${job}:${i}`)
    for (const key of keys) await enqueue(db(), job, { key })
    const reports = await Promise.all([...all, ...all].map((r) => r.runDueJobs()))
    expect([...runs.keys()].sort()).toEqual([...keys].sort())
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
    expect(reports.flatMap((r) => r.ran).sort()).toEqual([...keys].sort())
    const rows = await rowsOf(job)
    expect(rows.every((r) => r.done && r.attempts === 1)).toBe(true)
    // done jobs do not run again
    await Promise.all(all.map((r) => r.runDueJobs()))
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
  })

  it('enqueues a key once: a repeat enqueues nothing', async () => {
    const job = name('key')
    const key = `${job}:order-1`
    expect(await enqueue(db(), job, { key, payload: { n: 1 } })).toBe(true)
    expect(await Promise.all(Array.from({ length: 20 }, () => enqueue(db(), job, { key })))).toEqual(
      Array(20).fill(false),
    )
    expect(await rowsOf(job)).toHaveLength(1)
    const payloads: unknown[] = []
    const [r] = runners(1)
    r!.define(job, async (j) => {
      payloads.push(j.payload)
    })
    await r!.runDueJobs()
    expect(payloads).toEqual([{ n: 1 }])
  })

  it('does not run a job before its time, nor one this runner has no handler for', async () => {
    const job = name('later')
    const other = name('unknown')
    let ran = 0
    const [r] = runners(1)
    r!.define(job, async () => {
      ran++
    })
    await enqueue(db(), job, { key: `${job}:1`, runAt: new Date(Date.now() + 3_600_000) })
    await enqueue(db(), other, { key: `${other}:1` })
    await r!.runDueJobs()
    expect(ran).toBe(0)
    expect((await rowsOf(other))[0]).toMatchObject({ attempts: 0, done: false })
    await db().query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE name = $1`, [job])
    await r!.runDueJobs()
    expect(ran).toBe(1)
  })

  it('retries a failed job later, with backoff, keeping its error without the secret it named', async () => {
    const job = name('fails')
    const secret = randomBytes(24).toString('base64url')
    const log = recordingLog()
    const r = createJobRunner(db(), { pollSeconds: 0, log })
    let calls = 0
    r.define(job, async () => {
      calls++
      if (calls === 1)
        throw new Error(`provider refused https://api.example.com/orders?token=${secret} (${secret})`)
      return 'done on the second try'
    })
    await enqueue(db(), job, { key: `${job}:1` })
    const first = await r.runDueJobs()
    expect(first.failed).toEqual([`${job}:1`])
    let [row] = await rowsOf(job)
    expect(row).toMatchObject({ attempts: 1, done: false, due: false })
    expect(row!.last_error).toMatch(/provider refused/)
    expect(row!.last_error).not.toContain(secret)
    expect(JSON.stringify(log.lines)).not.toContain(secret)
    expect(log.lines.some((l) => l.level === 'error' && l.obj.job === job)).toBe(true)

    // not again before its backoff has passed
    await r.runDueJobs()
    expect(calls).toBe(1)
    await db().query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE name = $1`, [job])
    const second = await r.runDueJobs()
    expect(second.ran).toEqual([`${job}:1`])
    expect(calls).toBe(2)
    ;[row] = await rowsOf(job)
    expect(row).toMatchObject({ attempts: 2, done: true })
    expect(row!.last_error).toMatch(/provider refused/) // the failure stays on record
  })

  it('backs off longer after each failure', async () => {
    const job = name('backoff')
    const [r] = runners(1)
    r!.define(job, async () => {
      throw new Error('still down')
    })
    await enqueue(db(), job, { key: `${job}:1` })
    const waits: number[] = []
    for (let i = 0; i < 3; i++) {
      await r!.runDueJobs()
      const w = (await db().one<{ s: number }>(
        `SELECT extract(epoch FROM run_at - now())::float8 AS s FROM jobs WHERE name = $1`,
        [job],
      ))!
      waits.push(w.s)
      await db().query(`UPDATE jobs SET run_at = now() - interval '1 second' WHERE name = $1`, [job])
    }
    expect(waits[0]).toBeGreaterThan(0)
    expect(waits[1]!).toBeGreaterThan(waits[0]!)
    expect(waits[2]!).toBeGreaterThan(waits[1]!)
    expect((await rowsOf(job))[0]).toMatchObject({
      attempts: 3,
      done: false,
      last_error: 'Error: still down',
    })
  })

  it('a recurring job makes one row per time slot across runners, and runs once in it', async () => {
    const job = name('every')
    let ran = 0
    const all = runners(5)
    for (const r of all)
      r.every(job, 60, async () => {
        ran++
      })
    const now = new Date()
    await Promise.all(all.map((r) => r.runDueJobs(now)))
    expect(ran).toBe(1)
    const [first, ...more] = await rowsOf(job)
    expect(more).toEqual([])
    expect(first).toMatchObject({ attempts: 1, done: true })
    await Promise.all(all.map((r) => r.runDueJobs(now)))
    expect(ran).toBe(1)
    const next = new Date(now.getTime() + 60_000)
    await Promise.all(all.map((r) => r.runDueJobs(next)))
    expect(ran).toBe(2)
    // the next slot's row; the run that went well before it is not kept
    const rows = await rowsOf(job)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ attempts: 1, done: true })
    expect(rows[0]!.key).not.toBe(first!.key)
  })

  it('a job run every 2 s makes two statements per idle poll, whatever the number of recurring jobs, and tidies its past runs once a minute', async () => {
    const job = name('often')
    let ran = 0
    const r = runners(1)[0]!
    r.every(job, 2, async () => {
      ran++
    })
    r.every(name('hourly'), 3600, async () => undefined)
    // three minutes of polls, one per slot, from the start of a minute
    const start = Math.floor(Date.now() / 60_000) * 60_000
    for (let t = 0; t < 180_000; t += 2_000) await r.runDueJobs(new Date(start + t))
    expect(ran).toBe(90)
    // the minute's first slot tidies the runs before it: at most a minute of done rows is kept
    const rows = await rowsOf(job)
    expect(rows.length).toBeGreaterThan(1)
    expect(rows.length).toBeLessThanOrEqual(30)
    expect(rows.every((x) => x.done)).toBe(true)
    // a poll with nothing to make or run: one statement for the slots of every recurring job, one claim
    const spy = vi.spyOn(db(), 'query')
    const one = vi.spyOn(db(), 'one')
    await r.runDueJobs(new Date(start + 178_500))
    const statements = spy.mock.calls.length + one.mock.calls.length
    spy.mockRestore()
    one.mockRestore()
    expect(statements).toBe(2) // make the slots (nothing made), claim (nothing due)
  })

  it('a failed recurring run is retried; the next slot supersedes a run still failing', async () => {
    const job = name('every_fails')
    const [r] = runners(1)
    let calls = 0
    r!.every(job, 60, async () => {
      calls++
      throw new Error('releaseDueCashback: not written yet')
    })
    const now = new Date()
    await r!.runDueJobs(now)
    let rows = await rowsOf(job)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      attempts: 1,
      done: false,
      last_error: expect.stringMatching(/not written yet/),
    })
    await r!.runDueJobs(new Date(now.getTime() + 60_000))
    expect(calls).toBe(2)
    rows = await rowsOf(job)
    expect(rows).toHaveLength(2)
    // the first slot's run is over (the second slot did its work); its error stays on record
    expect(rows[0]).toMatchObject({ done: true, last_error: expect.stringMatching(/not written yet/) })
    expect(rows[1]).toMatchObject({ attempts: 1, done: false })
    // a third slot: only the latest failure stays on record beside it (not one row per failed slot)
    await r!.runDueJobs(new Date(now.getTime() + 120_000))
    expect(calls).toBe(3)
    rows = await rowsOf(job)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ done: true, last_error: expect.stringMatching(/not written yet/) })
    expect(rows[1]).toMatchObject({ attempts: 1, done: false })
  })

  it("each server's runner schedules the payout release and cash back's payable step", async () => {
    const now = new Date()
    await app.jobs.runDueJobs(now)
    const names = await db().query<{ name: string }>(
      `SELECT DISTINCT name FROM jobs WHERE name IN ('payout_release', 'cashback_payable') ORDER BY name`,
    )
    expect(names.map((n) => n.name)).toEqual(['cashback_payable', 'payout_release'])
  })
})

describe('restarts', () => {
  // two starts on a folder (a new PGlite database on disk): slow on a busy machine
  it('work that fell due while every server was down runs at the next start', {
    timeout: 120_000,
  }, async () => {
    const url = process.env.DATABASE_URL
    const dir = url ? undefined : mkdtempSync(join(tmpdir(), 'rewards-jobs-'))
    const schema = `t_${randomBytes(6).toString('hex')}`
    const where = url ? { databaseUrl: url, schema } : { dataDir: dir! }
    // the first server: no poll (it is down before anything falls due)
    // no seed: these two starts are on a folder (slower than memory), and need no catalog
    const first = await testServer({ ...where, seed: false, dropSchema: false, jobPollSeconds: 0 })
    let second: FastifyInstance | undefined
    try {
      const m = await verifiedMember(first, 3000)
      const w = await m.cl.post(
        '/api/account/withdrawals',
        {
          kind: 'cash',
          method: 'paypal',
          destination: `${randomUUID()}@example.com`,
          password: 'correct horse battery',
          idempotency_key: randomUUID(),
          amount: 1500,
        },
        m.h,
      )
      expect(w.body.data.status).toBe('held')
      const key = `downtime-${randomUUID()}`
      await enqueue(first.services.db, 'payout_release', { key, runAt: new Date(Date.now() + 3_600_000) })
      await first.close()

      // while it is down, time passes: the job and the payout's hold fall due
      const down = await openDb(where)
      await down.query(`UPDATE jobs SET run_at = now() - interval '1 minute' WHERE key = $1`, [key])
      await down.query(`UPDATE withdrawals SET release_at = now() - interval '1 minute' WHERE id = $1`, [
        w.body.data.id,
      ])
      await down.close()

      // a long poll period: only the poll at start can run them
      second = await testServer({ ...where, seed: false, dropSchema: true, jobPollSeconds: 3600 })
      await second.ready()
      const s = second
      await vi.waitFor(
        async () => {
          const row = await s.services.db.one<{ done: boolean }>(
            'SELECT done_at IS NOT NULL AS done FROM jobs WHERE key = $1',
            [key],
          )
          expect(row?.done).toBe(true)
          const paid = await s.services.db.one<{ status: string }>(
            'SELECT status FROM withdrawals WHERE id = $1',
            [w.body.data.id],
          )
          // issue 27: the release hands it to the payout provider at once (its report comes later)
          expect(paid?.status).toBe('sent')
        },
        { timeout: 8000, interval: 100 },
      )
    } finally {
      await second?.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('cash back becomes payable on the runner (cashback_payable)', () => {
  const change = (userId: number, conversionId: number): ConversionChange => ({
    conversionId,
    userId,
    storeId: 1,
    change: 'payable',
    cashbackCents: 250,
    test: false,
  })

  it('releases due cash back, tells the members and forgets their cached sums', async () => {
    const r: JobRunner = createJobRunner(db(), { pollSeconds: 0, log: recordingLog() })
    const told: ConversionChange[][] = []
    const forgot = vi.spyOn(app.services.sessions, 'forget')
    try {
      const job = name('payable')
      defineCashbackPayableJob(r, app.services, 60, {
        name: job,
        release: async () => [change(7, 1), change(8, 2), change(7, 3)],
        notify: async (_s, changes) => {
          told.push(changes)
        },
      })
      const report = await r.runDueJobs()
      expect(report.failed).toEqual([])
      expect(told).toEqual([[change(7, 1), change(8, 2), change(7, 3)]])
      expect(forgot.mock.calls.map((c) => c[0]).sort()).toEqual([7, 8])
    } finally {
      forgot.mockRestore()
    }
  })

  it("on the server's runner: confirmed cash back past its payable date becomes payable, and the balance shows it at once", async () => {
    const m = await verifiedMember(app)
    const store = (await db().one<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1'))!
    const conv = (await db().one<{ id: number }>(
      `INSERT INTO conversions (network, order_id, user_id, store_id, sale_cents, commission_cents, cashback_cents,
         status, ordered_at, confirmed_at, payable_at)
       VALUES ('devnet', $1, $2, $3, 10000, 500, 250, 'confirmed', now() - interval '2 days', now() - interval '1 day',
         now() - interval '1 minute')
       RETURNING id`,
      [`order-${randomUUID()}`, m.id, store.id],
    ))!
    await book(db(), {
      userId: m.id,
      kind: 'cashback',
      currency: 'cash',
      amount: 250,
      status: 'confirmed',
      reason: 'Cash back on a purchase',
      storeId: store.id,
      sourceRef: `conversion:${conv.id}`,
    })
    const payable = async () =>
      (await m.cl.get('/api/account/balances', m.h)).body.cash.payable_cents as number
    expect(await payable()).toBe(0) // and now cached
    // a slot of its own: the earlier test ran this one's
    const report = await app.jobs.runDueJobs(new Date(Date.now() + 3_600_000))
    expect(report.ran.some((k) => k.startsWith('cashback_payable:'))).toBe(true)
    expect(report.failed).toEqual([])
    const row = await db().one<{ status: string }>('SELECT status FROM conversions WHERE id = $1', [conv.id])
    expect(row?.status).toBe('payable')
    expect(await payable()).toBe(250)
  })

  it('a release that fails is logged and retried, and tells no one', async () => {
    const log = recordingLog()
    const r = createJobRunner(db(), { pollSeconds: 0, log })
    const job = name('payable_fails')
    let notified = 0
    defineCashbackPayableJob(r, app.services, 60, {
      name: job,
      release: async () => {
        throw new Error('releaseDueCashback: not written yet (helper B)')
      },
      notify: async () => {
        notified++
      },
    })
    const report = await r.runDueJobs()
    expect(report.failed).toHaveLength(1)
    expect(notified).toBe(0)
    expect((await rowsOf(job))[0]).toMatchObject({
      done: false,
      due: false,
      last_error: expect.stringMatching(/not written yet/),
    })
    expect(log.lines.some((l) => l.level === 'error' && /not written yet/.test(String(l.obj.error)))).toBe(
      true,
    )
  })
})
