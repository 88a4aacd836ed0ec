import { z } from 'zod/mini'
import { int, paged } from './contract-helpers'

/**
 * The money of a member (ARCHITECTURE "The money loop"): the ledger, the balances summed over it and
 * the withdrawals. The account plugin's routes answer these calls (its contract re-exports them), and
 * the coins plugin reads the coin rows and withdraws coins through the same calls; neither may import
 * the other, so the core's node-safe public module owns the shapes (issue 32), as it owns the ledger.
 */

/** The ledger's kinds and statuses as plain lists (the screens read them without zod). */
export const LEDGER_KINDS = [
  'cashback',
  'coin_survey',
  'coin_offer',
  'coin_reversal',
  'plus_rebate',
  'referral_bonus',
  'promo_credit',
  'gift_card',
  'withdrawal',
  'adjustment',
  'protection_refund',
] as const
export type LedgerKindName = (typeof LEDGER_KINDS)[number]
export const LEDGER_STATUSES = ['pending', 'confirmed', 'payable', 'paid', 'declined', 'reversed'] as const

export const Withdrawal = z.object({
  id: z.number(),
  kind: z.enum(['cash', 'coin']),
  amount: z.number(),
  method: z.string(),
  destination: z.string(),
  /**
   * held (first payout to new details, until release_at), review (waits for staff), sending, sent (the
   * payout provider has it), paid, failed (returned to the balance), rejected (by staff, returned), or
   * declined (older rows). WITHDRAWAL_STATUSES.
   */
  status: z.string(),
  /** When a held payout to new payout details is sent; null when it was not held. */
  release_at: z.nullable(z.string()),
  created_at: z.string(),
  /** Paid by the development payout provider with test money (a stand-in: nothing really moved). */
  test: z.optional(z.boolean()),
  /** Why a failed or rejected payout was returned (the provider's or the staff's words). */
  failure_reason: z.optional(z.nullable(z.string())),
  /** A gift-card withdrawal: the code of the card issued (its brand is the destination). */
  gift_card_code: z.optional(z.nullable(z.string())),
})
/** The statuses of a payout, in the order they come. */
export const WITHDRAWAL_STATUSES = [
  'held',
  'review',
  'sending',
  'sent',
  'paid',
  'failed',
  'rejected',
  'declined',
] as const
export type Withdrawal = z.infer<typeof Withdrawal>
export const WithdrawalsReply = paged(Withdrawal)
export type WithdrawalsReply = z.infer<typeof WithdrawalsReply>
export const WithdrawalMethod = z.enum(['paypal', 'bank', 'giftcard'])
export type WithdrawalMethod = z.infer<typeof WithdrawalMethod>
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
    /**
     * The payout provider pays test money (the development payout provider, a stand-in: nothing really
     * moves); then `withdrawable` is the whole payable balance and a payout that uses test money is marked test.
     */
    pays_test_money: z.optional(z.boolean()),
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
export const LedgerStatus = z.enum(LEDGER_STATUSES)
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
