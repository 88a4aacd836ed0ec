import { z } from 'zod/mini'

/**
 * Schema pieces every plugin contract uses (zod/mini: the same schemas check requests on the server
 * and replies in the browser).
 */

/** A whole number from min to max; query and path strings are coerced ('2' -> 2). */
export const int = (min: number, max: number) =>
  z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max))

/** A string of at most `max` characters. */
export const str = (max: number) => z.string().check(z.maxLength(max))

/** A page of a list: its items and where the page stands (page, per_page, total, has_more). */
export const paged = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number(),
    per_page: z.number(),
    total: z.number(),
    has_more: z.boolean(),
  })
