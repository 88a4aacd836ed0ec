import { paramNames } from '../../../routing/pattern'
import type { BrandCheck } from '../context'

/** A redirect's target uses only the params its `from` has (or optional ones). */
export const redirectParams: BrandCheck = (ctx, problems) => {
  ;(ctx.files.redirects ?? []).forEach((r, i) => {
    const have = new Set(paramNames(r.from))
    for (const n of paramNames(r.to)) {
      if (!have.has(n) && !r.to.includes(`:${n}?`)) {
        problems.push({
          file: 'config/redirects.json',
          path: `redirects[${i}].to`,
          message: `'${r.to}' uses :${n}, but '${r.from}' has no :${n} to take it from.`,
        })
      }
    }
  })
}
