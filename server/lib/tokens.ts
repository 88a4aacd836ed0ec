import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'

const sha = (t: string) => createHash('sha256').update(t).digest('hex')

/** email_change: the link mailed to a new address; email_undo: the undo link mailed to the old one. */
export type OneTimeKind = 'verify' | 'reset' | 'email_change' | 'email_undo'

/** A one-time token for verify or reset links; only its hash is stored. */
export async function createOneTime(
  db: Db,
  kind: OneTimeKind,
  userId: number,
  email: string,
  ttlMinutes: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `INSERT INTO one_time_tokens (token_hash, kind, user_id, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [sha(token), kind, userId, email.toLowerCase(), ttlMinutes],
  )
  return token
}

/** Marks the token used and returns its user, or undefined when unknown, used, expired or of another kind. */
export async function consumeOneTime(
  db: Db,
  kind: OneTimeKind,
  token: string,
  email?: string,
): Promise<{ user_id: number; email: string } | undefined> {
  const row = await db.one<{ user_id: number; email: string }>(
    `UPDATE one_time_tokens SET used_at = now()
     WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
       AND ($3::text IS NULL OR email = lower($3::text))
     RETURNING user_id, email`,
    [sha(token), kind, email ?? null],
  )
  return row
}
