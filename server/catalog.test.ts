import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import categoriesJson from '../config/categories.json'
import { categoriesSchema } from '../src/config/schemas/categories.ts'
import { migrate, openDb } from './db/index.ts'
import { seedCategories } from './seed/categories.ts'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

describe('categories', () => {
  it('lists store categories with both names and counts', async () => {
    const r = await c.get('/api/categories')
    expect(r.status).toBe(200)
    const food = r.body.data.find((x: { slug: string }) => x.slug === 'fooddelivery')
    expect(food.names).toEqual({ en: 'Food delivery', es: 'Entrega de comida' })
    expect(food.store_count).toBeGreaterThan(0)
  })
  it('lists product categories with children', async () => {
    const r = await c.get('/api/product-categories')
    const el = r.body.data.find((x: { slug: string }) => x.slug === 'electronics')
    expect(el.children.map((x: { slug: string }) => x.slug)).toContain('laptops')
  })
  it("are config/categories.json's, in its order, with its English and Spanish names; every store has one", async () => {
    const config = categoriesSchema.parse(categoriesJson)
    type Named = { slug: string; names: { en: string; es: string } }
    const named = (x: Named) => ({ slug: x.slug, name: x.names })
    const stores = (await c.get('/api/categories')).body.data as Named[]
    expect(stores.map(named)).toEqual(config.store)
    const products = (await c.get('/api/product-categories')).body.data as (Named & { children: Named[] })[]
    expect(products.map((p) => ({ ...named(p), subcategories: p.children.map(named) }))).toEqual(
      config.product,
    )
    const used = await app.services.db.query<{ slug: string }>(
      'SELECT DISTINCT category_slug AS slug FROM stores',
    )
    expect(used.length).toBeGreaterThan(0)
    for (const { slug } of used) expect(config.store.map((x) => x.slug)).toContain(slug)
  })
  it('the seed writes the categories it is given: kind, parent, both names, position in order', async () => {
    const db = await openDb({ dataDir: 'memory://' })
    try {
      await migrate(db)
      await seedCategories(db, {
        store: [
          { slug: 'pets', name: { en: 'Pets', es: 'Mascotas' } },
          { slug: 'fuel', name: { en: 'Fuel', es: 'Combustible' } },
        ],
        product: [
          {
            slug: 'garden',
            name: { en: 'Garden', es: 'Jardín' },
            subcategories: [{ slug: 'tools', name: { en: 'Tools', es: 'Herramientas' } }],
          },
          { slug: 'toys', name: { en: 'Toys', es: 'Juguetes' }, subcategories: [] },
        ],
      })
      const rows = await db.query(
        'SELECT kind, slug, parent_slug, name_en, name_es FROM categories ORDER BY kind DESC, position',
      )
      expect(rows).toEqual([
        { kind: 'store', slug: 'pets', parent_slug: null, name_en: 'Pets', name_es: 'Mascotas' },
        { kind: 'store', slug: 'fuel', parent_slug: null, name_en: 'Fuel', name_es: 'Combustible' },
        { kind: 'product', slug: 'garden', parent_slug: null, name_en: 'Garden', name_es: 'Jardín' },
        { kind: 'product', slug: 'tools', parent_slug: 'garden', name_en: 'Tools', name_es: 'Herramientas' },
        { kind: 'product', slug: 'toys', parent_slug: null, name_en: 'Toys', name_es: 'Juguetes' },
      ])
    } finally {
      await db.close()
    }
  })
})

describe('stores', () => {
  it('pages through stores with a total', async () => {
    const p1 = await c.get('/api/stores?per_page=10&page=1')
    expect(p1.status).toBe(200)
    expect(p1.body.data).toHaveLength(10)
    expect(p1.body.total).toBeGreaterThan(20)
    expect(p1.body.has_more).toBe(true)
    const p2 = await c.get('/api/stores?per_page=10&page=2')
    expect(p2.body.data[0].id).not.toBe(p1.body.data[0].id)
    const s = p1.body.data[0]
    expect(Object.keys(s).sort()).toEqual(
      [
        'category',
        'color',
        'flags',
        'id',
        'internal_name',
        'logo_url',
        'name',
        'plus_only',
        'previous_rate',
        'rate',
      ].sort(),
    )
    expect(s.rate.label).toMatch(/Cash Back|Up to \$/)
  })
  it('filters by category, search text, country and plus; sorts by rate', async () => {
    const cat = await c.get('/api/stores?category=fooddelivery&per_page=100')
    expect(cat.body.data.every((x: { category: string }) => x.category === 'fooddelivery')).toBe(true)
    const q = await c.get('/api/stores?q=door')
    expect(q.body.data.map((x: { internal_name: string }) => x.internal_name)).toContain('doordash')
    const au = await c.get('/api/stores?country=AU&per_page=100')
    expect(au.body.total).toBeGreaterThan(0)
    const byRate = await c.get('/api/stores?sort=rate&per_page=5')
    expect(byRate.status).toBe(200)
    const es = await c.get('/api/stores?q=door&lang=es')
    expect(es.body.data[0].rate.label).toMatch(/reembolso|Hasta/)
  })
  it('keeps SQL and LIKE metacharacters as text', async () => {
    for (const q of ["' OR 1=1 --", '%', '_', '\\', "'; DROP TABLE stores; --"]) {
      const r = await c.get(`/api/stores?q=${encodeURIComponent(q)}`)
      expect(r.status).toBe(200)
      expect(r.body.total).toBe(0)
    }
    expect((await c.get('/api/stores')).body.total).toBeGreaterThan(0)
  })
  it('refuses bad queries with 422', async () => {
    for (const qs of [
      'page=0',
      'per_page=1000',
      'sort=evil',
      'category=Bad Slug!',
      'country=usa',
      `q=${'x'.repeat(101)}`,
      'page=1e400',
    ]) {
      const r = await c.get(`/api/stores?${qs}`)
      expect(r.status, qs).toBe(422)
      const [field] = Object.keys(r.body.errors)
      expect(qs.startsWith(`${field}=`), qs).toBe(true)
      expect(r.body.codes[field!], qs).toMatch(/^(invalid|invalid_format|too_long|too_big|too_small)$/)
    }
  })
  it("shows as the typical confirmation time the period after which cash back becomes payable (the store's own when it has one)", async () => {
    const store = (await app.services.db.one<{ id: number; internal_name: string }>(
      "SELECT id, internal_name FROM stores WHERE internal_name <> 'doordash' ORDER BY id DESC LIMIT 1",
    ))!
    await app.services.db.query('UPDATE stores SET confirmation_days = 17 WHERE id = $1', [store.id])
    const period = await app.services.db.one<{ days: number }>('SELECT cashback_period($1, 60) AS days', [
      store.id,
    ])
    expect(period!.days).toBe(17)
    const r = await c.get(`/api/stores/${store.internal_name}`)
    expect(r.body.data.typical_confirmation_days).toBe(17)
  })
  it('shows a store page with rate history, good-rate badge, confirmation days, coupons and similar stores', async () => {
    const r = await c.get('/api/stores/doordash')
    expect(r.status).toBe(200)
    const d = r.body.data
    expect(d.name).toBe('DoorDash')
    expect(d.rate_history.length).toBeGreaterThan(1)
    expect(typeof d.good_rate).toBe('boolean')
    expect(d.typical_confirmation_days).toBeGreaterThan(0)
    expect(Array.isArray(d.coupons)).toBe(true)
    expect(d.coupons.length).toBeGreaterThan(0)
    expect(Array.isArray(d.similar)).toBe(true)
    expect(d.terms.length).toBeGreaterThan(10)
    expect((await c.get('/api/stores/no-such-store')).status).toBe(404)
  })
  it('has no redirect URL carrying the member id any more (POST /api/clicks: server/clicks.test.ts)', async () => {
    const token = await c.login()
    expect((await c.get('/api/merchants/doordash/redirect', c.bearer(token))).status).toBe(404)
  })
})

describe('coupons, products, home', () => {
  it('lists unexpired coupons by category and store', async () => {
    const r = await c.get('/api/coupons?per_page=5')
    expect(r.body.data).toHaveLength(5)
    expect(r.body.data[0].store.internal_name).toBeTypeOf('string')
    const byStore = await c.get('/api/coupons?store=doordash')
    expect(
      byStore.body.data.every(
        (x: { store: { internal_name: string } }) => x.store.internal_name === 'doordash',
      ),
    ).toBe(true)
    const es = await c.get('/api/coupons?lang=es&per_page=50')
    expect(
      es.body.data.some((x: { title: string }) => /descuento|Envío|adicional|llévate/.test(x.title)),
    ).toBe(true)
  })
  it('lists products and compares one', async () => {
    const r = await c.get('/api/products?category=electronics&subcategory=laptops')
    expect(r.body.data.length).toBeGreaterThan(0)
    expect(r.body.data.every((p: { subcategory: string }) => p.subcategory === 'laptops')).toBe(true)
    const one = await c.get(`/api/products/${r.body.data[0].id}`)
    expect(one.body.data.slug).toBe(r.body.data[0].slug)
    expect(Array.isArray(one.body.compare)).toBe(true)
    expect((await c.get('/api/products/99999999')).status).toBe(404)
    expect((await c.get('/api/products/abc')).status).toBe(422)
  })
  it('gives home sections and a full section', async () => {
    const r = await c.get('/api/home')
    for (const k of ['top_stores', 'merchants_we_love', 'best_cashback', 'top_products', 'coupons']) {
      expect(Array.isArray(r.body.data[k]), k).toBe(true)
    }
    expect(r.body.data.top_stores.length).toBeGreaterThan(0)
    expect((await c.get('/api/section/best-cashback')).body.data.length).toBeGreaterThan(0)
    expect((await c.get('/api/section/nope')).status).toBe(422)
  })
})

describe('home sections follow the visitor’s country (SPEC: per-country catalogs)', () => {
  let geo: FastifyInstance
  beforeAll(async () => {
    geo = await testServer({ trustGeoHeader: true })
  })
  afterAll(() => geo?.close())
  const countriesOf = async (country: string, name: string) => {
    const home = await client(geo).get('/api/home', { 'x-country-code': country })
    const ids = home.body.data.top_stores.map((x: { internal_name: string }) => x.internal_name)
    const rows = await geo.services.db.query<{ internal_name: string; countries: string[] }>(
      'SELECT internal_name, countries FROM stores WHERE internal_name = ANY($1)',
      [ids],
    )
    expect(ids.length, name).toBeGreaterThan(0)
    return rows.map((r) => r.countries)
  }
  it('a US visitor sees US stores only, a British one British stores', async () => {
    for (const c of await countriesOf('US', 'us')) expect(c).toContain('US')
    for (const c of await countriesOf('GB', 'gb')) expect(c).toContain('GB')
    const us = (await client(geo).get('/api/home', { 'x-country-code': 'US' })).body.data.top_stores
    expect(us.map((x: { name: string }) => x.name)).not.toContain('Deliveroo')
  })
  it('a country without a catalog gets the US one; a full section follows the country too', async () => {
    for (const c of await countriesOf('FR', 'fr')) expect(c).toContain('US')
    const gb = await client(geo).get('/api/section/top-stores', { 'x-country-code': 'GB' })
    expect(gb.body.data.length).toBeGreaterThan(0)
    expect(gb.body.data.map((x: { name: string }) => x.name)).not.toContain('Lyft')
  })
})
