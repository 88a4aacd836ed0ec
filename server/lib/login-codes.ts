import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'

/**
 * One-time sign-in codes (issue 16 for deep links, issue 25 for every link that signs in): a link
 * carries such a code, never the login token. 32 random bytes, base64url; only a SHA-256 hash is
 * stored (table login_codes); a code is exchanged at most once, before it expires.
 */

const sha256 = (code: string) => createHash('sha256').update(code).digest('hex')

export async function issueLoginCode(
  db: Db,
  userId: number,
  minutes: number,
): Promise<{ code: string; expires_at: string }> {
  const code = randomBytes(32).toString('base64url')
  const row = await db.one<{ expires_at: Date | string }>(
    `INSERT INTO login_codes (hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(mins => $3)) RETURNING expires_at`,
    [sha256(code), userId, minutes],
  )
  return { code, expires_at: new Date(row!.expires_at).toISOString() }
}

/** The member of a valid code, marking it used; undefined when unknown, used or expired. */
export async function takeLoginCode(db: Db, code: string): Promise<number | undefined> {
  // one statement: of concurrent exchanges of one code, exactly one gets the row
  const used = await db.one<{ user_id: number }>(
    `UPDATE login_codes SET used_at = now()
     WHERE hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [sha256(code)],
  )
  return used?.user_id
}
