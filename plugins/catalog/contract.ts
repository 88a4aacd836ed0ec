import { int, paged } from '@core/contract'
import { z } from 'zod/mini'

/** API contract of the catalog plugin: categories, stores, coupons, products and home sections. */

const slug = z.string().check(z.regex(/^[a-z0-9-]{1,80}$/, 'Unknown category.'))
const lang = z.optional(z.enum(['en', 'es']))

export const Category = z.object({
  slug: z.string(),
  names: z.object({ en: z.string(), es: z.string() }),
  store_count: z.number(),
})
export const CategoriesReply = z.object({ data: z.array(Category) })
export type CategoriesReply = z.infer<typeof CategoriesReply>

export const ProductCategory = z.object({
  slug: z.string(),
  names: z.object({ en: z.string(), es: z.string() }),
  children: z.array(z.object({ slug: z.string(), names: z.object({ en: z.string(), es: z.string() }) })),
})
export const ProductCategoriesReply = z.object({ data: z.array(ProductCategory) })
export type ProductCategoriesReply = z.infer<typeof ProductCategoriesReply>

/** Rates: percent in basis points (650 = 6.5%), flat in cents (2500 = $25). */
export const Rate = z.object({ type: z.enum(['percent', 'flat']), value: z.number(), label: z.string() })
export type Rate = z.infer<typeof Rate>

export const Store = z.object({
  id: z.number(),
  internal_name: z.string(),
  name: z.string(),
  logo_url: z.string(),
  color: z.string(),
  category: z.string(),
  rate: Rate,
  previous_rate: z.nullable(Rate),
  plus_only: z.boolean(),
  flags: z.array(z.string()),
})
export type Store = z.infer<typeof Store>

export const StoresQuery = z.object({
  category: z.optional(slug),
  q: z.optional(z.string().check(z.maxLength(100))),
  page: z.optional(int(1, 10_000)),
  per_page: z.optional(int(1, 100)),
  sort: z.optional(z.enum(['popular', 'rate', 'name'])),
  plus: z.optional(z.enum(['0', '1'])),
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, 'Unknown country.'))),
  lang,
})
export type StoresQuery = z.infer<typeof StoresQuery>

export const StoresReply = paged(Store)
export type StoresReply = z.infer<typeof StoresReply>

export const Coupon = z.object({
  id: z.number(),
  code: z.nullable(z.string()),
  title: z.string(),
  category: z.string(),
  expires_at: z.nullable(z.string()),
  exclusive: z.boolean(),
  store: z.object({ internal_name: z.string(), name: z.string(), logo_url: z.string() }),
})
export type Coupon = z.infer<typeof Coupon>

export const StoreOffer = z.object({
  offer_id: z.number(),
  offer_type: z.string(),
  display_name: z.string(),
  display_description: z.string(),
  offer_code: z.nullable(z.string()),
  campaign: z.nullable(z.string()),
})

export const StoreDetail = z.object({
  ...Store.shape,
  description: z.string(),
  terms: z.string(),
  /** The store's public address (no member data): never the way to leave with cash back (POST /api/clicks is). */
  redirect_url: z.string(),
  /** What Plus members earn here (their clicks carry it), when the store has a rate of its own for them. */
  plus_rate: z.nullable(Rate),
  best_rate: Rate,
  /** Today's rate is at least 90% of the best of the past year. */
  good_rate: z.boolean(),
  typical_confirmation_days: z.nullable(z.number()),
  rate_history: z.array(z.object({ date: z.string(), value: z.number() })),
  coupons: z.array(Coupon),
  offers: z.array(StoreOffer),
  similar: z.array(Store),
})
export type StoreDetail = z.infer<typeof StoreDetail>
export const StoreParams = z.object({
  internal_name: z.string().check(z.regex(/^[a-z0-9-]{1,80}$/, 'Not found')),
})
export const LangQuery = z.object({ lang })
export const StoreReply = z.object({ data: StoreDetail })
export type StoreReply = z.infer<typeof StoreReply>

export const CouponsQuery = z.object({
  category: z.optional(slug),
  store: z.optional(slug),
  page: z.optional(int(1, 10_000)),
  per_page: z.optional(int(1, 100)),
  lang,
})
export const CouponsReply = paged(Coupon)
export type CouponsReply = z.infer<typeof CouponsReply>

export const Product = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  category: z.string(),
  subcategory: z.string(),
  price_cents: z.number(),
  was_price_cents: z.nullable(z.number()),
  image_url: z.string(),
  plus_only: z.boolean(),
  store: z.object({ internal_name: z.string(), name: z.string(), logo_url: z.string(), rate: Rate }),
})
export type Product = z.infer<typeof Product>
export const ProductsQuery = z.object({
  category: z.optional(slug),
  subcategory: z.optional(slug),
  q: z.optional(z.string().check(z.maxLength(100))),
  plus: z.optional(z.enum(['0', '1'])),
  page: z.optional(int(1, 10_000)),
  per_page: z.optional(int(1, 100)),
  lang,
})
export const ProductsReply = paged(Product)
export type ProductsReply = z.infer<typeof ProductsReply>
export const ProductParams = z.object({ product_id: int(1, 2_147_483_647) })
/** Product comparison (/p/{slug}/{product_id}): the product and similar ones from other stores. */
export const ProductReply = z.object({ data: Product, compare: z.array(Product) })
export type ProductReply = z.infer<typeof ProductReply>

export const HomeSections = ['top-stores', 'merchants-we-love', 'best-cashback', 'top-products'] as const
export const HomeReply = z.object({
  data: z.object({
    top_stores: z.array(Store),
    merchants_we_love: z.array(Store),
    best_cashback: z.array(Store),
    top_products: z.array(Product),
    coupons: z.array(Coupon),
  }),
})
export type HomeReply = z.infer<typeof HomeReply>
export const SectionParams = z.object({ section: z.enum(HomeSections) })
export const SectionReply = z.object({ data: z.array(z.union([Store, Product])) })
export type SectionReply = z.infer<typeof SectionReply>

/** POST /api/clicks: leaving for a store (its coupon or offer) records a click. */
export const ClickRequest = z.object({
  store: z.string().check(z.regex(/^[a-z0-9-]{1,80}$/, 'Not found')),
  coupon_id: z.optional(int(1, 2_147_483_647)),
  offer_id: z.optional(int(1, 2_147_483_647)),
})
export type ClickRequest = z.infer<typeof ClickRequest>
/**
 * The store's tracking link with the click id in the network's sub-id parameter (never the member's
 * id), and the rate the member was shown (the Plus rate for a Plus member): the rate the member gets.
 */
export const ClickReply = z.object({
  data: z.object({
    redirect_url: z.string(),
    click_id: z.string(),
    rate: z.object({ type: z.enum(['percent', 'flat']), value: z.number(), plus: z.boolean() }),
  }),
})
export type ClickReply = z.infer<typeof ClickReply>
