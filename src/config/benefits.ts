import json from '../../config/benefits.json'
import type { Benefits } from './schemas/benefits'

/** config/benefits.json, validated by config:check (src/config/schemas/benefits.ts) before every build. */
const benefits = json as Benefits

/** config/benefits.json has three themes and no brand names one yet: the first is used. */
const THEME = 'theme1'

/** The benefit images (file names under /benefits/) by benefit name, of the theme in use. */
export function benefitImages(): Partial<Record<string, string[]>> {
  return benefits.themes[THEME] ?? {}
}
