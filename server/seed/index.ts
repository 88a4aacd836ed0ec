import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { hashPassword } from '../lib/password.ts'
import { rng, slugify } from '../lib/rand.ts'
import { importFeed, SAMPLE_NETWORK } from '../lib/store-feed.ts'
import { newsPosts } from './news.ts'
import { seedDemoProtection } from './protection.ts'

export const DEMO_EMAIL = 'demo@example.com'
export const DEMO_PASSWORD = 'demo-rewards-2024'

const DAY = 86_400_000

/** Inserts many rows in one statement; json_populate_recordset converts to the table's column types. */
export async function bulkInsert(db: Db, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  // Rows with different key sets go in separate statements, so omitted columns keep their defaults.
  const groups = new Map<string, number[]>()
  rows.forEach((r, i) => {
    const k = Object.keys(r).join(',')
    groups.set(k, [...(groups.get(k) ?? []), i])
  })
  const ids: number[] = new Array(rows.length)
  for (const [list, idx] of groups) {
    const out = await db.query<{ id: number }>(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(null::${table}, $1::json) RETURNING id`,
      [JSON.stringify(idx.map((i) => rows[i]))],
    )
    out.forEach((r, j) => {
      ids[idx[j] as number] = r.id
    })
  }
  return ids
}

export const storeCategories: [slug: string, en: string, es: string][] = [
  ['fooddelivery', 'Food delivery', 'Entrega de comida'],
  ['grocery', 'Grocery', 'Supermercado'],
  ['rideshare', 'Rideshare', 'Viajes compartidos'],
  ['truckrental', 'Truck rental', 'Alquiler de camiones'],
  ['scooter', 'Scooters', 'Patinetes'],
  ['streaming', 'Streaming', 'Streaming'],
  ['mobilephone', 'Mobile phone', 'Telefonía móvil'],
  ['fuel', 'Fuel', 'Combustible'],
  ['fashion', 'Fashion', 'Moda'],
  ['electronics', 'Electronics', 'Electrónica'],
  ['home', 'Home & garden', 'Hogar y jardín'],
  ['beauty', 'Beauty', 'Belleza'],
  ['travel', 'Travel', 'Viajes'],
  ['sports', 'Sports & outdoors', 'Deportes y aire libre'],
  ['pets', 'Pets', 'Mascotas'],
  ['kids', 'Kids & baby', 'Niños y bebés'],
  ['health', 'Health', 'Salud'],
  ['office', 'Office', 'Oficina'],
  ['department', 'Department stores', 'Grandes almacenes'],
]

const productCategories: [slug: string, en: string, es: string, subs: [string, string, string][]][] = [
  [
    'electronics',
    'Electronics',
    'Electrónica',
    [
      ['laptops', 'Laptops', 'Portátiles'],
      ['headphones', 'Headphones', 'Auriculares'],
      ['phones', 'Phones', 'Teléfonos'],
    ],
  ],
  [
    'home',
    'Home',
    'Hogar',
    [
      ['kitchen', 'Kitchen', 'Cocina'],
      ['bedding', 'Bedding', 'Ropa de cama'],
      ['furniture', 'Furniture', 'Muebles'],
    ],
  ],
  [
    'fashion',
    'Fashion',
    'Moda',
    [
      ['shoes', 'Shoes', 'Zapatos'],
      ['jackets', 'Jackets', 'Chaquetas'],
      ['bags', 'Bags', 'Bolsos'],
    ],
  ],
  [
    'beauty',
    'Beauty',
    'Belleza',
    [
      ['skincare', 'Skincare', 'Cuidado de la piel'],
      ['fragrance', 'Fragrance', 'Fragancias'],
    ],
  ],
  [
    'sports',
    'Sports',
    'Deportes',
    [
      ['fitness', 'Fitness', 'Fitness'],
      ['camping', 'Camping', 'Acampada'],
    ],
  ],
]

const couponTitles: [en: string, es: string][] = [
  ['{n}% off your first order', '{n}% de descuento en tu primer pedido'],
  ['Free shipping on orders over $50', 'Envío gratis en pedidos de más de $50'],
  ['{usd} off orders of $100 or more', '{usd} de descuento en pedidos de $100 o más'],
  ['Extra {n}% off sale items', '{n}% adicional en artículos rebajados'],
  ['Buy one, get one {n}% off', 'Compra uno y llévate otro con {n}% de descuento'],
  ['{n}% off sitewide for members', '{n}% de descuento en todo el sitio para miembros'],
]

/**
 * A database seeded before the coins postbacks (issue 14) has the old seed's surveys and offers on
 * made-up platforms (example.com links): they move to the development platform, so the coins loop
 * works there too. Rows of real partners are never touched.
 */
async function moveSeedToDevPlatform(db: Db) {
  await db.query(
    `UPDATE surveys SET platform = 'devsurvey', click_url = '/dev-platform/survey'
     WHERE click_url = '/survey/internal/complete' OR click_url LIKE 'https://www.example.com/survey/%'`,
  )
  await db.query(
    `UPDATE offers SET network = 'devsurvey'
     WHERE network IS NULL AND offer_type IN ('APP', 'GAME') AND click_url LIKE 'https://www.example.com/offer/%'`,
  )
}

/**
 * A database seeded before the program feeds (issue 26) has the old seed's stores without a network:
 * they become the development network's programs of the same name, updated from the sample feed (its
 * tracking link, domain and confirmation period), so "Shop now" works there too. Only stores with the
 * old seed's made-up link are touched.
 */
async function feedOldSeedStores(db: Db, root: string) {
  const old = await db.query<{ internal_name: string }>(
    `UPDATE stores SET network = $1, program_id = internal_name
     WHERE network IS NULL AND redirect_url = 'https://www.example.com/out/' || internal_name
     RETURNING internal_name`,
    [SAMPLE_NETWORK],
  )
  if (!old.length) return
  const names = new Set(old.map((r) => r.internal_name))
  await importFeed(
    db,
    SAMPLE_NETWORK,
    sampleFeedRows(root, false).filter((r) => names.has(r.program_id as string)),
  )
}

type SeededStore = {
  id: number
  internal_name: string
  name: string
  category_slug: string
  logo: string
  redirect_url: string
  rate_value: number
}

const sampleFeeds = new Map<string, Record<string, unknown>[]>()

/**
 * The development network's sample program feed (server/seed/feeds/devnet-programs.json, read once per
 * process: the server tests build many servers). The small seed takes the stores of the benefit
 * catalog (they have a benefit category) and the first three others of each category.
 */
function sampleFeedRows(root: string, small: boolean): Record<string, unknown>[] {
  const file = join(root, 'server', 'seed', 'feeds', 'devnet-programs.json')
  let rows = sampleFeeds.get(file)
  if (!rows) {
    rows = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[]
    sampleFeeds.set(file, rows)
  }
  if (!small) return rows
  const perCategory = new Map<unknown, number>()
  return rows.filter((r) => {
    if (r.benefit_category) return true
    const n = (perCategory.get(r.category) ?? 0) + 1
    perCategory.set(r.category, n)
    return n <= 3
  })
}

export interface SeedOptions {
  /** The checkout: the sample feed is server/seed/feeds/ under it. */
  root: string
  /** Smaller data set (tests): fewer stores of the sample feed, fewer history rows. */
  small?: boolean
  /** Also the demo member (demo@example.com, a published password): SEED_DEMO=1, npm run dev, tests. */
  demo?: boolean
}

/**
 * Seeds an empty database: the catalog, and the demo member when asked (also into a database seeded
 * before without it). Returns false when there was nothing to do.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<boolean> {
  const already = await db.one<{ c: number }>('SELECT count(*)::int AS c FROM stores')
  if (already && already.c > 0) {
    await moveSeedToDevPlatform(db)
    await feedOldSeedStores(db, opts.root)
    if (!opts.demo || (await db.one('SELECT 1 FROM users WHERE lower(email) = $1', [DEMO_EMAIL])))
      return false
    const ids = await db.query<{ id: number }>('SELECT id FROM stores ORDER BY id')
    await seedDemoMember(
      db,
      ids.map((r) => r.id),
      rng(20240602),
    )
    return true
  }
  const now = Date.now()
  const iso = (t: number) => new Date(t).toISOString()

  // Categories
  await bulkInsert(
    db,
    'categories',
    storeCategories.map(([slug, en, es], i) => ({
      kind: 'store',
      slug,
      name_en: en,
      name_es: es,
      position: i,
    })),
  )
  const pcats: Record<string, unknown>[] = []
  productCategories.forEach(([slug, en, es, subs], i) => {
    pcats.push({ kind: 'product', slug, name_en: en, name_es: es, position: i * 10 })
    subs.forEach(([s, sen, ses], j) => {
      pcats.push({
        kind: 'product',
        slug: s,
        parent_slug: slug,
        name_en: sen,
        name_es: ses,
        position: i * 10 + j + 1,
      })
    })
  })
  await bulkInsert(db, 'categories', pcats)

  // Stores: the development network's sample program feed, through the one import path of store rows.
  const fed = await importFeed(db, SAMPLE_NETWORK, sampleFeedRows(opts.root, opts.small === true))
  if (fed.refused.length)
    throw new Error(`The sample feed has rows the import refuses: ${JSON.stringify(fed.refused.slice(0, 3))}`)
  const storeIds = fed.stores.map((x) => x.id)
  const byId = new Map(
    (
      await db.query<SeededStore>(
        'SELECT id, internal_name, name, category_slug, logo, redirect_url, rate_value FROM stores WHERE id = ANY($1::int[])',
        [storeIds],
      )
    ).map((x) => [x.id, x]),
  )
  const stores = storeIds.map((id) => byId.get(id) as SeededStore)
  // The rest of the demo data comes from a seeded generator. It starts where the one that made the store
  // rows (before the sample feed) stopped, so the coupons, products, offers, surveys and demo history
  // stay the ones the tests and screenshots know.
  const R = rng(opts.small ? 2783949966 : 2621516869)

  // Rate history over the past year, before the feed's current rate (the import's first history row);
  // the best rate is the highest of it.
  const rateRows: Record<string, unknown>[] = []
  const confRows: Record<string, unknown>[] = []
  for (const s of stores) {
    const changes = opts.small ? 3 : R.int(5, 12)
    let v = s.rate_value
    for (let k = 0; k < changes; k++) {
      rateRows.push({
        store_id: s.id,
        changed_at: iso(now - (365 - Math.floor((k * 360) / changes)) * DAY),
        rate_value: v,
      })
      v = Math.max(50, v + R.pick([-100, -50, 50, 100, 150]))
    }
  }
  await bulkInsert(db, 'store_rate_changes', rateRows)
  await db.query(
    `UPDATE stores s SET best_rate_value = greatest(s.best_rate_value, h.best)
     FROM (SELECT store_id, max(rate_value) AS best FROM store_rate_changes GROUP BY store_id) h
     WHERE h.store_id = s.id AND s.id = ANY($1::int[])`,
    [storeIds],
  )
  // Confirmation samples: how long each store took to confirm past purchases (the store page's typical
  // confirmation time; the sample feed's confirmation_days is their median).
  for (const s of stores) {
    const typical = R.int(20, 80)
    const n = opts.small ? 3 : R.int(8, 20)
    for (let k = 0; k < n; k++) {
      const bought = now - R.int(100, 365) * DAY
      confRows.push({
        store_id: s.id,
        purchased_at: iso(bought),
        confirmed_at: iso(bought + (typical + R.int(-10, 15)) * DAY),
      })
    }
  }
  await bulkInsert(db, 'store_confirmations', confRows)

  // Coupons
  const coupons: Record<string, unknown>[] = []
  stores.forEach((s, i) => {
    const n = R.int(1, opts.small ? 2 : 5)
    for (let k = 0; k < n; k++) {
      const [en, es] = R.pick(couponTitles)
      const pct = R.pick([10, 15, 20, 25, 30])
      const hasCode = R.chance(0.7)
      coupons.push({
        store_id: storeIds[i],
        code: hasCode
          ? `${(s.name as string)
              .replace(/[^A-Za-z]/g, '')
              .slice(0, 5)
              .toUpperCase()}${pct}${String.fromCharCode(65 + k)}`
          : null,
        title_en: en.replace('{n}', String(pct)).replace('{usd}', `$${pct}`),
        title_es: es.replace('{n}', String(pct)).replace('{usd}', `$${pct}`),
        category_slug: s.category_slug,
        expires_at: R.chance(0.8) ? iso(now + R.int(3, 90) * DAY) : null,
        exclusive: R.chance(0.2),
        popularity: R.int(1, 1000),
      })
    }
  })
  await bulkInsert(db, 'coupons', coupons)

  // Products
  const products: Record<string, unknown>[] = []
  const adjectives = ['Classic', 'Pro', 'Everyday', 'Ultra', 'Compact', 'Premium', 'Essential', 'Lightweight']
  const shopStores = stores.map((s, i) => ({ s, id: storeIds[i] }))
  for (const [cat, , , subs] of productCategories) {
    for (const [sub, en] of subs) {
      const n = opts.small ? 3 : 14
      const sellers = shopStores.filter((x) => x.s.category_slug === cat)
      for (let k = 0; k < n; k++) {
        const name = `${adjectives[k % adjectives.length]} ${en.replace(/s$/, '')} ${100 + k * 10 + R.int(0, 9)}`
        const price = R.int(15, 600) * 100 - 1
        const seller = sellers.length ? R.pick(sellers) : R.pick(shopStores)
        products.push({
          slug: slugify(`${name}-${sub}`),
          name,
          category_slug: cat,
          subcategory_slug: sub,
          store_id: seller.id,
          price_cents: price,
          was_price_cents: R.chance(0.4) ? price + R.int(5, 60) * 100 : null,
          image: `/api/logos/${slugify(name)}.svg`,
          popularity: R.int(1, 1000),
          plus_only: R.chance(0.1),
        })
      }
    }
  }
  await bulkInsert(db, 'products', products)

  // Offers: coupon offers tied to stores, APP and GAME offers paying coins, and cash-back campaigns.
  const offers: Record<string, unknown>[] = []
  const apps = [
    'Budget Buddy',
    'Word Garden',
    'Stepcount',
    'QuickQuiz',
    'Recipe Box',
    'Photo Vault',
    'Sleep Well',
  ]
  const games = [
    'Tile Kingdom',
    'Farm Story',
    'Solitaire Sky',
    'Bubble Pop',
    'Castle Rush',
    'Merge Island',
    'Chess Club',
  ]
  const nOffers = opts.small ? 6 : 40
  for (let k = 0; k < nOffers; k++) {
    const a = apps[k % apps.length] as string
    const ios = R.chance(0.5) ? 1 : 0
    offers.push({
      offer_type: 'APP',
      display_name: `${a}${k >= apps.length ? ` ${Math.floor(k / apps.length) + 1}` : ''}`,
      display_description: `Install ${a} and open it within 7 days.`,
      offer_description: `Install ${a}, create a free account and keep the app for 7 days. Coins are credited once the app partner confirms the install, usually within 48 hours. New users of the app only.`,
      image: `/api/logos/${slugify(a)}.svg`,
      coins_advertised: R.int(2, 30) * 100,
      click_url: `https://www.example.com/offer/app/${k}`,
      for_ios: ios,
      app_container: ios ? 'ios' : 'android',
      popularity: R.int(1, 1000),
      network: 'devsurvey',
    })
    const g = games[k % games.length] as string
    offers.push({
      offer_type: 'GAME',
      display_name: `${g}${k >= games.length ? ` ${Math.floor(k / games.length) + 1}` : ''}`,
      display_description: `Reach level ${R.int(10, 40)} in ${g}.`,
      offer_description: `Download ${g} and reach the target level within 14 days of install. Progress is reported by the game publisher. Coins are credited when the level is confirmed.`,
      image: `/api/logos/${slugify(g)}.svg`,
      coins_advertised: R.int(10, 120) * 100,
      click_url: `https://www.example.com/offer/game/${k}`,
      for_ios: R.chance(0.5) ? 1 : 0,
      app_container: null,
      popularity: R.int(1, 1000),
      network: 'devsurvey',
    })
  }
  const withCode = coupons.filter((c) => c.code).slice(0, opts.small ? 6 : 60)
  for (const c of withCode) {
    const s = stores[storeIds.indexOf(c.store_id as number)] as Record<string, unknown>
    offers.push({
      offer_type: 'coupon',
      store_id: c.store_id,
      display_name: s.name,
      display_description: c.title_en,
      offer_description: `${c.title_en}. Use the code at checkout. Cannot be combined with other codes.`,
      offer_code: c.code,
      image: s.logo,
      coins_advertised: 0,
      click_url: s.redirect_url,
      popularity: R.int(1, 1000),
    })
  }
  for (const s of stores.slice(0, opts.small ? 3 : 20)) {
    offers.push({
      offer_type: 'CASHBACK',
      store_id: storeIds[stores.indexOf(s)],
      display_name: s.name,
      display_description: `Extra cash back on your first ${s.name} order`,
      offer_description: `Earn extra cash back on your first order at ${s.name} through us. First-time members only; claims within 30 days of signup.`,
      image: s.logo,
      coins_advertised: 0,
      click_url: s.redirect_url,
      campaign: `first-order-${s.internal_name}`,
      popularity: R.int(1, 1000),
    })
  }
  await bulkInsert(db, 'offers', offers)

  // Surveys: the first is the onboarding survey that unlocks the others. All run on the development
  // platform (config/coins.json `devsurvey`), so the whole loop works on one machine; some need a
  // verified phone, some ask targeting questions (keys of targeting_questions, migration 005).
  const topics = [
    'Shopping habits',
    'Streaming',
    'Travel plans',
    'Groceries',
    'Cars',
    'Health',
    'Technology',
    'Pets',
  ]
  const targetings: Record<string, string[]>[] = [
    { age: ['25_34', '35_49'], car: ['yes'] },
    { pets: ['dog', 'cat'] },
    { employment: ['full_time', 'part_time'] },
    { household: ['3_4', '5_plus'], age: ['25_34', '35_49', '50_64'] },
    { car: ['yes'] },
    { age: ['18_24', '25_34'], employment: ['student', 'part_time'] },
  ]
  const surveys: Record<string, unknown>[] = [
    {
      platform: 'devsurvey',
      title: 'Tell us about yourself',
      coins_advertised: 500,
      minutes: 3,
      screen_out_percent: 0,
      is_onboarding: true,
      click_url: '/dev-platform/survey',
    },
  ]
  const nSurveys = opts.small ? 5 : 40
  for (let k = 0; k < nSurveys; k++) {
    // small seed: k=0 plain, k=1 needs a phone, k=2 and k=3 targeting; full: 2 with a phone, 6 targeted
    const phone = opts.small ? k === 1 : k === 3 || k === 14
    const tIdx = opts.small ? (k === 2 ? 0 : k === 3 ? 4 : -1) : k % 6 === 5 ? (k - 5) / 6 : -1
    const targeting = tIdx >= 0 && tIdx < targetings.length ? targetings[tIdx] : {}
    surveys.push({
      platform: 'devsurvey',
      title: `${topics[k % topics.length]} survey`,
      coins_advertised: R.int(3, 40) * 25,
      minutes: R.int(3, 25),
      screen_out_percent: R.int(5, 60),
      is_onboarding: false,
      needs_phone: phone,
      targeting,
      click_url: '/dev-platform/survey',
    })
  }
  await bulkInsert(db, 'surveys', surveys)

  // News
  const news: Record<string, unknown>[] = []
  for (const p of newsPosts) {
    for (const lang of ['en', 'es'] as const) {
      const t = p[lang]
      news.push({
        slug: p.slug,
        lang,
        title: t.title,
        summary: t.summary,
        body: t.body,
        published_at: iso(now - p.daysAgo * DAY),
      })
    }
  }
  await db.query('INSERT INTO news SELECT * FROM json_populate_recordset(null::news, $1::json)', [
    JSON.stringify(news),
  ])

  // Pixels (scripts the client runs in a sandboxed frame).
  await bulkInsert(db, 'pixels', [
    {
      pixel_type: 'registration',
      partner: '*',
      script: "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'registration' })",
    },
    {
      pixel_type: 'conversion',
      partner: '*',
      script:
        "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'conversion', transaction_id: '{transaction_id}', email_hash: '{email_hash}' })",
    },
    {
      pixel_type: 'conversion',
      partner: 'affiliate',
      script: "new Image().src = '/api/elk?action=partner_conversion&tid={transaction_id}&e={email_hash}'",
    },
    {
      pixel_type: 'globaldelayed',
      partner: '*',
      script: "window.dataLayer = window.dataLayer || []; window.dataLayer.push({ event: 'global_delayed' })",
    },
  ])

  if (opts.demo) await seedDemoMember(db, storeIds, R)
  return true
}

async function seedDemoMember(db: Db, storeIds: number[], R: ReturnType<typeof rng>) {
  const now = Date.now()
  const iso = (t: number) => new Date(t).toISOString()
  const hash = await hashPassword(DEMO_PASSWORD)
  const demo = await db.one<{ id: number }>(
    `INSERT INTO users (email, name, password_hash, is_verified, created_at, coin_onboarding, subscribed, plus_active,
       country_code, referral_code, sid, partner, cid)
     VALUES ($1, 'Dana Demo', $2, true, $3, 1, true, true, 'US', 'DANA2024', '01152024_organic', 'organic', 'homepage')
     RETURNING id`,
    [DEMO_EMAIL, hash, iso(now - 200 * DAY)],
  )
  const uid = demo!.id
  const friends: number[] = []
  for (const [name, email] of [
    ['Sam Rivera', 'sam.rivera@example.com'],
    ['Alex Chen', 'alex.chen@example.com'],
  ]) {
    const f = await db.one<{ id: number }>(
      'INSERT INTO users (email, name, is_verified, referral_code, referred_by, created_at) VALUES ($1, $2, true, $3, $4, $5) RETURNING id',
      [email, name, slugify(name as string).toUpperCase(), uid, iso(now - R.int(10, 100) * DAY)],
    )
    friends.push(f!.id)
  }
  await seedDemoLedger(db, uid, friends, storeIds, R)
  await bulkInsert(db, 'notifications', [
    {
      user_id: uid,
      title: 'Cash back confirmed',
      body: 'Your $4.20 from Northwind Outfitters is confirmed.',
      created_at: iso(now - 2 * DAY),
    },
    {
      user_id: uid,
      title: 'New survey available',
      body: 'A 5-minute survey worth 250 coins is waiting.',
      created_at: iso(now - 5 * DAY),
    },
    {
      user_id: uid,
      title: 'Your Plus renewal',
      body: 'Your Plus membership renews next week.',
      created_at: iso(now - 9 * DAY),
      read_at: iso(now - 8 * DAY),
    },
  ])
  await bulkInsert(db, 'gift_cards', [
    {
      user_id: uid,
      brand: 'Amazon',
      amount_cents: 1000,
      code: 'DEMO-GC-7Q2K-19XA',
      status: 'redeemed',
      expires_at: iso(now + 300 * DAY),
      redeemed_at: iso(now - 29 * DAY),
      created_at: iso(now - 30 * DAY),
    },
    {
      user_id: uid,
      brand: 'Target',
      amount_cents: 2500,
      code: 'DEMO-GC-3M8P-44ZT',
      status: 'expired',
      expires_at: iso(now - 3 * DAY),
      created_at: iso(now - 400 * DAY),
    },
    {
      user_id: null,
      brand: 'Visa',
      amount_cents: 500,
      code: 'WELCOME-5-GIFT',
      status: 'active',
      expires_at: iso(now + 365 * DAY),
      created_at: iso(now),
    },
  ])
  await bulkInsert(db, 'payment_methods', [
    {
      user_id: uid,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      processor_ref: 'pm_sandbox_demo',
    },
  ])
  // the sandbox provider's record of the demo card's token (issue 27: renewals charge it)
  await db.query(
    `INSERT INTO sandbox_payment_methods (token, brand, last4, exp_month, exp_year, behaviour)
     VALUES ('pm_sandbox_demo', 'visa', '4242', 12, $1, 'succeed') ON CONFLICT (token) DO NOTHING`,
    [new Date().getFullYear() + 3],
  )
  await bulkInsert(db, 'subscriptions', [
    {
      user_id: uid,
      plan: 'plus',
      status: 'active',
      price_cents: 1299,
      next_billing_at: iso(now + 12 * DAY),
      created_at: iso(now - 200 * DAY),
    },
  ])
  await bulkInsert(db, 'payments', [
    {
      user_id: uid,
      amount_cents: 1299,
      status: 'succeeded',
      description: 'Plus membership, monthly',
      card_last4: '4242',
      processor_ref: 'ch_sandbox_1',
      created_at: iso(now - 18 * DAY),
    },
    {
      user_id: uid,
      amount_cents: 1299,
      status: 'succeeded',
      description: 'Plus membership, monthly',
      card_last4: '4242',
      processor_ref: 'ch_sandbox_2',
      created_at: iso(now - 48 * DAY),
    },
  ])
  await seedDemoProtection(db, uid, DEMO_EMAIL, now)
}

/** The demo member's payable balances: what the header shows ($42.73) and the coin pages (3,150). */
export const DEMO_CASH_CENTS = 4273
export const DEMO_COINS = 3150

/**
 * The demo member's money as ledger rows (never a stored balance): 45 purchases with cash back or Plus
 * rebates in every status, coins from surveys and offers with a reversal, a referral bonus for Sam's
 * first confirmed cash back (Alex has none yet), and two paid withdrawals sized so that the payable
 * sums come to DEMO_CASH_CENTS and DEMO_COINS.
 */
async function seedDemoLedger(
  db: Db,
  uid: number,
  friends: number[],
  storeIds: number[],
  R: ReturnType<typeof rng>,
) {
  const now = Date.now()
  const iso = (t: number) => new Date(t).toISOString()
  const statuses = ['pending', 'confirmed', 'payable', 'paid', 'declined'] as const
  const reasons: Record<string, string> = {
    pending: 'The store has reported the purchase; it is confirmed after the return period.',
    confirmed: 'The store confirmed the purchase.',
    payable: 'Ready to withdraw.',
    paid: 'Included in a withdrawal.',
    declined: 'The order was returned or cancelled.',
  }
  const benefitTypes = ['cashback', 'shipping', 'fooddelivery', 'rideshare', 'streaming', 'grocery']
  const rows: Record<string, unknown>[] = []
  const row = (r: Record<string, unknown>) =>
    rows.push({ user_id: uid, currency: 'cash', store_id: null, offer: null, benefit_type: null, ...r })
  let payable = 0
  let paid = 0
  for (let k = 0; k < 45; k++) {
    const status = R.pick(statuses)
    const order = R.int(10, 300) * 100 + R.int(0, 99)
    const created = now - R.int(1, 190) * DAY
    const benefit = R.pick(benefitTypes)
    const amount = Math.round(order * R.pick([0.02, 0.03, 0.05, 0.08]))
    if (status === 'payable') payable += amount
    if (status === 'paid') paid += amount
    row({
      kind: benefit === 'cashback' ? 'cashback' : 'plus_rebate',
      amount,
      status,
      reason: reasons[status],
      store_id: R.pick(storeIds),
      benefit_type: benefit,
      order_amount_cents: order,
      expected_at: status === 'pending' || status === 'confirmed' ? iso(created + 60 * DAY) : null,
      created_at: iso(created),
      source_ref: `seed:purchase:${k}`,
    })
  }
  // Sam's first cash back confirmed: the referral bonus (the same source reference the server books).
  const bonus = constants.referralBonusCents
  await bulkInsert(db, 'ledger', [
    {
      user_id: friends[0],
      kind: 'cashback',
      currency: 'cash',
      amount: 240,
      status: 'confirmed',
      reason: reasons.confirmed,
      store_id: storeIds[0],
      benefit_type: 'cashback',
      order_amount_cents: 8000,
      created_at: iso(now - 8 * DAY),
      source_ref: 'seed:friend:0',
    },
  ])
  row({
    kind: 'referral_bonus',
    amount: bonus,
    status: 'payable',
    reason: "Referral bonus: Sam's first cash back was confirmed",
    created_at: iso(now - 7 * DAY),
    source_ref: `referral:${friends[0]}`,
  })
  // What is left to reach the demo balance is one more payable purchase, or part of the withdrawal.
  const rest = DEMO_CASH_CENTS - payable - bonus
  if (rest > 0) {
    row({
      kind: 'cashback',
      amount: rest,
      status: 'payable',
      reason: reasons.payable,
      store_id: storeIds[1] ?? null,
      benefit_type: 'cashback',
      order_amount_cents: rest * 20,
      created_at: iso(now - 20 * DAY),
      source_ref: 'seed:purchase:45',
    })
  }
  const cashOut = paid + Math.max(0, -rest)
  // Coins: surveys and offers, one reversal; the coin withdrawal takes what is above DEMO_COINS.
  let earned = 0
  for (let k = 0; k < 20; k++) {
    const survey = k % 2 === 0
    const amount = R.int(1, 20) * 50
    earned += amount
    rows.push({
      user_id: uid,
      kind: survey ? 'coin_survey' : 'coin_offer',
      currency: 'coin',
      amount,
      status: 'payable',
      reason: survey ? 'Survey completed' : 'Offer completed: Budget Buddy',
      offer: survey ? null : 'Budget Buddy',
      created_at: iso(now - R.int(1, 180) * DAY),
      source_ref: `seed:coins:${k}`,
    })
  }
  const reversal = 150
  rows.push({
    user_id: uid,
    kind: 'coin_reversal',
    currency: 'coin',
    amount: -reversal,
    status: 'payable',
    reason: 'Offer reversed by the advertiser: Tile Kingdom',
    offer: 'Tile Kingdom',
    created_at: iso(now - 40 * DAY),
    source_ref: 'seed:coins:reversal',
  })
  let coinsOut = earned - reversal - DEMO_COINS
  if (coinsOut < constants.withdrawalMinimum.coins) {
    const top = constants.withdrawalMinimum.coins - coinsOut
    rows.push({
      user_id: uid,
      kind: 'coin_survey',
      currency: 'coin',
      amount: top,
      status: 'payable',
      reason: 'Survey completed',
      offer: null,
      created_at: iso(now - 90 * DAY),
      source_ref: 'seed:coins:20',
    })
    coinsOut = constants.withdrawalMinimum.coins
  }
  const [cashW, coinW] = await bulkInsert(db, 'withdrawals', [
    {
      user_id: uid,
      kind: 'cash',
      amount: cashOut,
      value_cents: cashOut,
      method: 'paypal',
      destination: 'd***@example.com',
      status: 'paid',
      created_at: iso(now - 60 * DAY),
    },
    {
      user_id: uid,
      kind: 'coin',
      amount: coinsOut,
      value_cents: Math.floor((coinsOut * 100) / constants.coinWithdrawal.coinsPerDollar),
      method: 'giftcard',
      destination: 'Amazon',
      status: 'paid',
      created_at: iso(now - 30 * DAY),
    },
  ])
  row({
    kind: 'withdrawal',
    amount: -cashOut,
    status: 'paid',
    reason: 'Withdrawal to PayPal',
    created_at: iso(now - 60 * DAY),
    source_ref: `withdrawal:${cashW}`,
  })
  rows.push({
    user_id: uid,
    kind: 'withdrawal',
    currency: 'coin',
    amount: -coinsOut,
    status: 'paid',
    reason: 'Coin withdrawal to a gift card',
    created_at: iso(now - 30 * DAY),
    source_ref: `withdrawal:${coinW}`,
  })
  await bulkInsert(db, 'ledger', rows)
}
