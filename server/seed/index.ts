import type { Db } from '../db/index.ts'
import { rng } from '../lib/rand.ts'
import { seedCoupons, seedProducts, seedStoreOffers } from './catalog.ts'
import { seedCategories } from './categories.ts'
import { moveSeedToDevPlatform, seedCoinOffers, seedSurveys } from './coins.ts'
import { DEMO_EMAIL, seedDemoMember } from './demo.ts'
import { seedNews } from './news.ts'
import { seedPixels } from './pixels.ts'
import { feedOldSeedStores, seedStoreHistory, seedStores } from './stores.ts'

/**
 * The seed, one file per concern: categories (config/categories.json), stores (the sample program feed
 * and each store's history), catalog (coupons, products, store offers), coins (coin offers, surveys),
 * news, pixels, and the demo member (demo.ts, demo-ledger.ts, protection.ts). rows.ts inserts.
 */

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
  await seedCategories(db)
  const stores = await seedStores(db, opts.root, opts.small === true)
  const small = opts.small === true
  // The rest of the demo data comes from a seeded generator. It starts where the one that made the store
  // rows (before the sample feed) stopped, so the coupons, products, offers, surveys and demo history
  // stay the ones the tests and screenshots know.
  const R = rng(opts.small ? 2783949966 : 2621516869)
  // Each step draws from it in this order: keep the order.
  await seedStoreHistory(db, stores, R, small, now)
  const coupons = await seedCoupons(db, stores, R, small, now)
  await seedProducts(db, stores, R, small)
  await seedCoinOffers(db, R, small)
  await seedStoreOffers(db, stores, coupons, R, small)
  await seedSurveys(db, R, small)
  await seedNews(db, now)
  await seedPixels(db)
  if (opts.demo)
    await seedDemoMember(
      db,
      stores.map((s) => s.id),
      R,
    )
  return true
}
