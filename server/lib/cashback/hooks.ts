/**
 * The shape that passes between the parts of the cash back loop (issue 26): the conversions core returns
 * it, the notifications, the inquiry match and the payable job take it.
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
