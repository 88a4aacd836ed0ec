import { z } from 'zod'
import { routeName, routePath } from './common'

export const redirectSchema = z.strictObject({
  from: routePath,
  to: routePath.describe('Where to go; the :params of from may be used, e.g. /stores/:category.'),
  guard: z.string().optional(),
  name: routeName.optional(),
  keepQuery: z.boolean().default(true).describe('Carry the query string (e.g. tracking parameters) along.'),
})

/** config/redirects.json: declarative redirects, legacy and marketing. */
export const redirectsSchema = z.strictObject({
  $schema: z.string().optional(),
  redirects: z.array(redirectSchema),
})
export type RedirectEntry = z.infer<typeof redirectSchema>
