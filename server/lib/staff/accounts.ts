import { randomBytes } from 'node:crypto'
import type { StaffAccount } from '../../../plugins/staff/shell/contract.ts'
import type { Db } from '../../db/index.ts'
import { hashPassword } from '../password.ts'
import { type Actor, audit } from './audit.ts'
import { endAllStaffSessions, type StaffRole } from './session.ts'

interface StaffRow {
  id: number
  email: string
  name: string
  role: StaffRole
  totp_confirmed_at: Date | null
  must_change_password: boolean
  disabled_at: Date | null
  created_at: Date
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

/** A staff row as the console shows it (no hash, no secret). */
export const toStaffAccount = (r: StaffRow): StaffAccount => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  totp_confirmed: r.totp_confirmed_at !== null,
  must_change_password: r.must_change_password,
  disabled_at: iso(r.disabled_at),
  created_at: iso(r.created_at)!,
})

const COLUMNS = 'id, email, name, role, totp_confirmed_at, must_change_password, disabled_at, created_at'

export const listStaff = async (db: Db) =>
  (
    await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff ORDER BY disabled_at IS NOT NULL, lower(email)`)
  ).map(toStaffAccount)

/** A temporary password: 18 random bytes, base64url (24 characters, over constants.staff.passwordMinLength). */
const temporaryPassword = () => randomBytes(18).toString('base64url')

/** The address is taken (another staff account, enabled or not). */
export class StaffEmailTaken extends Error {}

/**
 * A new staff account with a temporary password (shown once to whoever made it: the command line or
 * an admin) that must be changed, and no second factor yet: both are set on the first sign-in.
 * Audited ('staff.create') in the same transaction.
 */
export async function createStaff(
  db: Db,
  actor: Actor,
  o: { email: string; name: string; role: StaffRole },
): Promise<{ account: StaffAccount; temporaryPassword: string }> {
  const password = temporaryPassword()
  const hash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const row = await tx.one<StaffRow>(
      `INSERT INTO staff (email, name, role, password_hash, must_change_password, created_by)
       VALUES ($1, $2, $3, $4, true, $5) ON CONFLICT ((lower(email))) DO NOTHING RETURNING ${COLUMNS}`,
      [o.email.trim(), o.name.trim(), o.role, hash, actor.id],
    )
    if (!row) throw new StaffEmailTaken(o.email)
    const account = toStaffAccount(row)
    await audit(tx, actor, 'staff.create', `staff:${row.id}`, null, {
      email: account.email,
      name: account.name,
      role: account.role,
    })
    return { account, temporaryPassword: password }
  })
}

/** Disables an account (its sessions end at once); undefined when there is no such account. Audited. */
export async function disableStaff(db: Db, actor: Actor, id: number): Promise<StaffAccount | undefined> {
  return db.transaction(async (tx) => {
    const before = await tx.one<StaffRow>(`SELECT ${COLUMNS} FROM staff WHERE id = $1 FOR UPDATE`, [id])
    if (!before) return undefined
    if (before.disabled_at) return toStaffAccount(before)
    const row = await tx.one<StaffRow>(
      `UPDATE staff SET disabled_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id],
    )
    await endAllStaffSessions(tx, id)
    await audit(
      tx,
      actor,
      'staff.disable',
      `staff:${id}`,
      { disabled_at: null },
      { disabled_at: iso(row!.disabled_at) },
    )
    return toStaffAccount(row!)
  })
}
