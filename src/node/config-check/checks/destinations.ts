import { landing } from '../../../routing/navigation'
import { fillPattern, paramNames } from '../../../routing/pattern'
import { collectEntries, createResolver } from '../../../routing/resolve'
import type { BrandCheck } from '../context'

const NOT_A_PAGE = 'is not a page of routes.json, landers.json or redirects.json.'

/**
 * Every place config sends a visitor is a page, asked of the app's route resolver: where a lander
 * ends, the pages a brand's app owns (deep links), and every redirect, followed to its end without a loop.
 */
export const destinations: BrandCheck = (ctx, problems) => {
  const redirects = ctx.files.redirects ?? []
  const table = createResolver(
    collectEntries({ routes: ctx.files.routes ?? [], redirects, landers: ctx.files.landers ?? null }),
  )
  ctx.files.landers?.landers.forEach((l, i) => {
    for (const [k, to] of Object.entries(l.endsOn)) {
      if (to && !table.resolve(to)) {
        problems.push({
          file: 'config/landers.json',
          path: `landers[${i}].endsOn.${k}`,
          message: `'${to}' ${NOT_A_PAGE}`,
        })
      }
    }
  })
  ctx.brand.app?.pages.forEach((page, i) => {
    if (!table.resolve(page.path)) {
      problems.push({
        file: ctx.brandFile,
        path: `app.pages[${i}].path`,
        message: `'${page.path}' ${NOT_A_PAGE}`,
      })
    }
  })
  redirects.forEach((r, i) => {
    const sample = Object.fromEntries(paramNames(r.from).map((n) => [n, 'sample']))
    const end = landing(table, fillPattern(r.from, sample))
    if (end.end === 'loop') {
      problems.push({
        file: 'config/redirects.json',
        path: `redirects[${i}]`,
        message: `Redirect loop: '${r.from}' comes back to '${end.path}'.`,
      })
    } else if (end.end === 'nowhere') {
      problems.push({
        file: 'config/redirects.json',
        path: `redirects[${i}].to`,
        message: `'${r.to}' is not a page of routes.json, landers.json or another redirect.`,
      })
    }
  })
}
