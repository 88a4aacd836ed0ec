import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { z } from 'zod'
import { type AppConfig, appSchema } from '../../config/schemas/app'
import { type Benefits, benefitsSchema } from '../../config/schemas/benefits'
import { type Brand, brandSchema } from '../../config/schemas/brand'
import { type Catalog, catalogSchema } from '../../config/schemas/catalog'
import { type Categories, categoriesSchema } from '../../config/schemas/categories'
import { type CoinsConfig, coinsConfigSchema } from '../../config/schemas/coins'
import { type Constants, constantsSchema } from '../../config/schemas/constants'
import { type LandersConfig, landersSchema } from '../../config/schemas/landers'
import { type NetworksConfig, networksConfigSchema } from '../../config/schemas/networks'
import { type Partner, partnersSchema } from '../../config/schemas/partners'
import { type PlanConfig, plansSchema } from '../../config/schemas/plans'
import { type RedirectEntry, redirectsSchema } from '../../config/schemas/redirects'
import { type RouteEntry, routesSchema } from '../../config/schemas/routes'
import { jsonPath, type Problem } from '../../shared/config-problem'

function sentence(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}: check the spelling or remove ${issue.keys.length > 1 ? 'them' : 'it'}.`
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return `This field is required (${issue.expected}).`
  }
  if (issue.code === 'invalid_type') return `Expected ${issue.expected} here.`
  return issue.message
}

export interface LoadedFiles {
  app?: AppConfig
  constants?: Constants
  routes?: RouteEntry[]
  redirects?: RedirectEntry[]
  landers?: LandersConfig
  plans?: PlanConfig[]
  partners?: Partner[]
  benefits?: Benefits
  coins?: CoinsConfig
  networks?: NetworksConfig
  categories?: Categories
  brands: Map<string, Brand>
  catalogs: Map<string, Catalog>
}

/** Reads and validates every file of config/; collects every problem instead of stopping at the first. */
export function loadConfigFiles(root: string): { files: LoadedFiles; problems: Problem[] } {
  const problems: Problem[] = []
  const configDir = join(root, 'config')

  function read<S extends z.ZodType>(file: string, schema: S): z.infer<S> | undefined {
    const rel = relative(root, file)
    if (!existsSync(file)) {
      problems.push({ file: rel, path: '', message: 'This file is missing.' })
      return undefined
    }
    let json: unknown
    try {
      json = JSON.parse(readFileSync(file, 'utf8'))
    } catch (e) {
      problems.push({
        file: rel,
        path: '',
        message: `This is not valid JSON (${(e as Error).message}). Look for a missing comma, quote or bracket.`,
      })
      return undefined
    }
    const r = schema.safeParse(json)
    if (!r.success) {
      for (const issue of r.error.issues) {
        problems.push({ file: rel, path: jsonPath(issue.path), message: sentence(issue) })
      }
      return undefined
    }
    return r.data
  }

  const files: LoadedFiles = { brands: new Map(), catalogs: new Map() }
  files.app = read(join(configDir, 'app.json'), appSchema)
  files.constants = read(join(configDir, 'constants.json'), constantsSchema)
  files.routes = read(join(configDir, 'routes.json'), routesSchema)?.routes
  files.redirects = read(join(configDir, 'redirects.json'), redirectsSchema)?.redirects
  files.landers = read(join(configDir, 'landers.json'), landersSchema)
  files.plans = read(join(configDir, 'plans.json'), plansSchema)?.plans
  files.partners = read(join(configDir, 'partners.json'), partnersSchema)?.partners
  files.benefits = read(join(configDir, 'benefits.json'), benefitsSchema)
  files.coins = read(join(configDir, 'coins.json'), coinsConfigSchema)
  files.networks = read(join(configDir, 'networks.json'), networksConfigSchema)
  files.categories = read(join(configDir, 'categories.json'), categoriesSchema)

  const brandDir = join(configDir, 'brands')
  for (const f of existsSync(brandDir) ? readdirSync(brandDir).filter((f) => f.endsWith('.json')) : []) {
    const brand = read(join(brandDir, f), brandSchema)
    if (!brand) continue
    if (`${brand.id}.json` !== f) {
      problems.push({
        file: relative(root, join(brandDir, f)),
        path: 'id',
        message: `The brand id '${brand.id}' must match the file name '${f}'.`,
      })
    }
    files.brands.set(brand.id, brand)
  }
  for (const cc of ['AU', 'CA', 'NZ', 'GB', 'UK', 'US']) {
    const file = join(configDir, 'catalogs', `${cc}.json`)
    const cat = read(file, catalogSchema)
    if (!cat) continue
    if (cat.country !== cc) {
      problems.push({
        file: relative(root, file),
        path: 'country',
        message: `This file is for ${cc} but says '${cat.country}'.`,
      })
    }
    files.catalogs.set(cc, cat)
  }
  return { files, problems }
}
