import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { benefitImages } from './benefits'
import { CATALOG_COUNTRIES, loadBenefitImages, loadCountryCatalog } from './catalogs'
import { benefitsSchema } from './schemas/benefits'
import { catalogSchema } from './schemas/catalog'

const root = join(import.meta.dirname, '../..')
const json = (file: string) => JSON.parse(readFileSync(join(root, 'config', file), 'utf8'))

describe('the core reads config/benefits.json and config/catalogs/*.json for the plugins (issue 32, point 5)', () => {
  it('gives the images of the first theme, as config:check validated them', () => {
    const validated = benefitsSchema.parse(json('benefits.json'))
    expect(benefitImages()).toEqual(validated.themes.theme1)
    expect(benefitImages().shipping?.length).toBeGreaterThan(0)
  })

  it('loads the same images on demand', async () => {
    expect(await loadBenefitImages()).toEqual(benefitImages())
  })

  it('lists every country of config/catalogs', () => {
    const files = readdirSync(join(root, 'config/catalogs')).map((f) => f.replace(/\.json$/, ''))
    expect([...CATALOG_COUNTRIES].sort()).toEqual(files.sort())
  })

  it("loads a country's catalog, in any case of the code, as config:check validated it", async () => {
    const us = await loadCountryCatalog('us')
    expect(us).toEqual(catalogSchema.parse(json('catalogs/US.json')))
    expect(us?.country).toBe('US')
  })

  it('gives null for a country without a catalog', async () => {
    expect(await loadCountryCatalog('FR')).toBeNull()
    expect(await loadCountryCatalog('')).toBeNull()
  })
})
