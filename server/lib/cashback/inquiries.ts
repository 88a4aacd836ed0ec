import type { Db } from '../../db/index.ts'
import type { ConversionChange } from './hooks.ts'

/**
 * OWNED BY HELPER D (missing cash back). Matches open inquiries against parked conversions (all open
 * ones, or those of the given parked conversion ids: called after every postback or report that parked
 * conversions). Returns the changes booked by matches.
 */
export async function matchInquiries(
  _db: Db,
  _opts: { conversionIds?: number[]; inquiryIds?: number[] } = {},
): Promise<ConversionChange[]> {
  return []
}
