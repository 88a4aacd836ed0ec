import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Network } from '../src/config/schemas/networks.ts'
import { type Db, migrate, openDb } from './db/index.ts'
import { importFeed, SAMPLE_FEED } from './lib/store-feed.ts'
import { seed } from './seed/index.ts'
import { client, testServer } from './test-helpers.ts'

const root = resolve(import.meta.dirname, '..')

/** A network whose program feed is a JSON array with names of its own (not the development network's). */
const jsonNet = {
  id: 'jsonnet',
  label: 'JSON network',
  development: false,
  subIdParam: 'sid',
  secretEnv: 'NETWORK_SECRET_JSONNET',
  amounts: 'dollars',
  eventTime: 'iso',
  fields: {
    clickId: 'sid',
    orderId: 'oid',
    sale: 'sale',
    commission: 'commission',
    currency: 'currency',
    status: 'status',
    eventTime: 'time',
  },
  statuses: { pending: ['new'], confirmed: ['locked'], reversed: ['declined'] },
  signature: { scheme: 'hmac-sha256-query', param: 'sig' },
  feed: {
    format: 'json',
    rates: 'units',
    columns: {
      program: 'advertiserId',
      name: 'advertiserName',
      domain: 'domain',
      logo: 'logoUrl',
      category: 'category',
      countries: 'countries',
      rateType: 'type',
      rate: 'rate',
      plusRate: 'plusRate',
      terms: 'terms',
      trackingUrl: 'link',
      confirmationDays: 'lockDays',
    },
  },
} satisfies Network

/** The same kind of network reporting its feed as CSV, rates in decimals and categories of its own. */
const csvNet = {
  ...jsonNet,
  id: 'csvnet',
  label: 'CSV network',
  secretEnv: 'NETWORK_SECRET_CSVNET',
  feed: {
    format: 'csv',
    rates: 'decimal',
    categoryMap: { 'Apparel & Accessories': 'fashion', 'Computers & Electronics': 'electronics' },
    columns: {
      program: 'Advertiser ID',
      name: 'Advertiser Name',
      domain: 'Domain',
      logo: 'Logo URL',
      category: 'Category',
      countries: 'Countries',
      rateType: 'Commission Type',
      rate: 'Member Rate',
      plusRate: 'Plus Rate',
      description: 'Description',
      terms: 'Terms',
      trackingUrl: 'Tracking Link',
    },
  },
} satisfies Network

const jsonRow = (o: Record<string, unknown> = {}) => ({
  advertiserId: '40001',
  advertiserName: 'Harbor Shoes',
  domain: 'harborshoes.example.com',
  logoUrl: 'https://cdn.example.com/harbor.svg',
  category: 'fashion',
  countries: ['US', 'CA'],
  type: 'percent',
  rate: 400,
  plusRate: 600,
  terms: 'Cash back on the subtotal after discounts.',
  link: 'https://track.example.net/c/40001',
  lockDays: 45,
  ...o,
})

interface StoreRow {
  id: number
  internal_name: string
  name: string
  network: string
  program_id: string
  tracking_url: string
  redirect_url: string
  domain: string
  category_slug: string
  countries: string[]
  rate_type: string
  rate_value: number
  plus_rate_value: number | null
  previous_rate_value: number | null
  best_rate_value: number
  confirmation_days: number | null
  terms_en: string
  terms_es: string
}

const storeOf = (db: Db, network: string, program: string) =>
  db.one<StoreRow>('SELECT * FROM stores WHERE network = $1 AND program_id = $2', [network, program])
const rateChanges = async (db: Db, id: number) =>
  (
    await db.query<{ rate_value: number }>(
      'SELECT rate_value FROM store_rate_changes WHERE store_id = $1 ORDER BY changed_at, id',
      [id],
    )
  ).map((r) => r.rate_value)

let app: FastifyInstance
let db: Db

beforeAll(async () => {
  app = await testServer()
  db = app.services.db
})
afterAll(() => app?.close())

describe('importFeed: store rows from a network program feed', () => {
  it('an import creates stores with their network, program, tracking link, Plus rate and confirmation period', async () => {
    const report = await importFeed(db, jsonNet, [
      jsonRow(),
      jsonRow({
        advertiserId: '40002',
        advertiserName: 'Summit Laptops',
        category: 'electronics',
        plusRate: null,
      }),
    ])
    expect(report).toMatchObject({ created: 2, updated: 0, unchanged: 0, refused: [], missing: [] })
    const s = (await storeOf(db, 'jsonnet', '40001'))!
    expect(s).toMatchObject({
      internal_name: 'harbor-shoes',
      name: 'Harbor Shoes',
      tracking_url: 'https://track.example.net/c/40001',
      redirect_url: 'https://harborshoes.example.com/',
      domain: 'harborshoes.example.com',
      category_slug: 'fashion',
      countries: ['US', 'CA'],
      rate_type: 'percent',
      rate_value: 400,
      plus_rate_value: 600,
      best_rate_value: 400,
      previous_rate_value: null,
      confirmation_days: 45,
      terms_en: 'Cash back on the subtotal after discounts.',
      // no Spanish column: the English text, never an empty page
      terms_es: 'Cash back on the subtotal after discounts.',
    })
    expect((await storeOf(db, 'jsonnet', '40002'))!.plus_rate_value).toBeNull()
    // the first rate is the start of the store's rate history
    expect(await rateChanges(db, s.id)).toEqual([400])
    // and members see the store in the catalog
    const page = await client(app).get('/api/stores/harbor-shoes')
    expect(page.status).toBe(200)
    expect(page.body.data.rate.label).toBe('4% Cash Back')
  })

  it('a second import of a changed feed updates the stores in place and records the rate change', async () => {
    const before = (await storeOf(db, 'jsonnet', '40001'))!
    const other = (await storeOf(db, 'jsonnet', '40002'))!
    const report = await importFeed(db, jsonNet, [
      jsonRow({ advertiserName: 'Harbor Shoes & Boots', rate: 550, plusRate: 700 }),
      jsonRow({
        advertiserId: '40002',
        advertiserName: 'Summit Laptops',
        category: 'electronics',
        plusRate: null,
      }),
    ])
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 1, rateChanges: 1, refused: [] })
    const after = (await storeOf(db, 'jsonnet', '40001'))!
    expect(after.id).toBe(before.id)
    // the page address stays where members and search engines know it
    expect(after.internal_name).toBe('harbor-shoes')
    expect(after).toMatchObject({
      name: 'Harbor Shoes & Boots',
      rate_value: 550,
      previous_rate_value: 400,
      best_rate_value: 550,
      plus_rate_value: 700,
    })
    expect(await rateChanges(db, after.id)).toEqual([400, 550])
    expect(await rateChanges(db, other.id)).toEqual([400])

    // a lower rate later: best stays the highest, previous is the one it replaced
    await importFeed(db, jsonNet, [
      jsonRow({ advertiserName: 'Harbor Shoes & Boots', rate: 300, plusRate: 700 }),
      jsonRow({
        advertiserId: '40002',
        advertiserName: 'Summit Laptops',
        category: 'electronics',
        plusRate: null,
      }),
    ])
    expect(await storeOf(db, 'jsonnet', '40001')).toMatchObject({
      id: before.id,
      rate_value: 300,
      previous_rate_value: 550,
      best_rate_value: 550,
    })
    expect(await rateChanges(db, after.id)).toEqual([400, 550, 300])
  })

  it('a store a later feed no longer lists is kept, and the report names it', async () => {
    const s = (await storeOf(db, 'jsonnet', '40002'))!
    const report = await importFeed(db, jsonNet, [
      jsonRow({ advertiserName: 'Harbor Shoes & Boots', rate: 300, plusRate: 700 }),
    ])
    expect(report.missing).toEqual(['40002'])
    expect(report.unchanged).toBe(1)
    expect(await storeOf(db, 'jsonnet', '40002')).toMatchObject({ id: s.id, name: 'Summit Laptops' })
  })

  it('a bad row of a JSON feed is reported with its line and reason, and the other rows are imported', async () => {
    const text = JSON.stringify(
      [
        jsonRow({ advertiserId: '50001', advertiserName: 'Lakeside Lamps', category: 'home' }),
        jsonRow({ advertiserId: '50002', advertiserName: 'Bad Rate Co', rate: 'lots' }),
        jsonRow({ advertiserId: '50003', advertiserName: 'Nowhere Goods', category: 'spaceships' }),
        jsonRow({ advertiserId: '50004', advertiserName: 'Cheap Plus', rate: 500, plusRate: 200 }),
        jsonRow({ advertiserId: '50005', advertiserName: 'Local Link', link: '/dev-network/shop/x' }),
      ],
      null,
      2,
    )
    const lineOf = (program: string) => text.split('\n').findIndex((l) => l.includes(`"${program}"`))
    const report = await importFeed(db, jsonNet, text)
    expect(report.created).toBe(1)
    expect(report.refused).toEqual([
      { line: lineOf('50002'), program: '50002', reason: expect.stringMatching(/^rate: .*whole number/) },
      { line: lineOf('50003'), program: '50003', reason: expect.stringMatching(/^category: .*spaceships/) },
      {
        line: lineOf('50004'),
        program: '50004',
        reason: expect.stringMatching(/^plusRate: .*below the rate/),
      },
      { line: lineOf('50005'), program: '50005', reason: expect.stringMatching(/^link: .*absolute/) },
    ])
    expect(await storeOf(db, 'jsonnet', '50001')).toMatchObject({
      name: 'Lakeside Lamps',
      category_slug: 'home',
    })
    for (const p of ['50002', '50003', '50004', '50005'])
      expect(await storeOf(db, 'jsonnet', p)).toBeUndefined()
  })

  it('a CSV feed: quoted cells, | lists, decimal rates, mapped categories; a bad row is reported by its line', async () => {
    const csv = [
      'Advertiser ID,Advertiser Name,Domain,Logo URL,Category,Countries,Commission Type,Member Rate,Plus Rate,Description,Terms,Tracking Link',
      '7001,"Coastline Apparel, Inc.",coastline.example.com,https://cdn.example.com/c.png,Apparel & Accessories,US|GB,Percentage,2.5%,3.5,"A store by the sea,',
      'on two lines.","Excludes ""final sale"" items.",https://track.example.net/7001?x=1',
      '7002,Ironwood Computing,ironwood.example.com,https://cdn.example.com/i.png,Computers & Electronics,US,flat,$12.00,,,Per new account.,https://track.example.net/7002',
      '7003,Broken Row,broken.example.com,https://cdn.example.com/b.png,Apparel & Accessories,,percent,3,,,Terms.,https://track.example.net/7003',
      '7001,Coastline Again,coastline.example.com,https://cdn.example.com/c.png,Apparel & Accessories,US,percent,2,,,Terms.,https://track.example.net/7001',
      '',
    ].join('\r\n')
    const report = await importFeed(db, csvNet, csv)
    expect(report.created).toBe(2)
    expect(report.refused).toEqual([
      { line: 5, program: '7003', reason: expect.stringMatching(/^Countries: /) },
      { line: 6, program: '7001', reason: expect.stringMatching(/listed twice .*line 2/) },
    ])
    expect(await storeOf(db, 'csvnet', '7001')).toMatchObject({
      name: 'Coastline Apparel, Inc.',
      internal_name: 'coastline-apparel-inc',
      category_slug: 'fashion',
      countries: ['US', 'GB'],
      rate_type: 'percent',
      rate_value: 250,
      plus_rate_value: 350,
      terms_en: 'Excludes "final sale" items.',
      tracking_url: 'https://track.example.net/7001?x=1',
    })
    expect(
      (await db.one<{ description_en: string }>(
        "SELECT description_en FROM stores WHERE program_id = '7001'",
      ))!.description_en,
    ).toBe('A store by the sea,\r\non two lines.')
    expect(await storeOf(db, 'csvnet', '7002')).toMatchObject({
      category_slug: 'electronics',
      rate_type: 'flat',
      rate_value: 1200,
      plus_rate_value: null,
    })
  })

  it('a new store whose name another network already uses gets an address of its own', async () => {
    const report = await importFeed(
      db,
      csvNet,
      [
        'Advertiser ID,Advertiser Name,Domain,Logo URL,Category,Countries,Commission Type,Member Rate,Plus Rate,Description,Terms,Tracking Link',
        '7010,Harbor Shoes,harbor.example.org,https://cdn.example.com/h.png,Apparel & Accessories,US,percent,3,,,Terms.,https://track.example.net/7010',
      ].join('\n'),
    )
    expect(report.created).toBe(1)
    expect((await storeOf(db, 'csvnet', '7010'))!.internal_name).toBe('harbor-shoes-csvnet')
  })

  it('a feed without a column the network maps is refused as a whole, naming the column', async () => {
    await expect(importFeed(db, csvNet, 'Advertiser ID,Advertiser Name\n1,A\n')).rejects.toThrow(
      /no column 'Domain'/,
    )
    await expect(importFeed(db, jsonNet, '{"not": "a list"}')).rejects.toThrow(/JSON array/)
    await expect(importFeed(db, 'rakuten', '[]')).rejects.toThrow(/has no program feed/)
    await expect(importFeed(db, 'nope', '[]')).rejects.toThrow(/no network 'nope'/)
  })
})

describe('the seeded stores come from the sample feed of the development network', () => {
  it('every store has the network devnet, its program and a tracking link on this server', async () => {
    const rows = await db.query<{
      internal_name: string
      network: string
      program_id: string
      tracking_url: string
    }>(
      "SELECT internal_name, network, program_id, tracking_url FROM stores WHERE network IS DISTINCT FROM 'jsonnet' AND network IS DISTINCT FROM 'csvnet'",
    )
    expect(rows.length).toBeGreaterThan(50)
    for (const r of rows) {
      expect(r.network, r.internal_name).toBe('devnet')
      expect(r.program_id, r.internal_name).toBe(r.internal_name)
      expect(r.tracking_url, r.internal_name).toBe(`/dev-network/shop/${r.internal_name}`)
    }
  })

  it('importing the whole sample feed again refuses no row and changes no seeded store', async () => {
    const seeded = await db.query<{ id: number; program_id: string }>(
      "SELECT id, program_id FROM stores WHERE network = 'devnet' ORDER BY id",
    )
    const report = await importFeed(db, 'devnet', readFileSync(SAMPLE_FEED, 'utf8'))
    expect(report.refused).toEqual([])
    expect(report.updated).toBe(0)
    expect(report.unchanged).toBe(seeded.length)
    // the small seed is a subset: the rest of the sample feed is new here
    expect(report.created + report.unchanged).toBe(JSON.parse(readFileSync(SAMPLE_FEED, 'utf8')).length)
    const again = await db.query<{ id: number; program_id: string }>(
      "SELECT id, program_id FROM stores WHERE network = 'devnet' AND id <= $1 ORDER BY id",
      [seeded.at(-1)!.id],
    )
    expect(again).toEqual(seeded)
  })

  it('a database seeded before the feeds (stores without a network) gets the sample programs at the next start', async () => {
    await db.query(
      "UPDATE stores SET network = NULL, program_id = NULL, tracking_url = NULL, domain = NULL, confirmation_days = NULL WHERE network = 'devnet'",
    )
    const ids = await db.query<{ id: number }>('SELECT id FROM stores WHERE network IS NULL ORDER BY id')
    expect(await seed(db, { root, small: true })).toBe(false)
    const rows = await db.query<{
      id: number
      internal_name: string
      program_id: string
      tracking_url: string
      confirmation_days: number
    }>(
      "SELECT id, internal_name, program_id, tracking_url, confirmation_days FROM stores WHERE network = 'devnet' ORDER BY id",
    )
    expect(rows.map((r) => ({ id: r.id }))).toEqual(ids)
    for (const r of rows) {
      expect(r.program_id).toBe(r.internal_name)
      expect(r.tracking_url).toBe(`/dev-network/shop/${r.internal_name}`)
      expect(r.confirmation_days).toBeGreaterThan(0)
    }
  })
})

describe('npm run import:feed', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })

  it('imports a file into the database the server uses and prints the refused rows with their lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-feed-'))
    dirs.push(dir)
    const dataDir = join(dir, 'pglite')
    // a database as `npm start` leaves it: migrated and seeded
    const made = await openDb({ dataDir })
    await migrate(made)
    await seed(made, { root, small: true })
    await made.close()
    const file = join(dir, 'feed.json')
    const text = JSON.stringify(
      [
        {
          program_id: 'deliveroo',
          name: 'Deliveroo',
          domain: 'deliveroo.example.com',
          logo: '/catalog-logos/deliveroo.svg',
          category: 'fooddelivery',
          countries: ['GB'],
          rate_type: 'percent',
          rate: 450,
          terms: 'Terms.',
          tracking_url: '/dev-network/shop/deliveroo',
        },
        { program_id: 'half-a-store', name: 'Half' },
      ],
      null,
      2,
    )
    writeFileSync(file, text)
    const halfLine = text.split('\n').findIndex((l) => l.includes('"half-a-store"'))
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts/import-feed.ts'), '--network', 'devnet', file],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
    )
    expect(run.stdout).toMatch(
      /^devnet: 0 created, 1 updated, 0 unchanged, 1 rate change, 1 refused \(of 2 rows\)$/m,
    )
    expect(run.stdout).toMatch(/^\d+ stores of devnet this feed does not list are kept as they are/m)
    expect(run.stdout).toContain(`line ${halfLine} (half-a-store): domain: `)
    // some rows refused: the command says so by its exit code, after importing the rest
    expect(run.status).toBe(1)
    const check = await openDb({ dataDir })
    try {
      const s = await check.one<{
        rate_value: number
        previous_rate_value: number
        flags: string[]
      }>("SELECT rate_value, previous_rate_value, flags FROM stores WHERE internal_name = 'deliveroo'")
      // the rate changed; the flags, a key this file's row leaves out, are kept
      expect(s).toEqual({ rate_value: 450, previous_rate_value: 300, flags: ['top'] })
    } finally {
      await check.close()
    }
  }, 60_000)

  it('says how to use it when the network or file is missing', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/import-feed.ts')], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/npm run import:feed -- --network <id> <file>/)
  })
})
