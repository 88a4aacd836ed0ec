import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '../db/index.ts'
import type { Rand } from '../lib/rand.ts'
import { importFeed, SAMPLE_NETWORK } from '../lib/store-feed.ts'
import { bulkInsert, DAY, iso } from './rows.ts'

/** A store of the sample feed, as the rest of the seed uses it. */
export type SeededStore = {
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

/** The stores: the development network's sample program feed, through the one import path of store rows. */
export async function seedStores(db: Db, root: string, small: boolean): Promise<SeededStore[]> {
  const fed = await importFeed(db, SAMPLE_NETWORK, sampleFeedRows(root, small))
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
  return storeIds.map((id) => byId.get(id) as SeededStore)
}

/**
 * Each store's rate history over the past year, before the feed's current rate (the import's first
 * history row); the best rate is the highest of it. Then its confirmation samples.
 */
export async function seedStoreHistory(db: Db, stores: SeededStore[], R: Rand, small: boolean, now: number) {
  const storeIds = stores.map((s) => s.id)
  const rateRows: Record<string, unknown>[] = []
  const confRows: Record<string, unknown>[] = []
  for (const s of stores) {
    const changes = small ? 3 : R.int(5, 12)
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
    const n = small ? 3 : R.int(8, 20)
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
}

/**
 * A database seeded before the program feeds (issue 26) has the old seed's stores without a network:
 * they become the development network's programs of the same name, updated from the sample feed (its
 * tracking link, domain and confirmation period), so "Shop now" works there too. Only stores with the
 * old seed's made-up link are touched.
 */
export async function feedOldSeedStores(db: Db, root: string) {
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
