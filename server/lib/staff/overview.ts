import { queuesOf, type StaffQueue } from '../../../plugins/staff/shell/contract.ts'
import type { Db } from '../../db/index.ts'
import type { StaffRole } from './session.ts'

/** The waiting items of each queue, read straight from the tables (a queue whose table is missing counts 0). */
const COUNTS: Record<StaffQueue, string> = {
  payouts: `SELECT count(*)::int AS n FROM withdrawals WHERE status = 'review'`,
  claims: `SELECT count(*)::int AS n FROM rebate_claims WHERE status = 'in_review'`,
  inquiries: `SELECT count(*)::int AS n FROM cashback_inquiries WHERE status = 'under_review'`,
  // the claims the watcher cannot settle: filed on an account whose token no longer works
  protection: `SELECT count(*)::int AS n FROM protection_claims c JOIN protection_orders o ON o.id = c.order_id
    JOIN linked_accounts la ON la.id = o.linked_account_id
    WHERE c.status = 'filed' AND (la.status <> 'connected' OR la.token_ciphertext IS NULL)`,
  // waiting: open and no agent has taken it (migration 026)
  chat: `SELECT count(*)::int AS n FROM chat_conversations WHERE status = 'open' AND agent_id IS NULL`,
  adjustments: `SELECT count(*)::int AS n FROM staff_adjustments WHERE status = 'pending'`,
}
const TABLES: Record<StaffQueue, string> = {
  payouts: 'withdrawals',
  claims: 'rebate_claims',
  inquiries: 'cashback_inquiries',
  protection: 'protection_claims',
  chat: 'chat_conversations',
  adjustments: 'staff_adjustments',
}

/** The home page's counts for a role. */
export async function queueCounts(db: Db, role: StaffRole) {
  const out: { queue: StaffQueue; count: number }[] = []
  for (const queue of queuesOf(role)) {
    const exists = await db.one<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [TABLES[queue]])
    out.push({ queue, count: exists?.t ? ((await db.one<{ n: number }>(COUNTS[queue]))?.n ?? 0) : 0 })
  }
  return out
}
