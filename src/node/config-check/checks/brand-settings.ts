import type { BrandCheck } from '../context'

/** The brand's partner exists, the environment the check runs for exists, and app.json's default brand exists. */
export const brandSettings: BrandCheck = (ctx, problems) => {
  const { app, partners, brands } = ctx.files
  if (ctx.brand.partner && !partners?.some((p) => p.id === ctx.brand.partner)) {
    problems.push({
      file: ctx.brandFile,
      path: 'partner',
      message: `No partner '${ctx.brand.partner}' in config/partners.json.`,
    })
  }
  if (app && !app.environments[ctx.environment]) {
    problems.push({
      file: 'config/app.json',
      path: 'environments',
      message: `There is no environment '${ctx.environment}'. Known: ${Object.keys(app.environments).join(', ')}.`,
    })
  }
  if (app && !brands.has(app.defaultBrand)) {
    problems.push({
      file: 'config/app.json',
      path: 'defaultBrand',
      message: `There is no brand '${app.defaultBrand}'.`,
    })
  }
}
