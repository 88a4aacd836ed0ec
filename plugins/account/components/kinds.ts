/**
 * The ledger's kinds and statuses as plain lists: the contract's enums are built from them, and the
 * screens read them here without loading zod. Coins have their own history (the coins plugin), so the
 * cash pages list no coin kind.
 */
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

const COIN_KINDS: readonly LedgerKindName[] = ['coin_survey', 'coin_offer', 'coin_reversal']
export const CASH_KINDS = LEDGER_KINDS.filter((k) => !COIN_KINDS.includes(k))

export const STATUSES = ['pending', 'confirmed', 'payable', 'paid', 'declined', 'reversed'] as const
