import { GiftCard, int, listReply, paged, str } from '@core/contract'
import { z } from 'zod/mini'

/** API contract of the account plugin: history, balances, profile, settings and referrals. */

export const PageQuery = z.object({ page: z.optional(int(1, 10_000)), per_page: z.optional(int(1, 100)) })

export const RebateStatus = z.enum(['pending', 'confirmed', 'payable', 'paid', 'declined', 'reversed'])
/** The steps of a purchase's timeline (issue 26), in order. */
export const PURCHASE_STEPS = ['clicked', 'tracked', 'confirmed', 'payable'] as const
export type PurchaseStep = (typeof PURCHASE_STEPS)[number]
/**
 * The way of a cash back row booked from an affiliate network's conversion: when the member clicked,
 * when the network tracked, confirmed and (actually or expectedly) made it payable, or reversed it;
 * and the next step with its expected date (null when there is none: payable, paid or reversed).
 */
export const PurchaseTimeline = z.object({
  conversion_id: z.number(),
  clicked_at: z.nullable(z.string()),
  tracked_at: z.string(),
  confirmed_at: z.nullable(z.string()),
  /** ISO: when it became payable, or when it is expected to (see payable_done) */
  payable_at: z.nullable(z.string()),
  payable_done: z.boolean(),
  reversed_at: z.nullable(z.string()),
  next_step: z.nullable(z.enum(['confirmed', 'payable'])),
  next_at: z.nullable(z.string()),
})
export type PurchaseTimeline = z.infer<typeof PurchaseTimeline>
/** The debit of a reversed conversion (negative amount): 'payable' lowers the balance, 'reversed' does not. */
export const PurchaseReversal = z.object({
  amount_cents: z.number(),
  status: z.string(),
  created_at: z.string(),
})
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
  /** Test money: booked by a development stand-in; shown labelled "test", never paid out. */
  test: z.boolean(),
  /** cash back from a network's conversion: its timeline (null: a Plus rebate or an older row) */
  timeline: z.optional(z.nullable(PurchaseTimeline)),
  /** the reversal's debit row of that conversion, when it was reversed */
  reversal: z.optional(z.nullable(PurchaseReversal)),
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
  /** a notification the client writes in the member's language (e.g. 'cashback_tracked'); title and body are English */
  kind: z.optional(z.nullable(z.string())),
  params: z.optional(z.nullable(z.record(z.string(), z.union([z.string(), z.number()])))),
})
export type Notification = z.infer<typeof Notification>
export const NotificationsReply = z.object({ ...paged(Notification).shape, unread: z.number() })
export type NotificationsReply = z.infer<typeof NotificationsReply>
export const MarkReadRequest = z.object({
  ids: z.optional(z.array(z.number().check(z.int())).check(z.maxLength(500))),
})

// the ledger, balance and withdrawal shapes are shared with the coins plugin: the core owns them
export {
  Balances,
  BalancesReply,
  LedgerCurrency,
  LedgerEntry,
  LedgerFilter,
  LedgerKind,
  LedgerQuery,
  LedgerReply,
  LedgerStatus,
  Withdrawal,
  WithdrawalMethod,
  WithdrawalReply,
  WithdrawalRequest,
  WithdrawalsReply,
} from '@core/contract'

export const CoinTransaction = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  created_at: z.string(),
  /** Test money: booked by a development stand-in; shown labelled "test", never paid out. */
  test: z.boolean(),
})
export type CoinTransaction = z.infer<typeof CoinTransaction>
export const CoinHistoryReply = z.object({ ...paged(CoinTransaction).shape, balance: z.number() })
export type CoinHistoryReply = z.infer<typeof CoinHistoryReply>

export { GiftRedeemReply, GiftRedeemRequest } from '@core/contract'
// the gift card and its redeem call are shared with the upsell plugin (/gift): the core owns them
export { GiftCard }
export const GiftCardsReply = listReply(GiftCard)
export const GiftCardParams = z.object({ id: int(1, 2_147_483_647) })
/** An expired, unredeemed card becomes a new active card of the same value (error: gift_card_not_expired). */
export const GiftReplaceReply = z.object({ success: z.boolean(), data: GiftCard })
export type GiftReplaceReply = z.infer<typeof GiftReplaceReply>

export const Address = z.object({
  line1: str(200),
  line2: z.optional(str(200)),
  city: str(100),
  region: str(100),
  postal_code: str(20),
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
})
export type Address = z.infer<typeof Address>
export const Profile = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  country_code: z.string(),
  is_verified: z.boolean(),
  created_at: z.string(),
  rebate_address: z.nullable(Address),
  /** payable cash (cents) and coins: the same sums as GET /api/account/balances */
  cash_balance_cents: z.number(),
  coin_balance: z.number(),
})
export type Profile = z.infer<typeof Profile>
export const ProfileReply = z.object({ data: Profile })
export type ProfileReply = z.infer<typeof ProfileReply>
export const ProfileUpdate = z.object({
  name: z.optional(z.string().check(z.trim(), z.minLength(1, 'Please enter your name.'), z.maxLength(100))),
  phone: z.optional(
    z.nullable(z.string().check(z.regex(/^[+0-9 ()-]{0,25}$/, 'Please enter a valid phone number.'))),
  ),
  country_code: z.optional(z.enum(['US', 'CA', 'GB', 'UK', 'AU', 'NZ'])),
  rebate_address: z.optional(z.nullable(Address)),
})
export type ProfileUpdate = z.infer<typeof ProfileUpdate>

/** When and how a list of mails was left from a mail (issue 27): its unsubscribe page, or the mail app's one-click. */
export const UnsubscribedNote = z.object({ at: z.string(), via: z.enum(['link', 'one_click']) })
export type UnsubscribedNote = z.infer<typeof UnsubscribedNote>
const SettingsFields = z.object({
  email_offers: z.boolean(),
  email_rebates: z.boolean(),
  sms: z.boolean(),
  language: z.enum(['en', 'es']),
  terms: z.object({ firefox: z.boolean(), pii: z.boolean(), stats: z.boolean(), cookies: z.boolean() }),
})
export const Settings = z.extend(SettingsFields, {
  /** a mail setting that is off because its mail's unsubscribe turned it off (cleared when turned on again) */
  unsubscribed: z.optional(
    z.object({ email_offers: z.optional(UnsubscribedNote), email_rebates: z.optional(UnsubscribedNote) }),
  ),
})
export type Settings = z.infer<typeof Settings>
export type TermName = keyof Settings['terms']
export const SettingsReply = z.object({ data: Settings })
export type SettingsReply = z.infer<typeof SettingsReply>
export const SettingsUpdate = z.partial(SettingsFields)
export type SettingsUpdate = z.infer<typeof SettingsUpdate>

export const ReferralsReply = z.object({
  data: z.object({
    code: z.string(),
    link: z.string(),
    /** referral bonuses credited to the member (ledger rows of kind referral_bonus) */
    earned_cents: z.number(),
    /** status: earned once the friend's first cash back confirmed, pending before */
    referred: z.array(
      z.object({
        name: z.string(),
        joined_at: z.string(),
        status: z.enum(['earned', 'pending']),
        earned_cents: z.number(),
      }),
    ),
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

/**
 * Test mode only (NODE_ENV development or test): book a pending cash back row for a member, as test
 * money (never paid out). `real: true` books it as a partner's money instead, only under NODE_ENV=test
 * (the automated runs walk a real payout with it; `npm run dev` always books test money).
 */
export const DevPurchaseRequest = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(200)),
  amount_cents: z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
  store: z.optional(z.string().check(z.maxLength(100))),
  real: z.optional(z.literal(true)),
})
/** Test mode only: move that member's cash rows one step (pending -> confirmed -> payable) and send held payouts. */
export const DevAdvanceRequest = z.object({ email: z.string().check(z.minLength(3), z.maxLength(200)) })
/** Test mode only: give a member `count` unread notifications (the e2e tests of the header count). */
export const DevNotifyRequest = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(200)),
  count: z.number().check(z.int(), z.minimum(1), z.maximum(20)),
})

/** Missing cash back: the member's inquiries (issue 26). */
export * from './claim-contract'
export * from './inquiry-contract'

/** The live chat of /account/contact (SPEC 2.9). */
export * from './member/chat-contract'
