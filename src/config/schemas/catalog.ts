import { z } from 'zod'
import { countryCode } from './common'

export const benefitCategories = [
  'fooddelivery',
  'grocery',
  'rideshare',
  'truckrental',
  'scooter',
  'streaming',
  'mobilephone',
  'fuel',
] as const
export type BenefitCategory = (typeof benefitCategories)[number]

/** Which benefit categories a country has (SPEC 3: mobilephone not in AU or NZ, fuel only in US). */
export function categoriesFor(country: string): BenefitCategory[] {
  return benefitCategories.filter((c) => {
    if (c === 'mobilephone') return country !== 'AU' && country !== 'NZ'
    if (c === 'fuel') return country === 'US'
    return true
  })
}

const merchant = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/, { message: 'A merchant id uses lower-case letters, digits and dashes.' }),
  name: z.string().min(1),
  logo: z
    .string()
    .regex(/^[a-z0-9-]+\.svg$/, { message: "A logo is an SVG file name, e.g. 'doordash.svg'." }),
})

/** config/catalogs/<CC>.json: merchants per benefit category for one country. */
export const catalogSchema = z
  .strictObject({
    $schema: z.string().optional(),
    country: countryCode,
    categories: z.partialRecord(
      z.enum(benefitCategories, { message: `A category is one of: ${benefitCategories.join(', ')}.` }),
      z.array(merchant).min(1, { message: 'A category needs at least one merchant.' }),
    ),
  })
  .superRefine((cat, ctx) => {
    const allowed = categoriesFor(cat.country)
    for (const c of benefitCategories) {
      const present = cat.categories[c] !== undefined
      if (present && !allowed.includes(c)) {
        ctx.addIssue({
          code: 'custom',
          path: ['categories', c],
          message:
            c === 'fuel'
              ? `Fuel is offered in the US only: remove 'fuel' from ${cat.country}.`
              : `Mobile phone is not offered in AU or NZ: remove 'mobilephone' from ${cat.country}.`,
        })
      }
      if (!present && allowed.includes(c)) {
        ctx.addIssue({
          code: 'custom',
          path: ['categories', c],
          message: `${cat.country} must list merchants for '${c}'.`,
        })
      }
    }
  })
export type Catalog = z.infer<typeof catalogSchema>
