import type { Db } from '../../db/index.ts'
import type { StaffUser } from './session.ts'

/** Who did it: a staff member, or the command line (`npm run staff`). */
export type Actor = Pick<StaffUser, 'id' | 'email'> | { id: null; email: string }

/**
 * Writes one row of the append-only audit log (migration 024): who, what, on which target
 * ('<kind>:<id>', e.g. 'withdrawal:12', 'user:5', 'staff:3'), the before and the after. Call it with the
 * transaction of the action itself, so an action and its row are written together or not at all.
 */
export async function audit(
  db: Db,
  who: Actor,
  action: string,
  target: string | null,
  before: unknown = null,
  after: unknown = null,
): Promise<void> {
  await db.query(
    `INSERT INTO staff_audit (staff_id, actor, action, target, before, after) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      who.id,
      who.email,
      action,
      target,
      before === null ? null : JSON.stringify(before),
      after === null ? null : JSON.stringify(after),
    ],
  )
}
