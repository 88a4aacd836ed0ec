import { LEDGER_KINDS, LEDGER_STATUSES, type LedgerKindName } from '@core'

/**
 * The ledger's kinds and statuses as the cash pages list them (the lists are the core's, the ledger's
 * shapes being shared with the coins plugin). Coins have their own history (the coins plugin), so the
 * cash pages list no coin kind.
 */

const COIN_KINDS: readonly LedgerKindName[] = ['coin_survey', 'coin_offer', 'coin_reversal']
export const CASH_KINDS = LEDGER_KINDS.filter((k) => !COIN_KINDS.includes(k))

export const STATUSES = LEDGER_STATUSES
