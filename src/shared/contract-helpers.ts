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

/**
 * The attribution a request may carry (SPEC 3: sid, cid, partner; at most 100 characters each): auth's
 * sign-up sends it and the tracking plugin's calls take it.
 */
export const attributionFields = {
  sid: z.optional(str(100)),
  cid: z.optional(str(100)),
  partner: z.optional(str(100)),
}

/** A reply that is a list (`{ data: [...] }`); its type is `ListReply<Item>`. */
export const listReply = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item) })
export type ListReply<T> = { data: T[] }

/** A page of a list: its items and where the page stands (page, per_page, total, has_more). */
export const paged = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number(),
    per_page: z.number(),
    total: z.number(),
    has_more: z.boolean(),
  })

/** The reply of a call that only says it was done (`{ success: true }`). */
export const OkReply = z.object({ success: z.boolean() })
export type OkReply = z.infer<typeof OkReply>
