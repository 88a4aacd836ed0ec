import { z } from 'zod'
import { routeName, routePath, screenId } from './common'

const base = {
  path: routePath,
  name: routeName.optional(),
  guard: z.string().optional().describe("A guard contributed by a plugin, e.g. 'auth' or 'guest'."),
}

export const screenRouteSchema = z.strictObject({
  ...base,
  screen: screenId,
  layout: z.enum(['main', 'bare']).default('main'),
  overlay: screenId.optional().describe('A screen shown over this one, e.g. the sign-in modal over home.'),
  props: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  footer: z
    .boolean()
    .optional()
    .describe(
      "false: no site footer under the screen (a page shown in an app's web view that has its own navigation, e.g. '/mobile/rebates/nonav').",
    ),
  menu: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, {
      message: "A menu name is lower-case letters, digits and dashes, e.g. 'account'.",
    })
    .optional()
    .describe(
      "A side menu shown beside the screen, e.g. 'account': the links the enabled plugins register under that name.",
    ),
})

export const externalRouteSchema = z.strictObject({
  ...base,
  external: z
    .string()
    .regex(/^\/[^\s]*$/, {
      message: "An external page is a path on this site, e.g. '/static/sweepstakes.html'.",
    })
    .describe('A full-page load of a page outside the app.'),
})

export const routeSchema = z.union([screenRouteSchema, externalRouteSchema], {
  error: () => "A route needs a 'path' and either a 'screen' ('plugin/Screen') or an 'external' page.",
})

/** config/routes.json: the route table. */
export const routesSchema = z.strictObject({
  $schema: z.string().optional(),
  routes: z.array(routeSchema),
})
export type RouteEntry = z.infer<typeof routeSchema>
export type ScreenRoute = z.infer<typeof screenRouteSchema>
export type ExternalRoute = z.infer<typeof externalRouteSchema>
export type RoutesConfig = z.infer<typeof routesSchema>
