import type { Db } from '../db/index.ts'
import { type Rand, slugify } from '../lib/rand.ts'
import { categories } from './categories.ts'
import { bulkInsert, DAY, iso } from './rows.ts'
import type { SeededStore } from './stores.ts'

/** Coupon titles in English and Spanish: {n} is the percentage, {usd} a dollar amount. */
const couponTitles: [en: string, es: string][] = [
  ['{n}% off your first order', '{n}% de descuento en tu primer pedido'],
  ['Free shipping on orders over $50', 'Envío gratis en pedidos de más de $50'],
  ['{usd} off orders of $100 or more', '{usd} de descuento en pedidos de $100 o más'],
  ['Extra {n}% off sale items', '{n}% adicional en artículos rebajados'],
  ['Buy one, get one {n}% off', 'Compra uno y llévate otro con {n}% de descuento'],
  ['{n}% off sitewide for members', '{n}% de descuento en todo el sitio para miembros'],
]

/** A seeded coupon row (the store offers repeat the ones with a code). */
export type SeededCoupon = Record<string, unknown>

/** Coupons: one to five a store (two in the small seed), most with a code. */
export async function seedCoupons(
  db: Db,
  stores: SeededStore[],
  R: Rand,
  small: boolean,
  now: number,
): Promise<SeededCoupon[]> {
  const coupons: Record<string, unknown>[] = []
  for (const s of stores) {
    const n = R.int(1, small ? 2 : 5)
    for (let k = 0; k < n; k++) {
      const [en, es] = R.pick(couponTitles)
      const pct = R.pick([10, 15, 20, 25, 30])
      const hasCode = R.chance(0.7)
      coupons.push({
        store_id: s.id,
        code: hasCode
          ? `${s.name
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
  }
  await bulkInsert(db, 'coupons', coupons)
  return coupons
}

/** Products of each product subcategory (config/categories.json), sold by stores of its category. */
export async function seedProducts(db: Db, stores: SeededStore[], R: Rand, small: boolean) {
  const products: Record<string, unknown>[] = []
  const adjectives = ['Classic', 'Pro', 'Everyday', 'Ultra', 'Compact', 'Premium', 'Essential', 'Lightweight']
  const shopStores = stores.map((s) => ({ s, id: s.id }))
  for (const { slug: cat, subcategories } of categories.product) {
    for (const {
      slug: sub,
      name: { en },
    } of subcategories) {
      const n = small ? 3 : 14
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
}

/** The stores' offers: the coupons with a code, and the first stores' cash-back campaigns. */
export async function seedStoreOffers(
  db: Db,
  stores: SeededStore[],
  coupons: SeededCoupon[],
  R: Rand,
  small: boolean,
) {
  const byId = new Map(stores.map((s) => [s.id, s]))
  const offers: Record<string, unknown>[] = []
  const withCode = coupons.filter((c) => c.code).slice(0, small ? 6 : 60)
  for (const c of withCode) {
    const s = byId.get(c.store_id as number) as SeededStore
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
  for (const s of stores.slice(0, small ? 3 : 20)) {
    offers.push({
      offer_type: 'CASHBACK',
      store_id: s.id,
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
}
