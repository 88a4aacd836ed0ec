import type { Services } from '../../services.ts'
import type { ConversionChange } from './hooks.ts'

/**
 * OWNED BY HELPER E (member sees it). Called after any call that returns ConversionChanges (postback,
 * report import, inquiry match, the payable job): notification centre rows and mails ("cash back
 * tracked", "confirmed", "reversed") in the member's language, with an unsubscribe link. Must never
 * throw into the caller (log and go on), and must be cheap for large batches.
 */
export async function afterCashbackChanges(_s: Services, _changes: ConversionChange[]): Promise<void> {}
