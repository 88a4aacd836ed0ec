import type { Problem } from '../../../shared/config-problem'
import { type BrandCheck, type BrandContext, screenState } from '../context'

function checkScreen(ctx: BrandContext, problems: Problem[], file: string, path: string, screen: string) {
  const [plugin, id] = screen.split('/') as [string, string]
  const state = screenState(ctx, screen)
  if (state === 'no-plugin') {
    problems.push({
      file,
      path,
      message: `No plugin '${plugin}' exists, so screen '${screen}' cannot be shown.`,
    })
  } else if (state === 'no-screen') {
    const has = [...(ctx.plugins.get(plugin)?.screens ?? [])].join(', ') || 'none'
    problems.push({ file, path, message: `Plugin '${plugin}' has no screen '${id}'. It has: ${has}.` })
  }
}

function checkGuard(ctx: BrandContext, problems: Problem[], file: string, path: string, guard?: string) {
  if (guard && !ctx.guards.has(guard)) {
    problems.push({
      file,
      path,
      message: `No enabled plugin of brand '${ctx.brandId}' gives the guard '${guard}'. Available: ${[...ctx.guards].join(', ') || 'none'}.`,
    })
  }
}

/** Every screen a route or the landers name is a screen of a plugin, and every guard one an enabled plugin gives. */
export const screensAndGuards: BrandCheck = (ctx, problems) => {
  ;(ctx.files.routes ?? []).forEach((r, i) => {
    // a route whose screen's plugin the brand does not enable is not served: its guard is not needed
    const dropped = 'screen' in r && screenState(ctx, r.screen) === 'disabled'
    if (!dropped) checkGuard(ctx, problems, 'config/routes.json', `routes[${i}].guard`, r.guard)
    if (!('screen' in r)) return
    checkScreen(ctx, problems, 'config/routes.json', `routes[${i}].screen`, r.screen)
    if (r.overlay) checkScreen(ctx, problems, 'config/routes.json', `routes[${i}].overlay`, r.overlay)
  })
  if (ctx.files.landers) checkScreen(ctx, problems, 'config/landers.json', 'screen', ctx.files.landers.screen)
  ;(ctx.files.redirects ?? []).forEach((r, i) => {
    checkGuard(ctx, problems, 'config/redirects.json', `redirects[${i}].guard`, r.guard)
  })
}
