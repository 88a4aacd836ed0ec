import { z } from 'zod/mini'

/**
 * GET /api/geo: the signed-in member's profile country, else the visitor's IP country. Legal (the UK
 * privacy variant) and the catalog (the store list's country) both ask it, so the core owns the shape.
 */
export const GeoReply = z.object({ country_code: z.string() })
export type GeoReply = z.infer<typeof GeoReply>
