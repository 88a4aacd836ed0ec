import type { Catalog } from './schemas/catalog'

/**
 * Plugins read config/ only through the core's modules (the import wall, scripts/check-layers.ts
 * refuses a plugin's import of config/*.json): these give the per-country catalogs and the benefit
 * images, both validated by config:check before every build, each loaded when first asked for.
 */

/** Countries with a catalog in config/catalogs (SPEC 3 per-country catalogs). */
export const CATALOG_COUNTRIES = ['AU', 'CA', 'NZ', 'GB', 'UK', 'US'] as const

/** config/catalogs/<CC>.json of a country (any case), or null for a country without a catalog. */
export async function loadCountryCatalog(country: string): Promise<Catalog | null> {
  const cc = country.toUpperCase()
  if (!(CATALOG_COUNTRIES as readonly string[]).includes(cc)) return null
  const m = (await import(`../../config/catalogs/${cc}.json`)) as { default: Catalog }
  return m.default
}

/** benefitImages() of ./benefits.ts, loaded on demand. */
export const loadBenefitImages = (): Promise<Partial<Record<string, string[]>>> =>
  import('./benefits').then((m) => m.benefitImages())
