import type { BrandCheck } from '../context'

/** The plugins a brand lists exist, each once, with the plugins they require. */
export const brandPlugins: BrandCheck = (ctx, problems) => {
  const seen = new Set<string>()
  ctx.brand.plugins.forEach((name, i) => {
    if (!ctx.plugins.has(name)) {
      problems.push({
        file: ctx.brandFile,
        path: `plugins[${i}]`,
        message: `There is no plugin '${name}'. Known plugins: ${[...ctx.plugins.keys()].join(', ')}.`,
      })
    } else if (seen.has(name)) {
      problems.push({
        file: ctx.brandFile,
        path: `plugins[${i}]`,
        message: `Plugin '${name}' is listed twice.`,
      })
    } else seen.add(name)
  })
  for (const name of ctx.enabled) {
    for (const r of ctx.plugins.get(name)?.requires ?? []) {
      if (!ctx.enabled.has(r)) {
        problems.push({
          file: ctx.brandFile,
          path: 'plugins',
          message: `Plugin '${name}' needs plugin '${r}': add '${r}' to this brand's plugins.`,
        })
      }
    }
  }
}
