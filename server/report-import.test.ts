import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importReport } from './lib/cashback/report-import.ts'
import { parseCsv } from './lib/csv.ts'
import { sumsOf } from './lib/ledger.ts'
import { testServer, verifiedMember } from './test-helpers.ts'

let app: FastifyInstance
let storeId: number

beforeAll(async () => {
  app = await testServer()
  storeId = (await app.services.db.one<{ id: number }>('SELECT id FROM stores ORDER BY id LIMIT 1'))!.id
})
afterAll(async () => {
  await app.close()
})

async function click(userId: number, rateValue: number) {
  const id = randomBytes(16).toString('base64url')
  await app.services.db.query(
    "INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value) VALUES ($1, $2, $3, 'percent', $4)",
    [id, userId, storeId, rateValue],
  )
  return id
}

const HEADER = 'Member ID (U1),Order ID,Sales,Total Commission,Currency,Status,Transaction Date,Advertiser ID'
const csvLine = (f: string[]) =>
  f.map((v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',')

describe('commission report import', () => {
  it('parses quoted CSV fields (commas, quotes, line breaks, CRLF)', () => {
    expect(parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,,3\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 4, cells: ['1', '', '3'] },
    ])
  })

  it('importing the same file twice books once', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 1000)
    const when = new Date().toISOString()
    const orders = Array.from({ length: 30 }, () => `R-${randomUUID()}`)
    const csv = [
      HEADER,
      ...orders.map((o, i) => csvLine([c, o, `${i + 1}.99`, '0.50', 'USD', 'Pending', when, '1,234'])),
    ].join('\n')
    const first = await importReport(app.services, 'rakuten', csv)
    expect(first).toMatchObject({ rows: 30, changed: 30, unchanged: 0, parked: 0, refused: 0 })
    const again = await importReport(app.services, 'rakuten', csv)
    expect(again).toMatchObject({ rows: 30, changed: 0, unchanged: 30, refused: 0 })
    const rows = await app.services.db.query<{ amount: number }>(
      "SELECT amount FROM ledger WHERE user_id = $1 AND kind = 'cashback' ORDER BY amount",
      [m.id],
    )
    expect(rows).toHaveLength(30)
    // 10% of 1.99 .. 30.99 dollars, exactly
    const expected = orders.map((_, i) => Math.round(((i + 1) * 100 + 99) / 10))
    expect((await sumsOf(app.services.db, m.id)).cash_pending).toBe(expected.reduce((a, b) => a + b, 0))
  })

  it('a later report moves its orders on (approved, reversed), parks unknown clicks and counts malformed rows', async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 500)
    const when = new Date().toISOString()
    const [a, b, p] = [`R-${randomUUID()}`, `R-${randomUUID()}`, `R-${randomUUID()}`]
    await importReport(
      app.services,
      'rakuten',
      [
        HEADER,
        csvLine([c, a, '100.00', '5', 'USD', 'pending', when, '']),
        csvLine([c, b, '40', '2', 'USD', 'pending', when, '']),
      ].join('\n'),
    )
    const later = await importReport(
      app.services,
      'rakuten',
      [
        HEADER,
        csvLine([c, a, '100.00', '5', 'USD', 'approved', when, '']),
        csvLine([c, b, '40', '2', 'USD', 'cancelled', when, '']),
        csvLine(['unknown-click', p, '12.00', '1', 'USD', 'pending', when, '']),
        csvLine([c, `R-${randomUUID()}`, 'twelve', '1', 'USD', 'pending', when, '']),
        csvLine([c, `R-${randomUUID()}`, '12', '1', 'USD', 'shipped', when, '']),
      ].join('\n'),
    )
    expect(later).toMatchObject({ rows: 5, changed: 3, parked: 1, refused: 2 })
    expect(later.errors.map((e) => [e.row, e.code])).toEqual([
      [5, 'bad_amount'],
      [6, 'bad_status'],
    ])
    const ledger = await app.services.db.query<{ amount: number; status: string }>(
      "SELECT amount, status FROM ledger WHERE user_id = $1 AND kind = 'cashback' ORDER BY amount DESC",
      [m.id],
    )
    expect(ledger).toEqual([
      { amount: 500, status: 'confirmed' },
      { amount: 200, status: 'reversed' },
      { amount: -200, status: 'reversed' },
    ])
    const parked = await app.services.db.one<{ parked: boolean; user_id: number | null }>(
      "SELECT parked, user_id FROM conversions WHERE network = 'rakuten' AND order_id = $1",
      [p],
    )
    expect(parked).toEqual({ parked: true, user_id: null })
  })

  it("imports a JSON report (CJ's columns, numbers as numbers)", async () => {
    const m = await verifiedMember(app)
    const c = await click(m.id, 250)
    const o = `CJ-${randomUUID()}`
    const json = JSON.stringify([
      {
        sid: c,
        orderId: o,
        saleAmountUsd: 19.99,
        pubCommissionAmountUsd: 1.2,
        actionStatus: 'closed',
        eventDate: new Date().toISOString(),
      },
    ])
    expect(await importReport(app.services, 'cj', json)).toMatchObject({ rows: 1, changed: 1, refused: 0 })
    expect(
      await app.services.db.one(
        "SELECT sale_cents, commission_cents, cashback_cents, status FROM conversions WHERE network = 'cj' AND order_id = $1",
        [o],
      ),
    ).toEqual({ sale_cents: 1999, commission_cents: 120, cashback_cents: 50, status: 'confirmed' })
  })

  it('npm run import:report -- --network <id> <file> imports a file into the embedded database, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-report-'))
    try {
      const file = join(dir, 'report.csv')
      const when = new Date().toISOString()
      writeFileSync(
        file,
        [
          HEADER,
          csvLine(['no-click', 'S-1', '10.00', '1.00', 'USD', 'pending', when, '']),
          csvLine(['no-click', 'S-2', '5', '1', 'USD', 'approved', when, '']),
        ].join('\n'),
      )
      const env = { ...process.env, DATA_DIR: join(dir, 'db'), NODE_ENV: 'test' } as NodeJS.ProcessEnv
      delete env.DATABASE_URL
      const run = () =>
        promisify(execFile)('npx', ['tsx', 'scripts/import-report.ts', '--network', 'rakuten', file], {
          env,
          timeout: 90_000,
        })
      const first = await run()
      expect(first.stdout).toMatch(
        /2 rows in [\d.]+ s: 2 booked or moved on, 0 unchanged \(repeats\), 2 parked/,
      )
      const second = await run()
      expect(second.stdout).toMatch(/2 rows in [\d.]+ s: 0 booked or moved on, 2 unchanged/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
