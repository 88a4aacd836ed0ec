import type { Adjustment } from '../../../plugins/staff/members/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import type { Services } from '../../services.ts'
import { fail } from '../http.ts'
import { book, lockMembers, sumsOf } from '../ledger.ts'
import { isoOf, isoOrNull } from '../present.ts'
import { audit } from './audit.ts'
import type { StaffUser } from './session.ts'

/**
 * Manual cash adjustments (issue 28, migration 027): a staff member books one through the ledger with a
 * reason (kind 'adjustment', source_ref 'adjustment:<id>'). Above constants.staff.adjustmentApprovalAboveCents
 * (the absolute amount) it waits for a second staff member, not the requester, to approve it (four eyes).
 * Every step is audited in its own transaction.
 */

interface AdjustmentRow {
  id: number
  user_id: number
  member_email: string
  amount_cents: number
  reason: string
  status: Adjustment['status']
  requested_by: number
  requester_email: string
  decided_by: number | null
  decider_email: string | null
  decision_reason: string | null
  ledger_id: number | null
  created_at: Date
  decided_at: Date | null
}

const SELECT = `SELECT a.id, a.user_id, u.email AS member_email, a.amount_cents, a.reason, a.status,
    a.requested_by, r.email AS requester_email, a.decided_by, d.email AS decider_email, a.decision_reason,
    a.ledger_id, a.created_at, a.decided_at
  FROM staff_adjustments a JOIN users u ON u.id = a.user_id JOIN staff r ON r.id = a.requested_by
  LEFT JOIN staff d ON d.id = a.decided_by`

export const toAdjustment = (a: AdjustmentRow): Adjustment => ({
  id: a.id,
  member: { id: a.user_id, email: a.member_email },
  amount_cents: a.amount_cents,
  reason: a.reason,
  status: a.status,
  requested_by: { id: a.requested_by, email: a.requester_email },
  decided_by: a.decided_by === null ? null : { id: a.decided_by, email: a.decider_email ?? '' },
  decision_reason: a.decision_reason,
  ledger_id: a.ledger_id,
  created_at: isoOf(a.created_at),
  decided_at: isoOrNull(a.decided_at),
})

/** Whether an adjustment of this amount waits for a second staff member. */
export const needsSecondApprover = (amountCents: number) =>
  Math.abs(amountCents) > constants.staff.adjustmentApprovalAboveCents

export async function adjustmentById(db: Db, id: number): Promise<Adjustment | undefined> {
  const row = await db.one<AdjustmentRow>(`${SELECT} WHERE a.id = $1`, [id])
  return row && toAdjustment(row)
}

/** A member's adjustments (newest first), or the pending ones of every member (oldest first). */
export async function listAdjustments(
  db: Db,
  f: { userId?: number; status?: Adjustment['status'] },
): Promise<Adjustment[]> {
  const rows = await db.query<AdjustmentRow>(
    `${SELECT} WHERE ($1::int IS NULL OR a.user_id = $1) AND ($2::text IS NULL OR a.status = $2::text)
     ORDER BY ${f.userId ? 'a.id DESC' : 'a.created_at, a.id'} LIMIT 200`,
    [f.userId ?? null, f.status ?? null],
  )
  return rows.map(toAdjustment)
}

/**
 * Books the adjustment's ledger row under the member's lock. A debit may not take the member's payable
 * cash below zero (409 balance_too_low). Returns the ledger row's id.
 */
async function bookAdjustment(
  tx: Db,
  a: { id: number; user_id: number; amount_cents: number; reason: string },
) {
  await lockMembers(tx, [a.user_id])
  if (a.amount_cents < 0) {
    const sums = await sumsOf(tx, a.user_id)
    if (sums.cash_payable + a.amount_cents < 0)
      throw fail(
        409,
        'amount_cents',
        "The debit is more than the member's payable balance.",
        'balance_too_low',
      )
  }
  const ledgerId = await book(tx, {
    userId: a.user_id,
    kind: 'adjustment',
    currency: 'cash',
    amount: a.amount_cents,
    status: 'payable',
    reason: a.reason,
    sourceRef: `adjustment:${a.id}`,
  })
  // the unique source reference: a second booking of one adjustment books nothing
  if (ledgerId === undefined)
    throw fail(409, 'adjustment', 'This adjustment is already booked.', 'adjustment_decided')
  await tx.query('UPDATE staff_adjustments SET ledger_id = $2 WHERE id = $1', [a.id, ledgerId])
  return ledgerId
}

/**
 * A staff member asks for an adjustment: at or under the threshold it is booked at once
 * ('adjustment.book'); above it waits for a second staff member ('adjustment.request').
 */
export async function requestAdjustment(
  s: Services,
  staff: StaffUser,
  userId: number,
  amountCents: number,
  reason: string,
): Promise<Adjustment> {
  const id = await s.sessions.changing(userId, async (tx) => {
    if (!(await tx.one('SELECT 1 FROM users WHERE id = $1', [userId])))
      throw fail(404, 'member', 'There is no member with this id.', 'member_not_found')
    const a = (await tx.one<{ id: number; user_id: number; amount_cents: number; reason: string }>(
      `INSERT INTO staff_adjustments (user_id, amount_cents, reason, requested_by) VALUES ($1, $2, $3, $4)
       RETURNING id, user_id, amount_cents, reason`,
      [userId, amountCents, reason, staff.id],
    ))!
    const waits = needsSecondApprover(amountCents)
    const after: Record<string, unknown> = {
      user_id: userId,
      amount_cents: amountCents,
      reason,
      status: 'pending',
    }
    if (!waits) {
      await tx.query(
        `UPDATE staff_adjustments SET status = 'booked', decided_by = $2, decided_at = now() WHERE id = $1`,
        [a.id, staff.id],
      )
      Object.assign(after, { status: 'booked', ledger_id: await bookAdjustment(tx, a) })
    }
    await audit(
      tx,
      staff,
      waits ? 'adjustment.request' : 'adjustment.book',
      `adjustment:${a.id}`,
      null,
      after,
    )
    return a.id
  })
  return (await adjustmentById(s.db, id))!
}

/**
 * Why a pending decision could not be made: no such adjustment (404), the requester's own (403, four
 * eyes), or already decided (409).
 */
async function refusal(db: Db, id: number, staff: StaffUser): Promise<never> {
  const a = await db.one<{ status: string; requested_by: number }>(
    'SELECT status, requested_by FROM staff_adjustments WHERE id = $1',
    [id],
  )
  if (!a) throw fail(404, 'adjustment', 'There is no such adjustment.', 'adjustment_not_found')
  if (a.status !== 'pending')
    throw fail(409, 'adjustment', 'This adjustment was already decided.', 'adjustment_decided')
  if (a.requested_by === staff.id)
    throw fail(
      403,
      'adjustment',
      'A second staff member must approve your own request.',
      'adjustment_own_request',
    )
  throw fail(409, 'adjustment', 'This adjustment was already decided.', 'adjustment_decided')
}

/**
 * A second staff member decides a pending adjustment, once: the UPDATE takes it only while it is pending
 * and not the decider's own request, so of any number of concurrent approvals one books.
 */
export async function decideAdjustment(
  s: Services,
  staff: StaffUser,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<Adjustment> {
  const userId = (
    await s.db.one<{ user_id: number }>('SELECT user_id FROM staff_adjustments WHERE id = $1', [id])
  )?.user_id
  if (userId === undefined) return refusal(s.db, id, staff)
  const done = await s.sessions.changing(userId, async (tx) => {
    const a = await tx.one<{ id: number; user_id: number; amount_cents: number; reason: string }>(
      `UPDATE staff_adjustments SET status = $3, decided_by = $2, decided_at = now(), decision_reason = $4
       WHERE id = $1 AND status = 'pending' AND requested_by <> $2
       RETURNING id, user_id, amount_cents, reason`,
      [id, staff.id, decision.approve ? 'booked' : 'rejected', decision.approve ? null : decision.reason],
    )
    if (!a) return false
    const after: Record<string, unknown> = { status: decision.approve ? 'booked' : 'rejected' }
    if (decision.approve) after.ledger_id = await bookAdjustment(tx, a)
    else after.reason = decision.reason
    await audit(
      tx,
      staff,
      decision.approve ? 'adjustment.approve' : 'adjustment.reject',
      `adjustment:${id}`,
      { status: 'pending', user_id: a.user_id, amount_cents: a.amount_cents },
      after,
    )
    return true
  })
  if (!done) return refusal(s.db, id, staff)
  return (await adjustmentById(s.db, id))!
}
