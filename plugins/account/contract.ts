import { z } from 'zod/mini'
import { int, paged, str } from '../../src/contract'
import { LEDGER_KINDS, STATUSES } from './components/kinds'

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
  /** Test money: booked by a development stand-in; shown labelled "test", never paid out. */
  test: z.boolean(),
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
  /** held (first payout to new details, until release_at), paid, or declined. */
  status: z.string(),
  /** When a held payout to new payout details is sent; null when it was not held. */
  release_at: z.nullable(z.string()),
  created_at: z.string(),
})
export type Withdrawal = z.infer<typeof Withdrawal>
export const WithdrawalsReply = paged(Withdrawal)
export type WithdrawalsReply = z.infer<typeof WithdrawalsReply>
export const WithdrawalMethod = z.enum(['paypal', 'bank', 'giftcard'])
/**
 * Cash amounts in cents, coins in coins (minimums: constants.withdrawalMinimum). The password confirms
 * the payout; idempotency_key (a uuid made once per attempt) makes a retried request answer the first
 * answer instead of paying twice. Strict: a body naming anything else (a user_id, ...) is refused.
 */
export const WithdrawalRequest = z.strictObject({
  kind: z.enum(['cash', 'coin']),
  amount: z.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
  method: WithdrawalMethod,
  destination: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  password: z.string().check(z.minLength(1, 'Please enter your password.'), z.maxLength(200)),
  idempotency_key: z.string().check(z.regex(/^[0-9a-fA-F-]{36}$/, 'Invalid idempotency key.')),
})
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>

/** What a member can see of their money: sums over their ledger rows. Cash in cents, coins whole. */
export const Balances = z.object({
  cash: z.object({ pending_cents: z.number(), payable_cents: z.number() }),
  coin: z.object({ pending: z.number(), payable: z.number() }),
})
export type Balances = z.infer<typeof Balances>
/** Amounts of a balance: cash in cents, coins whole. */
const CashAndCoins = z.object({ cash_cents: z.number(), coins: z.number() })
export const BalancesReply = z.object({
  ...Balances.shape,
  /** The test money in the payable balances: booked by a development stand-in, never paid out. */
  test: CashAndCoins,
  /** What can be withdrawn: the payable balances less their test money. */
  withdrawable: CashAndCoins,
  withdrawal: z.object({
    methods: z.array(WithdrawalMethod),
    minimum_cents: z.number(),
    minimum_coins: z.number(),
    coins_per_dollar: z.number(),
    hold_days: z.number(),
  }),
})
export type BalancesReply = z.infer<typeof BalancesReply>
export const WithdrawalReply = z.object({
  success: z.boolean(),
  data: Withdrawal,
  balances: Balances,
})
export type WithdrawalReply = z.infer<typeof WithdrawalReply>

/** The ledger: every credit and debit of a member as its own row. Debits are negative. */
export const LedgerKind = z.enum(LEDGER_KINDS)
export type LedgerKind = z.infer<typeof LedgerKind>
export const LedgerCurrency = z.enum(['cash', 'coin'])
export const LedgerStatus = z.enum(STATUSES)
export type LedgerStatus = z.infer<typeof LedgerStatus>
export const LedgerEntry = z.object({
  id: z.number(),
  kind: LedgerKind,
  currency: LedgerCurrency,
  /** cents for cash, whole coins for coin; negative for a debit */
  amount: z.number(),
  status: LedgerStatus,
  /** the reason in plain words (English; the client may translate by kind) */
  reason: z.string(),
  store: z.nullable(z.object({ internal_name: z.string(), name: z.string(), logo_url: z.string() })),
  offer: z.nullable(z.string()),
  benefit_type: z.nullable(z.string()),
  /** ISO: when a pending or confirmed row is expected to become payable */
  expected_at: z.nullable(z.string()),
  created_at: z.string(),
  /** Test money: booked by a development stand-in; shown labelled "test", never paid out. */
  test: z.boolean(),
})
export type LedgerEntry = z.infer<typeof LedgerEntry>
export const LedgerFilter = z.object({
  currency: z.optional(LedgerCurrency),
  kind: z.optional(LedgerKind),
  status: z.optional(LedgerStatus),
})
export const LedgerQuery = z.object({
  ...LedgerFilter.shape,
  page: z.optional(int(1, 10_000)),
  per_page: z.optional(int(1, 100)),
})
export type LedgerQuery = z.infer<typeof LedgerQuery>
const Totals = z.object({ pending: z.number(), payable: z.number(), paid: z.number() })
/**
 * totals (over the member's rows of the asked kind, all statuses; without kind they equal
 * GET /api/account/balances): pending = pending and confirmed credits; payable = what can be withdrawn
 * (payable credits less withdrawals); paid = what was paid out.
 */
export const LedgerReply = z.object({
  ...paged(LedgerEntry).shape,
  totals: z.object({ cash: Totals, coin: Totals }),
})
export type LedgerReply = z.infer<typeof LedgerReply>

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

/** The live chat of /account/contact (SPEC 2.9). */
export * from './member/chat-contract'
