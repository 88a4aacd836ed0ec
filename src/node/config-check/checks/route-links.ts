import type { BrandCheck, BrandContext } from '../context'

const NAMED_IN = 'config/routes.json or config/redirects.json'

/** Route names and the plugin whose screen each shows (undefined: a redirect or an external page). */
function namedRoutes(ctx: BrandContext) {
  const named = new Map<string, { plugin?: string; where: string }>()
  const dupes: { name: string; file: string; path: string; before: string }[] = []
  const add = (name: string | undefined, file: string, path: string, plugin?: string) => {
    if (name === undefined) return
    const before = named.get(name)
    if (before) dupes.push({ name, file, path, before: before.where })
    else named.set(name, { plugin, where: `${file} at ${path}` })
  }
  ;(ctx.files.routes ?? []).forEach((r, i) => {
    add(r.name, 'config/routes.json', `routes[${i}].name`, 'screen' in r ? r.screen.split('/')[0] : undefined)
  })
  ;(ctx.files.redirects ?? []).forEach((r, i) => {
    add(r.name, 'config/redirects.json', `redirects[${i}].name`)
  })
  return { named, dupes }
}

/**
 * Plugins link to pages by route name (src/routing/names.tsx): every side-menu entry and every link in
 * an enabled plugin's code names a route that exists, and a menu entry's route is one this brand
 * ships (a link in code to a page of a plugin the brand does not ship is drawn as nothing: a note).
 * Each name belongs to one route.
 */
export const routeLinks: BrandCheck = (ctx, problems, notes) => {
  const { named, dupes } = namedRoutes(ctx)
  for (const d of dupes) {
    problems.push({
      file: d.file,
      path: d.path,
      message: `The name '${d.name}' is already used by ${d.before}: give each route a name of its own.`,
    })
  }
  for (const plugin of ctx.enabled) {
    const info = ctx.plugins.get(plugin)
    for (const [menu, routes] of info?.menus ?? []) {
      for (const route of routes) {
        const target = named.get(route)
        const at = { file: `plugins/${plugin}/index.ts`, path: `menus.${menu}` }
        if (!target) {
          problems.push({
            ...at,
            message: `The menu entry links to the route named '${route}', which no route of ${NAMED_IN} has: add "name": "${route}" to that route, or fix the name.`,
          })
        } else if (target.plugin && !ctx.enabled.has(target.plugin)) {
          problems.push({
            ...at,
            message: `The menu entry links to the route named '${route}', a page of plugin '${target.plugin}', which brand '${ctx.brandId}' does not enable: enable '${target.plugin}' for the brand or move the entry to plugin '${target.plugin}'.`,
          })
        }
      }
    }
    for (const link of info?.links ?? []) {
      const target = named.get(link.route)
      if (!target) {
        problems.push({
          file: link.file,
          path: '',
          message: `The link to the route named '${link.route}' goes nowhere: no route of ${NAMED_IN} has that name. Add "name": "${link.route}" to that route, or fix the name.`,
        })
      } else if (target.plugin && !ctx.enabled.has(target.plugin)) {
        notes.push(
          `${link.file}: the link to '${link.route}' draws nothing here (plugin '${target.plugin}' is off for this brand).`,
        )
      }
    }
  }
}
