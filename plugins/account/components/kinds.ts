import type { LedgerKind, LedgerStatus } from '../contract'

/**
 * The ledger's kinds and statuses as plain lists (the contract's enums, without loading zod into the
 * screen). Coins have their own history (the coins plugin), so the cash pages list no coin kind.
 */
export const CASH_KINDS = [
  'cashback',
  'plus_rebate',
  'referral_bonus',
  'promo_credit',
  'gift_card',
  'withdrawal',
  'adjustment',
] as const satisfies readonly LedgerKind[]

export const STATUSES = [
  'pending',
  'confirmed',
  'payable',
  'paid',
  'declined',
  'reversed',
] as const satisfies readonly LedgerStatus[]
