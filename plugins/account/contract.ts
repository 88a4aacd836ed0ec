import { z } from 'zod/mini'
import { int, paged, str } from '../../src/contract'

/** API contract of the account plugin: history, balances, profile, settings and referrals. */

export const PageQuery = z.object({ page: z.optional(int(1, 10_000)), per_page: z.optional(int(1, 100)) })

export const RebateStatus = z.enum(['pending', 'confirmed', 'payable', 'paid', 'declined'])
export const Rebate = z.object({
  id: z.number(),
  store: z.nullable(z.object({ internal_name: z.string(), name: z.string(), logo_url: z.string() })),
  benefit_type: z.string(),
  order_amount_cents: z.number(),
  amount_cents: z.number(),
  status: RebateStatus,
  reason: z.string(),
  expected_at: z.nullable(z.string()),
  created_at: z.string(),
})
export type Rebate = z.infer<typeof Rebate>
export const RebatesQuery = z.object({
  page: z.optional(int(1, 10_000)),
  per_page: z.optional(int(1, 100)),
  status: z.optional(RebateStatus),
  benefit_type: z.optional(z.string().check(z.regex(/^[a-z_]{1,40}$/, 'Unknown benefit type.'))),
})
export const RebatesReply = z.object({
  ...paged(Rebate).shape,
  totals: z.record(z.string(), z.number()),
})
export type RebatesReply = z.infer<typeof RebatesReply>

export const Notification = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: z.string(),
})
export const NotificationsReply = z.object({ ...paged(Notification).shape, unread: z.number() })
export type NotificationsReply = z.infer<typeof NotificationsReply>
export const MarkReadRequest = z.object({
  ids: z.optional(z.array(z.number().check(z.int())).check(z.maxLength(500))),
})

export const Withdrawal = z.object({
  id: z.number(),
  kind: z.enum(['cash', 'coin']),
  amount: z.number(),
  method: z.string(),
  destination: z.string(),
  status: z.string(),
  created_at: z.string(),
})
export const WithdrawalsReply = paged(Withdrawal)
export type WithdrawalsReply = z.infer<typeof WithdrawalsReply>
/** Cash amounts in cents (minimum $10), coins in coins (minimum 1,000). */
export const WithdrawalRequest = z.object({
  kind: z.enum(['cash', 'coin']),
  amount: z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
  method: z.enum(['paypal', 'bank', 'giftcard']),
  destination: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
})
export const WithdrawalReply = z.object({
  success: z.boolean(),
  data: Withdrawal,
  cash_balance_cents: z.number(),
  coin_balance: z.number(),
})

export const CoinTransaction = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
})
export const CoinHistoryReply = z.object({ ...paged(CoinTransaction).shape, balance: z.number() })
export type CoinHistoryReply = z.infer<typeof CoinHistoryReply>

export const GiftCard = z.object({
  id: z.number(),
  brand: z.string(),
  amount_cents: z.number(),
  code: z.string(),
  status: z.string(),
  expires_at: z.string(),
  redeemed_at: z.nullable(z.string()),
})
export const GiftCardsReply = z.object({ data: z.array(GiftCard) })
export type GiftCardsReply = z.infer<typeof GiftCardsReply>
export const GiftRedeemRequest = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Please enter the gift card code.'), z.maxLength(40)),
})
export const GiftRedeemReply = z.object({
  success: z.boolean(),
  data: GiftCard,
  cash_balance_cents: z.number(),
})
export const GiftCardParams = z.object({ id: int(1, 2_147_483_647) })

export const Address = z.object({
  line1: str(200),
  line2: z.optional(str(200)),
  city: str(100),
  region: str(100),
  postal_code: str(20),
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
})
export const Profile = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  country_code: z.string(),
  is_verified: z.boolean(),
  created_at: z.string(),
  rebate_address: z.nullable(Address),
  cash_balance_cents: z.number(),
  coin_balance: z.number(),
})
export type Profile = z.infer<typeof Profile>
export const ProfileReply = z.object({ data: Profile })
export const ProfileUpdate = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1, 'Please enter your name.'), z.maxLength(100))),
  phone: z.optional(
    z.nullable(z.string().check(z.regex(/^[+0-9 ()-]{0,25}$/, 'Please enter a valid phone number.'))),
  ),
  country_code: z.optional(z.enum(['US', 'CA', 'GB', 'UK', 'AU', 'NZ'])),
  rebate_address: z.optional(z.nullable(Address)),
})
export type ProfileUpdate = z.infer<typeof ProfileUpdate>

export const Settings = z.object({
  email_offers: z.boolean(),
  email_rebates: z.boolean(),
  sms: z.boolean(),
  language: z.enum(['en', 'es']),
  terms: z.object({ firefox: z.boolean(), pii: z.boolean(), stats: z.boolean(), cookies: z.boolean() }),
})
export type Settings = z.infer<typeof Settings>
export const SettingsReply = z.object({ data: Settings })
export const SettingsUpdate = z.partial(Settings)

export const ReferralsReply = z.object({
  data: z.object({
    code: z.string(),
    link: z.string(),
    earned_cents: z.number(),
    referred: z.array(z.object({ name: z.string(), joined_at: z.string(), status: z.string() })),
  }),
})
export type ReferralsReply = z.infer<typeof ReferralsReply>

export const GiveCreditQuery = z.object({ ucb: z.optional(z.enum(['flow1', 'flow5'])) })
export const GiveCreditReply = z.object({
  success: z.boolean(),
  already_credited: z.boolean(),
  amount_cents: z.number(),
  cash_balance_cents: z.number(),
})
