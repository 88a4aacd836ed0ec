import type { Balances, LedgerKind, LedgerStatus } from '../../plugins/account/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { payLanderPromises } from './cashback/lander-promise.ts'
import { enqueue } from './job-queue.ts'

/**
 * The ledger (migration 003): every credit and debit of a member is one row, and every balance the API
 * shows is a sum over rows. The database sums the rows by currency, status and sign; `foldSums` is
 * the one definition of each balance:
 *
 * - pending: credits not yet payable (pending, confirmed);
 * - payable: what can be withdrawn: payable credits (and credits already paid out) less every debit
 *   that is not declined or reversed (a held withdrawal leaves the balance when it is asked for);
 * - paid: what was paid out (withdrawals the payout provider reported paid).
 */
const GROUPS_SQL = `SELECT currency, status, amount > 0 AS credit, kind = 'withdrawal' AS withdrawal, test,
    sum(amount)::int AS total, count(*)::int AS n
  FROM ledger WHERE user_id = $1 AND ($2::text IS NULL OR kind = $2::text)
  GROUP BY currency, status, amount > 0, kind = 'withdrawal', test`

interface Group {
  currency: 'cash' | 'coin'
  status: LedgerStatus
  credit: boolean
  withdrawal: boolean
  /** rows booked by a stand-in (test money) */
  test: boolean
  total: number
  n: number
}

export interface Sums {
  cash_pending: number
  cash_payable: number
  cash_paid: number
  coin_pending: number
  coin_payable: number
  coin_paid: number
  /** rows per `currency:status` (the history's count for a filter) */
  rows: Record<string, number>
  /** withdrawal rows still pending (held payouts, sent by the scheduled payout release) */
  held: number
  /** The test money in the payable balances (rows booked by a stand-in): never paid out. */
  cash_test: number
  coin_test: number
}

export function foldSums(groups: Group[]): Sums {
  const out: Sums = {
    cash_pending: 0,
    cash_payable: 0,
    cash_paid: 0,
    coin_pending: 0,
    coin_payable: 0,
    coin_paid: 0,
    rows: {},
    held: 0,
    cash_test: 0,
    coin_test: 0,
  }
  for (const g of groups) {
    const k = g.currency
    if (g.credit && (g.status === 'pending' || g.status === 'confirmed')) out[`${k}_pending`] += g.total
    if (
      g.credit
        ? g.status === 'payable' || g.status === 'paid'
        : g.status !== 'declined' && g.status !== 'reversed'
    ) {
      out[`${k}_payable`] += g.total
      if (g.test) out[`${k}_test`] += g.total
    }
    if (g.withdrawal && g.status === 'paid') out[`${k}_paid`] -= g.total
    if (g.withdrawal && g.status === 'pending') out.held += g.n
    out.rows[`${k}:${g.status}`] = (out.rows[`${k}:${g.status}`] ?? 0) + g.n
  }
  return out
}

/** A member's sums, read now (`kind`: of that kind's rows only). */
export async function sumsOf(db: Db, userId: number, kind: string | null = null): Promise<Sums> {
  return foldSums(await db.query<Group>(GROUPS_SQL, [userId, kind]))
}

/** How many rows of the sums match a currency and status filter (null: any). */
export const countOf = (s: Sums, currency: string | null, status: string | null) =>
  Object.entries(s.rows)
    .filter(([k]) => {
      const [c, st] = k.split(':')
      return (!currency || c === currency) && (!status || st === status)
    })
    .reduce((n, [, v]) => n + v, 0)

/**
 * What a member can withdraw: the payable balance less its test money (issue 25: money booked by a
 * development stand-in is never paid out), never below zero.
 */
export const withdrawableOf = (s: Sums) => ({
  cash_cents: Math.max(0, Math.min(s.cash_payable, s.cash_payable - s.cash_test)),
  coins: Math.max(0, Math.min(s.coin_payable, s.coin_payable - s.coin_test)),
})

export const toBalances = (s: Sums): Balances => ({
  cash: { pending_cents: s.cash_pending, payable_cents: s.cash_payable },
  coin: { pending: s.coin_pending, payable: s.coin_payable },
})

export interface NewRow {
  userId: number
  kind: LedgerKind
  currency: 'cash' | 'coin'
  amount: number
  status: LedgerStatus
  reason: string
  sourceRef: string
  storeId?: number | null
  offer?: string | null
  benefitType?: string | null
  orderAmountCents?: number | null
  expectedAt?: Date | string | null
  /** Test money: booked by a stand-in (development platform or provider, test-mode routes); never paid by a real provider. */
  test?: boolean
}

/**
 * Books one row. The source reference is unique: booking the same event again books nothing and
 * returns undefined (the caller tells a first booking from a repeat by the id).
 */
export async function book(db: Db, r: NewRow): Promise<number | undefined> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, store_id, offer, benefit_type,
       order_amount_cents, expected_at, test)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (source_ref) DO NOTHING RETURNING id`,
    [
      r.userId,
      r.kind,
      r.currency,
      r.amount,
      r.status,
      r.reason,
      r.sourceRef,
      r.storeId ?? null,
      r.offer ?? null,
      r.benefitType ?? null,
      r.orderAmountCents ?? null,
      r.expectedAt instanceof Date ? r.expectedAt.toISOString() : (r.expectedAt ?? null),
      r.test === true,
    ],
  )
  return row?.id
}

/**
 * The member-row locks of anything that moves a member's money (a withdrawal, an account merge): each
 * users row FOR UPDATE, lowest id first, so two of them never wait for each other in a circle. Returns
 * the ids that still exist (a member merged away meanwhile is gone).
 */
export async function lockMembers(tx: Db, ids: number[]): Promise<number[]> {
  const found: number[] = []
  for (const id of [...new Set(ids)].sort((a, b) => a - b))
    if (await tx.one('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id])) found.push(id)
  return found
}

/**
 * Referral bonuses (source 'referral:<referred id>'): the referrer of each of these members is credited
 * constants.referralBonusCents once that member has a confirmed (or later) cash back row. Call it after
 * any change that can confirm cash back; the unique source reference makes a second call book nothing.
 */
export async function creditReferrals(db: Db, referredIds: number[]): Promise<number[]> {
  if (!referredIds.length) return []
  const rows = await db.query<{ user_id: number }>(
    `INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, test)
     SELECT u.referred_by, 'referral_bonus', 'cash', $2::int, 'payable',
       'Referral bonus: ' || COALESCE(NULLIF(split_part(u.name, ' ', 1), ''), 'a friend') || '''s first cash back was confirmed',
       'referral:' || u.id,
       -- earned by test cash back only (a stand-in's): the bonus is test money too
       NOT EXISTS (SELECT 1 FROM ledger r WHERE r.user_id = u.id AND r.kind = 'cashback' AND NOT r.test
                   AND r.status IN ('confirmed', 'payable', 'paid'))
     FROM users u
     WHERE u.id = ANY($1::int[]) AND u.referred_by IS NOT NULL
       AND EXISTS (SELECT 1 FROM ledger l WHERE l.user_id = u.id AND l.kind = 'cashback'
                   AND l.status IN ('confirmed', 'payable', 'paid'))
     ON CONFLICT (source_ref) DO NOTHING RETURNING user_id`,
    [referredIds, constants.referralBonusCents],
  )
  return rows.map((r) => r.user_id)
}

/**
 * One step forward for a member's pending and confirmed cash credits (pending -> confirmed ->
 * payable), then the referral bonus and the lander's promised bonus their confirmed cash back may earn. Returns how many rows moved
 * and the referrers credited.
 */
export async function advanceCash(db: Db, userId: number): Promise<{ moved: number; credited: number[] }> {
  const moved = await db.query<{ id: number }>(
    `UPDATE ledger SET updated_at = now(),
       status = CASE status WHEN 'pending' THEN 'confirmed' ELSE 'payable' END,
       expected_at = CASE status WHEN 'pending' THEN expected_at END
     WHERE user_id = $1 AND currency = 'cash' AND amount > 0 AND status IN ('pending', 'confirmed')
     RETURNING id`,
    [userId],
  )
  const credited = await creditReferrals(db, [userId])
  // and the bonus a lander promised at sign-up (issue 26), like the conversions core does
  await payLanderPromises(db, [userId])
  return { moved: moved.length, credited }
}

/**
 * Ends the hold of the held payouts whose hold has ended, across members (`userId`: one member's only;
 * `all`: every held one, the test-mode routes): each becomes `sending`, with a one-off job
 * (`payout_send:<id>`, server/lib/payouts.ts) that sends it through the payout provider, or `review` when
 * it is worth more than constants.payouts.reviewAboveCents (staff approve it first). Its ledger row stays
 * pending until the provider reports the result. Scheduled work (server/lib/payout-release.ts) calls it,
 * never a read. Safe to run concurrently: the rows are taken with FOR UPDATE SKIP LOCKED and a payout
 * moves out of `held` once.
 */
export async function releaseDuePayouts(
  db: Db,
  opts: { userId?: number; all?: boolean } = {},
): Promise<{ released: number; ids: number[]; users: number[]; review: number[] }> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: number; user_id: number }>(
      `SELECT id, user_id FROM withdrawals
       WHERE status = 'held' AND ($1::int IS NULL OR user_id = $1) AND ($2::boolean OR release_at <= now())
       ORDER BY id FOR UPDATE SKIP LOCKED`,
      [opts.userId ?? null, opts.all === true],
    )
    if (!due.length) return { released: 0, ids: [], users: [], review: [] }
    const moved = await tx.query<{ id: number; user_id: number; status: string }>(
      `UPDATE withdrawals SET status = CASE WHEN value_cents > $2::int THEN 'review' ELSE 'sending' END
       WHERE id = ANY($1::int[]) AND status = 'held' RETURNING id, user_id, status`,
      [due.map((w) => w.id), constants.payouts.reviewAboveCents],
    )
    const sending = moved.filter((w) => w.status === 'sending')
    for (const w of sending)
      await enqueue(tx, 'payout_send', { key: `payout_send:${w.id}`, payload: { id: w.id } })
    return {
      released: sending.length,
      ids: sending.map((w) => w.id),
      users: [...new Set(moved.map((w) => w.user_id))],
      review: moved.filter((w) => w.status === 'review').map((w) => w.id),
    }
  })
}

/** One member's held payouts whose hold has ended (all of them with `all`, the test-mode advance). */
export async function releasePayouts(db: Db, userId: number, all = false): Promise<number> {
  return (await releaseDuePayouts(db, { userId, all })).released
}
