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
