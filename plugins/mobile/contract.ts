import { z } from 'zod/mini'

/** API contract of the mobile plugin: the app dashboard summary. */

export const DashboardReply = z.object({
  data: z.object({
    cash_balance_cents: z.number(),
    pending_cents: z.number(),
    coin_balance: z.number(),
    subscriptions: z.array(z.object({ plan: z.string(), status: z.string() })),
    unread_notifications: z.number(),
  }),
})
export type DashboardReply = z.infer<typeof DashboardReply>

/** POST /api/mobile/code (signed in): a one-time code for a deep link, exchanged once by /mobile/authorized. */
export const MobileCodeReply = z.object({ code: z.string(), expires_at: z.string() })
export type MobileCodeReply = z.infer<typeof MobileCodeReply>

/** POST /api/mobile/exchange: the code, for the same login reply as POST /api/web/login. */
export const MobileExchangeRequest = z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) })
export type MobileExchangeRequest = z.infer<typeof MobileExchangeRequest>
