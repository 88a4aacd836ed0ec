import categoriesJson from '../../config/categories.json'
import { type Categories, categoriesSchema } from '../../src/config/schemas/categories.ts'
import type { Db } from '../db/index.ts'
import { bulkInsert } from './rows.ts'

/** The store and product categories, with their English and Spanish names (config/categories.json). */
export const categories: Categories = categoriesSchema.parse(categoriesJson)

/**
 * Writes the categories: the store ones in their order, then each product category followed by its
 * subcategories (their position leaves room for ten under each).
 */
export async function seedCategories(db: Db, c: Categories = categories) {
  await bulkInsert(
    db,
    'categories',
    c.store.map(({ slug, name }, i) => ({
      kind: 'store',
      slug,
      name_en: name.en,
      name_es: name.es,
      position: i,
    })),
  )
  const pcats: Record<string, unknown>[] = []
  c.product.forEach(({ slug, name, subcategories }, i) => {
    pcats.push({ kind: 'product', slug, name_en: name.en, name_es: name.es, position: i * 10 })
    subcategories.forEach((s, j) => {
      pcats.push({
        kind: 'product',
        slug: s.slug,
        parent_slug: slug,
        name_en: s.name.en,
        name_es: s.name.es,
        position: i * 10 + j + 1,
      })
    })
  })
  await bulkInsert(db, 'categories', pcats)
}
