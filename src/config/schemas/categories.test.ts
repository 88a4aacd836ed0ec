import { describe, expect, it } from 'vitest'
import categoriesJson from '../../../config/categories.json'
import { categoriesSchema } from './categories'

const name = (en: string, es: string) => ({ en, es })
const valid = () => ({
  store: [
    { slug: 'fashion', name: name('Fashion', 'Moda') },
    { slug: 'travel', name: name('Travel', 'Viajes') },
  ],
  product: [
    {
      slug: 'home',
      name: name('Home', 'Hogar'),
      subcategories: [{ slug: 'kitchen', name: name('Kitchen', 'Cocina') }],
    },
  ],
})
const messages = (input: unknown) => {
  const r = categoriesSchema.safeParse(input)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('config/categories.json (the store and product categories, in English and Spanish)', () => {
  it('the checked-in file passes, with every store and product category named in both languages', () => {
    const r = categoriesSchema.parse(categoriesJson)
    expect(r.store.length).toBeGreaterThan(0)
    expect(r.product.length).toBeGreaterThan(0)
    for (const c of [...r.store, ...r.product, ...r.product.flatMap((p) => p.subcategories)]) {
      expect(c.name.en.trim()).not.toBe('')
      expect(c.name.es.trim()).not.toBe('')
    }
  })

  it('accepts a well-formed file', () => {
    expect(messages(valid())).toEqual([])
  })

  it('refuses a category without its Spanish name, saying which', () => {
    const c = valid()
    c.store[1] = { slug: 'travel', name: { en: 'Travel' } as ReturnType<typeof name> }
    expect(messages(c)).toEqual([expect.stringMatching(/^store\.1\.name\.es: /)])
  })

  it('refuses a slug that is not lower-case letters and digits', () => {
    const c = valid()
    c.store[0]!.slug = 'Home & Garden'
    expect(messages(c)).toEqual([expect.stringContaining('store.0.slug: A category slug')])
  })

  it('refuses a slug used twice in the same list, naming it', () => {
    const c = valid()
    c.store[1]!.slug = 'fashion'
    expect(messages(c)).toEqual(["store: The slug 'fashion' is used twice: each category needs its own."])
    const p = valid()
    p.product[0]!.subcategories.push({ slug: 'kitchen', name: name('Kitchen', 'Cocina') })
    expect(messages(p)).toEqual(["product: The slug 'kitchen' is used twice: each category needs its own."])
  })

  it('refuses an unknown field (a typo)', () => {
    expect(messages({ ...valid(), stores: [] })).toEqual([expect.stringContaining('stores')])
  })
})
