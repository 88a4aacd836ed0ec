import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { parseCookies } from '../http.ts'

export type StaffRole = 'support' | 'finance' | 'admin'
export const STAFF_ROLES: readonly StaffRole[] = ['support', 'finance', 'admin']

/** A signed-in staff member as a route sees them. */
export interface StaffUser {
  id: number
  email: string
  name: string
  role: StaffRole
  /** 'password': only the second factor may be set up or given; 'full': may work. */
  stage: 'password' | 'full'
  /** The session's id (the sha-256 of its token): sign-out ends it. */
  sessionId: string
  expiresAt: Date
  mustChangePassword: boolean
  totpConfirmed: boolean
}

/** The staff cookie's name: the environment's cookie prefix (config/app.json) and 'staff_session'. */
export const staffCookieName = (cookiePrefix: string) => `${cookiePrefix}staff_session`

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Opens a staff session (stage 'password' after the password, 'full' after the second factor) and
 * sets its HttpOnly, SameSite=Strict cookie on /api/staff. A session lives at most
 * constants.staff.sessionHours; moving from 'password' to 'full' opens a new one (a new token).
 */
export async function openStaffSession(
  db: Db,
  reply: FastifyReply,
  o: { staffId: number; stage: 'password' | 'full'; cookiePrefix: string; secure: boolean },
): Promise<{ expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const hours = o.stage === 'full' ? constants.staff.sessionHours : 0.25
  const row = await db.one<{ expires_at: Date }>(
    `INSERT INTO staff_sessions (id, staff_id, stage, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [hashOf(token), o.staffId, o.stage, Math.round(hours * 3600)],
  )
  const expiresAt = new Date(row!.expires_at)
  reply.header(
    'Set-Cookie',
    `${staffCookieName(o.cookiePrefix)}=${token}; Path=/api/staff; HttpOnly; SameSite=Strict; Max-Age=${Math.round(hours * 3600)}${o.secure ? '; Secure' : ''}`,
  )
  return { expiresAt }
}

/** Ends the request's staff session and clears its cookie. */
export async function endStaffSession(db: Db, reply: FastifyReply, who: StaffUser, cookiePrefix: string) {
  await db.query('UPDATE staff_sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL', [
    who.sessionId,
  ])
  reply.header(
    'Set-Cookie',
    `${staffCookieName(cookiePrefix)}=; Path=/api/staff; HttpOnly; SameSite=Strict; Max-Age=0`,
  )
}

/** Ends every open session of a staff member (disabled, or a new password). */
export const endAllStaffSessions = (db: Db, staffId: number) =>
  db.query('UPDATE staff_sessions SET ended_at = now() WHERE staff_id = $1 AND ended_at IS NULL', [staffId])

/** The staff member of the request's staff cookie: an open, unexpired session of an enabled account. */
export async function staffFromRequest(
  db: Db,
  req: FastifyRequest,
  cookiePrefix: string,
): Promise<StaffUser | undefined> {
  const token = parseCookies(req.headers.cookie)[staffCookieName(cookiePrefix)]
  if (!token || token.length > 200) return undefined
  const r = await db.one<{
    id: number
    email: string
    name: string
    role: StaffRole
    stage: 'password' | 'full'
    session_id: string
    expires_at: Date
    must_change_password: boolean
    totp_confirmed_at: Date | null
  }>(
    `SELECT s.id, s.email, s.name, s.role, ss.stage, ss.id AS session_id, ss.expires_at, s.must_change_password,
            s.totp_confirmed_at
       FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id
      WHERE ss.id = $1 AND ss.ended_at IS NULL AND ss.expires_at > now() AND s.disabled_at IS NULL`,
    [hashOf(token)],
  )
  if (!r) return undefined
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    stage: r.stage,
    sessionId: r.session_id,
    expiresAt: new Date(r.expires_at),
    mustChangePassword: r.must_change_password,
    totpConfirmed: r.totp_confirmed_at !== null,
  }
}
