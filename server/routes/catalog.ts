import type { FastifyInstance } from 'fastify'
import {
  CategoriesReply,
  CouponsQuery,
  CouponsReply,
  HomeReply,
  LangQuery,
  ProductCategoriesReply,
  ProductParams,
  ProductReply,
  ProductsQuery,
  ProductsReply,
  SectionParams,
  SectionReply,
  StoreParams,
  StoreReply,
  StoresQuery,
  StoresReply,
} from '../../plugins/catalog/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { follow } from '../lib/changes.ts'
import { ipCountry } from '../lib/geo.ts'
import { fail } from '../lib/http.ts'
import { isoOf, isoOrNull, paged, pageOf, readPage, TOTAL_COL } from '../lib/present.ts'
import { ReplyCache } from '../lib/reply-cache.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

type Lang = 'en' | 'es'

/** How long a catalog reply is served from memory (CATALOG_CACHE_SECONDS changes it; see server/main.ts). */
export const CATALOG_CACHE_MS = 60_000

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalog's replies (store list and pages, categories, coupons, products, home sections). */
    catalogCache: ReplyCache
  }
}

interface StoreRow {
  id: number
  internal_name: string
  name: string
  logo: string
  color: string
  category_slug: string
  rate_type: 'percent' | 'flat'
  rate_value: number
  previous_rate_value: number | null
  best_rate_value: number
  plus_only: boolean
  flags: string[]
}

const STORE_COLS =
  'id, internal_name, name, logo, color, category_slug, rate_type, rate_value, previous_rate_value, best_rate_value, plus_only, flags'

// one formatter: toLocaleString with options builds a new one per call (a sixth of an uncached store list)
const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

export function rate(type: 'percent' | 'flat', value: number, lang: Lang) {
  const label =
    type === 'percent'
      ? `${amount.format(value / 100)}% ${lang === 'es' ? 'de reembolso' : 'Cash Back'}`
      : `${lang === 'es' ? 'Hasta' : 'Up to'} $${amount.format(value / 100)}`
  return { type, value, label }
}

export function toStore(r: StoreRow, lang: Lang) {
  return {
    id: r.id,
    internal_name: r.internal_name,
    name: r.name,
    logo_url: r.logo,
    color: r.color,
    category: r.category_slug,
    rate: rate(r.rate_type, r.rate_value, lang),
    previous_rate: r.previous_rate_value == null ? null : rate(r.rate_type, r.previous_rate_value, lang),
    plus_only: r.plus_only,
    flags: r.flags ?? [],
  }
}

interface CouponRow {
  id: number
  code: string | null
  title_en: string
  title_es: string
  category_slug: string
  expires_at: Date | null
  exclusive: boolean
  internal_name: string
  name: string
  logo: string
}
const COUPON_SQL = `SELECT c.id, c.code, c.title_en, c.title_es, c.category_slug, c.expires_at, c.exclusive,
  s.internal_name, s.name, s.logo FROM coupons c JOIN stores s ON s.id = c.store_id`

function toCoupon(r: CouponRow, lang: Lang) {
  return {
    id: r.id,
    code: r.code,
    title: lang === 'es' ? r.title_es : r.title_en,
    category: r.category_slug,
    expires_at: isoOrNull(r.expires_at),
    exclusive: r.exclusive,
    store: { internal_name: r.internal_name, name: r.name, logo_url: r.logo },
  }
}

interface ProductRow {
  id: number
  slug: string
  name: string
  category_slug: string
  subcategory_slug: string
  price_cents: number
  was_price_cents: number | null
  image: string
  plus_only: boolean
  internal_name: string
  store_name: string
  logo: string
  rate_type: 'percent' | 'flat'
  rate_value: number
}
const PRODUCT_SQL = `SELECT p.id, p.slug, p.name, p.category_slug, p.subcategory_slug, p.price_cents, p.was_price_cents,
  p.image, p.plus_only, s.internal_name, s.name AS store_name, s.logo, s.rate_type, s.rate_value
  FROM products p JOIN stores s ON s.id = p.store_id`

function toProduct(r: ProductRow, lang: Lang) {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    category: r.category_slug,
    subcategory: r.subcategory_slug,
    price_cents: r.price_cents,
    was_price_cents: r.was_price_cents,
    image_url: r.image,
    plus_only: r.plus_only,
    store: {
      internal_name: r.internal_name,
      name: r.store_name,
      logo_url: r.logo,
      rate: rate(r.rate_type, r.rate_value, lang),
    },
  }
}

/** Builds `WHERE a AND b` with numbered parameters. */
function where() {
  const parts: string[] = []
  const params: unknown[] = []
  return {
    add(sql: string, ...values: unknown[]) {
      let out = sql
      for (const v of values) {
        params.push(v)
        out = out.replace('?', `$${params.length}`)
      }
      parts.push(out)
    },
    sql: () => (parts.length ? ` WHERE ${parts.join(' AND ')}` : ''),
    params,
  }
}

const likeEscape = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listStores(s: Services, q: StoresQuery) {
  const lang = q.lang ?? 'en'
  const page = pageOf(q, 24)
  const w = where()
  if (q.category) w.add('category_slug = ?', q.category)
  if (q.q) w.add('name ILIKE ?', likeEscape(q.q))
  if (q.plus) w.add('plus_only = ?', q.plus === '1')
  if (q.country) w.add('? = ANY(countries)', q.country)
  const order =
    q.sort === 'rate'
      ? 'rate_type DESC, rate_value DESC, name'
      : q.sort === 'name'
        ? 'name'
        : 'popularity DESC, name'
  const rows = await s.db.query<StoreRow & { total: number }>(
    `SELECT ${STORE_COLS}, ${TOTAL_COL} FROM stores${w.sql()} ORDER BY ${order} ${page.sql}`,
    w.params,
  )
  // past the last page: no row carries the total
  const total =
    rows[0]?.total ??
    (await s.db.one<{ c: number }>(`SELECT count(*)::int AS c FROM stores${w.sql()}`, w.params))!.c
  return paged(
    rows.map((r) => toStore(r, lang)),
    page.page,
    page.per,
    total,
  )
}

export async function catalogRoutes(app: FastifyInstance, s: Services) {
  // Public catalog replies as bytes ready to send: a cached request reads no row and serializes
  // nothing. The catalog is written by the seed only (into an empty database), so a TTL is all the
  // invalidation it needs; a change made behind the server's back (SQL, another process) shows
  // within one to two TTLs. 60 s, not the 5 s of other lists: the store list's pages, searches and
  // store pages are hundreds of keys (652 in the bench's mixed run), each miss 2 to 5 ms of the one
  // PGlite connection, and at 5 s the misses alone held the mixed run to about 220 req/s with p99 over
  // a second, against 1,600 at 60 s on the same loaded machine. The client keeps lists 5 minutes.
  const cache = new ReplyCache({
    ttlMs: CATALOG_CACHE_MS,
    onError: (err, key) => app.log.error({ err, key }, 'catalog cache refresh failed'),
  })
  app.decorate('catalogCache', cache)
  // a feed import by another process (npm run import:feed) or another server drops the ready replies
  const unfollow = await follow(s.db, 'catalog', () => cache.clear())
  app.addHook('onClose', () => unfollow())
  const cachedReply = (key: string, fn: () => Promise<unknown>) => cache.get(key, fn)
  route(app, s, {
    method: 'GET',
    url: '/api/categories',
    tag: 'catalog',
    summary: 'Store categories with English and Spanish names and store counts.',
    reply: CategoriesReply,
    handler: () =>
      cachedReply('categories', async () => {
        const rows = await s.db.query<{
          slug: string
          name_en: string
          name_es: string
          store_count: number
        }>(
          `SELECT c.slug, c.name_en, c.name_es, (SELECT count(*)::int FROM stores s WHERE s.category_slug = c.slug) AS store_count
           FROM categories c WHERE c.kind = 'store' ORDER BY c.position`,
        )
        return {
          data: rows.map((r) => ({
            slug: r.slug,
            names: { en: r.name_en, es: r.name_es },
            store_count: r.store_count,
          })),
        }
      }),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/product-categories',
    tag: 'catalog',
    summary: 'Product categories with their subcategories.',
    reply: ProductCategoriesReply,
    handler: () =>
      cachedReply('product-categories', async () => {
        const rows = await s.db.query<{
          slug: string
          parent_slug: string | null
          name_en: string
          name_es: string
        }>(
          `SELECT slug, parent_slug, name_en, name_es FROM categories WHERE kind = 'product' ORDER BY position`,
        )
        return {
          data: rows
            .filter((r) => !r.parent_slug)
            .map((r) => ({
              slug: r.slug,
              names: { en: r.name_en, es: r.name_es },
              children: rows
                .filter((c) => c.parent_slug === r.slug)
                .map((c) => ({ slug: c.slug, names: { en: c.name_en, es: c.name_es } })),
            })),
        }
      }),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/stores',
    tag: 'catalog',
    summary: 'Stores, filtered by category, search text, plus tier and country; paged.',
    query: StoresQuery,
    reply: StoresReply,
    handler: ({ query }) => cachedReply(`stores:${JSON.stringify(query)}`, () => listStores(s, query)),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/stores/:internal_name',
    tag: 'catalog',
    summary:
      'A store page: rate, rate history, good-rate badge, typical confirmation time, coupons, offers, similar stores.',
    params: StoreParams,
    query: LangQuery,
    reply: StoreReply,
    replies: { 404: 'Unknown store' },
    async handler({ params, query }) {
      const lang = query.lang ?? 'en'
      return cachedReply(`store:${params.internal_name}:${lang}`, async () => {
        const r = await s.db.one<
          StoreRow & {
            description_en: string
            description_es: string
            terms_en: string
            terms_es: string
            redirect_url: string
            plus_rate_value: number | null
          }
        >(
          `SELECT ${STORE_COLS}, description_en, description_es, terms_en, terms_es, redirect_url, plus_rate_value FROM stores WHERE internal_name = $1`,
          [params.internal_name],
        )
        if (!r) throw fail(404, 'internal_name', 'Not found')
        const [history, conf, coupons, offers, similar] = await Promise.all([
          s.db.query<{ changed_at: Date; rate_value: number }>(
            `SELECT changed_at, rate_value FROM store_rate_changes WHERE store_id = $1 AND changed_at > now() - interval '1 year' ORDER BY changed_at`,
            [r.id],
          ),
          // the figure payable uses (migration 014): the store's own period, else the median of its
          // confirmations, else the default; shown to members as the typical confirmation time
          s.db.one<{ days: number | null }>('SELECT cashback_period($1, $2) AS days', [
            r.id,
            constants.cashback.defaultConfirmationDays,
          ]),
          s.db.query<CouponRow>(`${COUPON_SQL} WHERE c.store_id = $1 ORDER BY c.popularity DESC`, [r.id]),
          s.db.query<{
            id: number
            offer_type: string
            display_name: string
            display_description: string
            offer_code: string | null
            campaign: string | null
          }>(
            'SELECT id, offer_type, display_name, display_description, offer_code, campaign FROM offers WHERE store_id = $1 AND active ORDER BY popularity DESC',
            [r.id],
          ),
          s.db.query<StoreRow>(
            `SELECT ${STORE_COLS} FROM stores WHERE category_slug = $1 AND id <> $2 ORDER BY popularity DESC LIMIT 6`,
            [r.category_slug, r.id],
          ),
        ])
        const best = Math.max(r.best_rate_value, r.rate_value)
        return {
          data: {
            ...toStore(r, lang),
            description: lang === 'es' ? r.description_es : r.description_en,
            terms: lang === 'es' ? r.terms_es : r.terms_en,
            redirect_url: r.redirect_url,
            plus_rate: r.plus_rate_value == null ? null : rate(r.rate_type, r.plus_rate_value, lang),
            best_rate: rate(r.rate_type, best, lang),
            good_rate: r.rate_value >= best * (1 - constants.goodRateWithinPercent / 100),
            typical_confirmation_days: conf?.days ?? null,
            rate_history: history.map((h) => ({ date: isoOf(h.changed_at), value: h.rate_value })),
            coupons: coupons.map((c) => toCoupon(c, lang)),
            offers: offers.map((o) => ({
              offer_id: o.id,
              offer_type: o.offer_type,
              display_name: o.display_name,
              display_description: o.display_description,
              offer_code: o.offer_code,
              campaign: o.campaign,
            })),
            similar: similar.map((x) => toStore(x, lang)),
          },
        }
      })
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/coupons',
    tag: 'catalog',
    summary: 'Coupons (unexpired), by category or store; paged.',
    query: CouponsQuery,
    reply: CouponsReply,
    handler: ({ query }) =>
      cachedReply(`coupons:${JSON.stringify(query)}`, async () => {
        const lang = query.lang ?? 'en'
        const w = where()
        w.add('(c.expires_at IS NULL OR c.expires_at > now())')
        if (query.category) w.add('c.category_slug = ?', query.category)
        if (query.store) w.add('s.internal_name = ?', query.store)
        return readPage(
          s.db,
          query,
          `${COUPON_SQL.replace('SELECT', `SELECT ${TOTAL_COL},`)}${w.sql()} ORDER BY c.popularity DESC, c.id`,
          w.params,
          (r: CouponRow) => toCoupon(r, lang),
          24,
        )
      }),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/products',
    tag: 'catalog',
    summary: 'Products by category and subcategory, or search; paged.',
    query: ProductsQuery,
    reply: ProductsReply,
    handler: ({ query }) =>
      cachedReply(`products:${JSON.stringify(query)}`, async () => {
        const lang = query.lang ?? 'en'
        const w = where()
        if (query.category) w.add('p.category_slug = ?', query.category)
        if (query.subcategory) w.add('p.subcategory_slug = ?', query.subcategory)
        if (query.q) w.add('p.name ILIKE ?', likeEscape(query.q))
        if (query.plus) w.add('p.plus_only = ?', query.plus === '1')
        return readPage(
          s.db,
          query,
          `${PRODUCT_SQL.replace('SELECT', `SELECT ${TOTAL_COL},`)}${w.sql()} ORDER BY p.popularity DESC, p.id`,
          w.params,
          (r: ProductRow) => toProduct(r, lang),
          24,
        )
      }),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/products/:product_id',
    tag: 'catalog',
    summary: 'A product and similar products from other stores (comparison page /p/{slug}/{product_id}).',
    params: ProductParams,
    query: LangQuery,
    reply: ProductReply,
    replies: { 404: 'Unknown product' },
    async handler({ params, query }) {
      const lang = query.lang ?? 'en'
      const r = await s.db.one<ProductRow>(`${PRODUCT_SQL} WHERE p.id = $1`, [params.product_id])
      if (!r) throw fail(404, 'product_id', 'Not found')
      const compare = await s.db.query<ProductRow>(
        `${PRODUCT_SQL} WHERE p.subcategory_slug = $1 AND p.id <> $2 ORDER BY abs(p.price_cents - $3), p.id LIMIT 4`,
        [r.subcategory_slug, r.id, r.price_cents],
      )
      return { data: toProduct(r, lang), compare: compare.map((c) => toProduct(c, lang)) }
    },
  })

  // Stores are per country (SPEC: per-country catalogs): the visitor's, or the US catalog for a
  // country that has none.
  const catalogCountries = new Map<string, boolean>()
  async function storeCountry(country: string): Promise<string> {
    let has = catalogCountries.get(country)
    if (has === undefined) {
      has = !!(await s.db.one('SELECT 1 AS x FROM stores WHERE $1 = ANY(countries) LIMIT 1', [country]))
      catalogCountries.set(country, has)
    }
    return has ? country : 'US'
  }

  async function section(name: string, lang: Lang, limit: number, country: string) {
    if (name === 'top-products') {
      const rows = await s.db.query<ProductRow>(
        `${PRODUCT_SQL} ORDER BY p.popularity DESC, p.id LIMIT ${limit}`,
      )
      return rows.map((r) => toProduct(r, lang))
    }
    const sql =
      name === 'top-stores'
        ? `WHERE 'top' = ANY(flags) AND $1 = ANY(countries) ORDER BY popularity DESC`
        : name === 'merchants-we-love'
          ? `WHERE 'loved' = ANY(flags) AND $1 = ANY(countries) ORDER BY popularity DESC`
          : `WHERE rate_type = 'percent' AND $1 = ANY(countries) ORDER BY rate_value DESC, popularity DESC`
    const rows = await s.db.query<StoreRow>(`SELECT ${STORE_COLS} FROM stores ${sql}, id LIMIT ${limit}`, [
      country,
    ])
    return rows.map((r) => toStore(r, lang))
  }

  route(app, s, {
    method: 'GET',
    url: '/api/home',
    tag: 'catalog',
    summary:
      'Home page sections: top stores, merchants we love, best cash back, top products, popular coupons.',
    auth: 'optional',
    query: LangQuery,
    reply: HomeReply,
    handler: async ({ req, user, query }) => {
      const country = await storeCountry(user?.row.country_code ?? ipCountry(req, s))
      return cachedReply(`home:${query.lang ?? 'en'}:${country}`, async () => {
        const lang = query.lang ?? 'en'
        const coupons = await s.db.query<CouponRow>(
          `${COUPON_SQL} WHERE (c.expires_at IS NULL OR c.expires_at > now()) AND $1 = ANY(s.countries)
           ORDER BY c.popularity DESC LIMIT 8`,
          [country],
        )
        return {
          data: {
            top_stores: await section('top-stores', lang, 12, country),
            merchants_we_love: await section('merchants-we-love', lang, 12, country),
            best_cashback: await section('best-cashback', lang, 12, country),
            top_products: await section('top-products', lang, 8, country),
            coupons: coupons.map((c) => toCoupon(c, lang)),
          },
        }
      })
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/section/:section',
    tag: 'catalog',
    summary: 'One home section in full (/section/{section}).',
    auth: 'optional',
    params: SectionParams,
    query: LangQuery,
    reply: SectionReply,
    handler: async ({ req, user, params, query }) => {
      const country = await storeCountry(user?.row.country_code ?? ipCountry(req, s))
      return cachedReply(`section:${params.section}:${query.lang ?? 'en'}:${country}`, async () => ({
        data: await section(params.section, query.lang ?? 'en', 48, country),
      }))
    },
  })
}
