import type { BrandCheck } from '../context'

/** No two routes, lander paths or redirects claim the same path (params and case aside). */
export const uniquePaths: BrandCheck = (ctx, problems) => {
  const seen = new Map<string, string>()
  function claim(pattern: string, file: string, path: string) {
    const key = pattern.toLowerCase().replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')
    const before = seen.get(key)
    if (before) problems.push({ file, path, message: `The path '${pattern}' is already used by ${before}.` })
    else seen.set(key, `${file} at ${path}`)
  }
  ;(ctx.files.routes ?? []).forEach((r, i) => {
    claim(r.path, 'config/routes.json', `routes[${i}].path`)
  })
  ctx.files.landers?.landers.forEach((l, i) => {
    l.paths.forEach((p, j) => {
      claim(p, 'config/landers.json', `landers[${i}].paths[${j}]`)
    })
  })
  ;(ctx.files.redirects ?? []).forEach((r, i) => {
    claim(r.from, 'config/redirects.json', `redirects[${i}].from`)
  })
}
