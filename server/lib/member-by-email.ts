import type { Db } from '../db/index.ts'
import { fail } from './http.ts'

/**
 * The id of the member with this e-mail (any case), for the test-mode routes that act on a member by
 * e-mail; 404 `not_found` on the e-mail field when no member has it.
 */
export async function memberIdByEmail(db: Db, email: string): Promise<number> {
  const u = await db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email])
  if (!u) throw fail(404, 'email', 'No member has this email.', 'not_found')
  return u.id
}
