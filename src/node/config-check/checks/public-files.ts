import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { BrandCheck } from '../context'

/** Every file config names under public/ exists: external pages, merchant logos, benefit images, the brand's logo. */
export const publicFiles: BrandCheck = (ctx, problems) => {
  const has = (...parts: string[]) => existsSync(join(ctx.root, 'public', ...parts))
  ;(ctx.files.routes ?? []).forEach((r, i) => {
    if ('external' in r && !has(r.external.split(/[?#]/)[0]!)) {
      problems.push({
        file: 'config/routes.json',
        path: `routes[${i}].external`,
        message: `The page '${r.external}' does not exist: add it under public/.`,
      })
    }
  })
  for (const [cc, cat] of ctx.files.catalogs) {
    for (const [category, merchants] of Object.entries(cat.categories)) {
      merchants?.forEach((m, j) => {
        if (!has('catalog-logos', m.logo)) {
          problems.push({
            file: `config/catalogs/${cc}.json`,
            path: `categories.${category}[${j}].logo`,
            message: `The logo file public/catalog-logos/${m.logo} does not exist.`,
          })
        }
      })
    }
  }
  for (const [theme, benefits] of Object.entries(ctx.files.benefits?.themes ?? {})) {
    for (const [benefit, images] of Object.entries(benefits ?? {})) {
      images?.forEach((img, j) => {
        if (!has('benefits', img)) {
          problems.push({
            file: 'config/benefits.json',
            path: `themes.${theme}.${benefit}[${j}]`,
            message: `The image public/benefits/${img} does not exist.`,
          })
        }
      })
    }
  }
  if (!has(ctx.brand.theme.logo)) {
    problems.push({
      file: ctx.brandFile,
      path: 'theme.logo',
      message: `The logo public${ctx.brand.theme.logo} does not exist.`,
    })
  }
}
