/**
 * npm run config:schemas — writes config/$schemas/*.json from the zod schemas, so an editor
 * completes and checks config files as a marketer types (each file names its schema in "$schema").
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { appSchema } from '../src/config/schemas/app'
import { benefitsSchema } from '../src/config/schemas/benefits'
import { brandSchema } from '../src/config/schemas/brand'
import { catalogSchema } from '../src/config/schemas/catalog'
import { categoriesSchema } from '../src/config/schemas/categories'
import { coinsConfigSchema } from '../src/config/schemas/coins'
import { constantsSchema } from '../src/config/schemas/constants'
import { landersSchema } from '../src/config/schemas/landers'
import { networksConfigSchema } from '../src/config/schemas/networks'
import { partnersSchema } from '../src/config/schemas/partners'
import { plansSchema } from '../src/config/schemas/plans'
import { redirectsSchema } from '../src/config/schemas/redirects'
import { routesSchema } from '../src/config/schemas/routes'

const out = join(import.meta.dirname, '..', 'config', '$schemas')
mkdirSync(out, { recursive: true })
const schemas: Record<string, z.ZodType> = {
  app: appSchema,
  benefits: benefitsSchema,
  brand: brandSchema,
  categories: categoriesSchema,
  catalog: catalogSchema,
  coins: coinsConfigSchema,
  constants: constantsSchema,
  landers: landersSchema,
  networks: networksConfigSchema,
  partners: partnersSchema,
  plans: plansSchema,
  redirects: redirectsSchema,
  routes: routesSchema,
}
for (const [name, schema] of Object.entries(schemas)) {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`)
}
console.log(`wrote ${Object.keys(schemas).length} JSON Schemas to config/$schemas/`)
