import { z } from 'zod'
import constants from '../../../config/constants.json'

export const benefitThemes = ['theme1', 'theme2', 'theme3'] as const
export const benefitNames = [
  'firstorder',
  'shipping',
  'seasonal',
  'smarttravel',
  'orderprotection',
  'earnCashBack',
  'fooddelivery',
  'fuel',
  'streaming',
  'doubleCoins',
  'tenpercent',
] as const

const max = constants.benefitImagesMaxPerCategory
const image = z
  .string()
  .regex(/^[a-z0-9-]+\.svg$/, { message: "An image is an SVG file name, e.g. 'shipping-1.svg'." })

/** config/benefits.json: benefit images per theme, at most `benefitImagesMaxPerCategory` per benefit. */
export const benefitsSchema = z.strictObject({
  $schema: z.string().optional(),
  themes: z.partialRecord(
    z.enum(benefitThemes, { message: `A theme is one of: ${benefitThemes.join(', ')}.` }),
    z.partialRecord(
      z.enum(benefitNames, { message: `A benefit is one of: ${benefitNames.join(', ')}.` }),
      z
        .array(image)
        .min(1)
        .max(max, { message: `A benefit has at most ${max} images: remove the extra ones.` }),
    ),
  ),
})
export type Benefits = z.infer<typeof benefitsSchema>
