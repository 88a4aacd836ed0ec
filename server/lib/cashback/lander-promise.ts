import landersJson from '../../../config/landers.json'
import type { Db } from '../../db/index.ts'

/**
 * The bonus a lander promises (issue 26 item 4): its offer's first-order cash back (`firstOrderCashback`),
 * or the wheel's prize (`cashbackOverride`, which the wheel always stops at: the lander's terms and the
 * wheel both show `cashbackOverride ?? firstOrderCashback`). Recorded at sign-up from the lander id the
 * client sends (users.lander_promise): the amount is always this server's reading of config/landers.json,
 * never a figure from the client. Paid with the member's first confirmed cash back.
 */
export interface LanderPromise {
  lander: string
  kind: 'firstOrderCashback' | 'cashbackOverride'
  cents: number
}

interface LanderOffer {
  firstOrderCashback?: number
  cashbackOverride?: number
}
const landers = (landersJson as { landers: { id: string; offer?: LanderOffer }[] }).landers

/** What a lander promises (null: an unknown lander, or one that promises no cash back). */
export function landerPromiseOf(landerId: string | undefined | null): LanderPromise | null {
  if (!landerId) return null
  const offer = landers.find((l) => l.id === landerId)?.offer
  if (!offer) return null
  const kind =
    offer.cashbackOverride !== undefined
      ? 'cashbackOverride'
      : offer.firstOrderCashback !== undefined
        ? 'firstOrderCashback'
        : null
  if (!kind) return null
  const cents = Math.round((offer[kind] ?? 0) * 100)
  return cents > 0 ? { lander: landerId, kind, cents } : null
}

/** Records what the lander a new member signed up on promised (nothing for no lander or no promise). */
export async function recordLanderPromise(db: Db, userId: number, landerId: string | undefined | null) {
  const promise = landerPromiseOf(landerId)
  if (!promise) return null
  await db.query('UPDATE users SET lander_promise = $2::jsonb WHERE id = $1 AND lander_promise IS NULL', [
    userId,
    JSON.stringify(promise),
  ])
  return promise
}

/**
 * Pays the bonus a lander promised at sign-up (users.lander_promise) to each of these members who now
 * has a confirmed (or later) cash back row: one payable cash row, source 'lander:<user id>', so a
 * second call (or 50 at once, on PostgreSQL too: the unique source reference) books nothing. Test money
 * when only test cash back earned it (as creditReferrals). Called by the conversions core in the same
 * transaction as creditReferrals. Returns the members paid.
 */
export async function payLanderPromises(db: Db, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return []
  const rows = await db.query<{ user_id: number }>(
    `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, test)
     SELECT u.id, 'promo_credit', 'cash', (u.lander_promise->>'cents')::int, 'payable',
       'First-order cash back bonus promised at sign-up', 'lander:' || u.id,
       NOT EXISTS (SELECT 1 FROM ledger r WHERE r.user_id = u.id AND r.kind = 'cashback' AND NOT r.test
                   AND r.amount > 0 AND r.status IN ('confirmed', 'payable', 'paid'))
     FROM users u
     WHERE u.id = ANY($1::int[]) AND u.lander_promise IS NOT NULL
       AND (u.lander_promise->>'cents')::int > 0
       AND EXISTS (SELECT 1 FROM ledger l WHERE l.user_id = u.id AND l.kind = 'cashback' AND l.amount > 0
                   AND l.status IN ('confirmed', 'payable', 'paid'))
     ON CONFLICT (source_ref) DO NOTHING RETURNING user_id`,
    [userIds],
  )
  return rows.map((r) => r.user_id)
}
