import type { Db } from '../../db/index.ts'

/**
 * OWNED BY HELPER D. Pays the bonus a lander promised at sign-up (users.lander_promise) to each of these
 * members who now has a confirmed (or later) cash back row; source 'lander:<user id>' (once). Called by
 * the conversions core in the same transaction as creditReferrals. Returns the members paid.
 */
export async function payLanderPromises(_db: Db, _userIds: number[]): Promise<number[]> {
  return []
}
