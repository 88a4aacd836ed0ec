import { z } from 'zod'

/**
 * config/categories.json (issue 32): the store categories and the product categories with their
 * subcategories, each named in English and Spanish. The seed writes them into the categories table
 * (kind 'store' or 'product', in this order); the screens show the name of the member's language.
 */
const slug = z
  .string()
  .regex(/^[a-z][a-z0-9]*$/, {
    message:
      "A category slug is lower-case letters and digits (e.g. 'fooddelivery'): it is in URLs and feeds.",
  })
  .describe("The category's id in URLs, program feeds and stores.category_slug.")

const name = z
  .strictObject({
    en: z.string().trim().min(1, { message: 'Give the English name.' }),
    es: z.string().trim().min(1, { message: 'Give the Spanish name.' }),
  })
  .describe('The name shown to members, in English (en) and Spanish (es).')

const category = z.strictObject({ slug, name })

/** Each slug once in a list (the categories table keeps one row per kind and slug). */
function uniqueSlugs(slugs: string[], ctx: z.RefinementCtx) {
  const seen = new Set<string>()
  for (const s of slugs) {
    if (seen.has(s))
      ctx.addIssue({ code: 'custom', message: `The slug '${s}' is used twice: each category needs its own.` })
    seen.add(s)
  }
}

export const categoriesSchema = z.strictObject({
  $schema: z.string().optional(),
  store: z
    .array(category)
    .min(1)
    .superRefine((list, ctx) =>
      uniqueSlugs(
        list.map((c) => c.slug),
        ctx,
      ),
    )
    .describe('Store categories, in the order the store browser lists them.'),
  product: z
    .array(
      category.extend({
        subcategories: z.array(category).describe('Its subcategories, in the order they are listed.'),
      }),
    )
    .min(1)
    .superRefine((list, ctx) =>
      // a product category and a subcategory share the product kind: one slug each among all of them
      uniqueSlugs(
        list.flatMap((c) => [c.slug, ...c.subcategories.map((s) => s.slug)]),
        ctx,
      ),
    )
    .describe('Product categories, in the order the products page lists them, each with its subcategories.'),
})

export type Categories = z.infer<typeof categoriesSchema>
