import type { Db } from '../../db/index.ts'
import type { Services } from '../../services.ts'

/**
 * The seams of the cash back loop (issue 26) between its parts. Each function here is owned by one part
 * and called by another; see the comments.
 */

/** One change of a conversion that a member sees (books or moves ledger rows). */
export interface ConversionChange {
  conversionId: number
  userId: number
  storeId: number
  change: 'tracked' | 'confirmed' | 'payable' | 'reversed'
  cashbackCents: number
  /** booked by the development network: test money */
  test: boolean
}
