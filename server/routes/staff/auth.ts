import type { FastifyInstance } from 'fastify'
import {
  AuditQuery,
  AuditReply,
  CreateStaffReply,
  CreateStaffRequest,
  StaffAccountReply,
  StaffAccountsReply,
  StaffIdParams,
  StaffMeReply,
  StaffOverviewReply,
  StaffSignInReply,
  StaffSignInRequest,
  TotpSetupReply,
  TotpVerifyRequest,
} from '../../../plugins/staff/shell/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import { fail, HttpError } from '../../lib/http.ts'
import { hashPassword, verifyPassword } from '../../lib/password.ts'
import { clear, hit } from '../../lib/ratelimit.ts'
import { route } from '../../lib/route.ts'
import { createStaff, disableStaff, listStaff, StaffEmailTaken } from '../../lib/staff/accounts.ts'
import { audit } from '../../lib/staff/audit.ts'
import { queueCounts } from '../../lib/staff/overview.ts'
import { staffRoute } from '../../lib/staff/route.ts'
import { endStaffSession, openStaffSession, type StaffRole } from '../../lib/staff/session.ts'
import { acceptTotp, newTotpSecret, totpEnrolment } from '../../lib/staff/totp.ts'
import type { Services } from '../../services.ts'

const C = constants.staff
const WINDOW = 15 * 60
/** One message for an unknown address, a wrong password, a disabled account and a wrong code. */
const GENERIC = 'That e-mail, password or code is not right.'

/**
 * Sign-in attempts of one address, constants.staff.signInAttemptsPer15Minutes for the password and as
 * many for the code; a full sign-in clears both.
 */
async function limit(s: Services, key: string, field: string) {
  const wait = await hit(s.db, key, C.signInAttemptsPer15Minutes, WINDOW)
  if (wait > 0) {
    throw new HttpError(
      429,
      { [field]: [`Too many attempts. Please wait ${Math.ceil(wait / 60)} minutes and try again.`] },
      { retry_after: wait },
      { [field]: 'too_many_attempts' },
    )
  }
}

const secureOf = (s: Services) => s.publicUrl.startsWith('https:')

/** Issue 28, the staff console: sign-in, second factor, sessions, staff accounts, the audit log (helper 1). */
export async function staffAuthRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'POST',
    url: '/api/staff/sign-in',
    tag: 'staff',
    summary:
      'Staff sign-in, first step: the password. Opens a password-stage session (cookie) that may only set up or give the second factor. One answer for an unknown address, a disabled account and a wrong password.',
    body: StaffSignInRequest,
    reply: StaffSignInReply,
    replies: { 422: 'staff_sign_in_failed', 429: 'too_many_attempts (per address)' },
    async handler({ body, reply }) {
      await limit(s, `staff:sign-in:${body.email.trim().toLowerCase()}`, 'email')
      const row = await s.db.one<{
        id: number
        password_hash: string
        must_change_password: boolean
        totp_confirmed_at: Date | null
      }>(
        `SELECT id, password_hash, must_change_password, totp_confirmed_at FROM staff
          WHERE lower(email) = lower($1) AND disabled_at IS NULL`,
        [body.email.trim()],
      )
      const ok = await verifyPassword(body.password, row?.password_hash)
      if (!row || !ok) throw fail(422, 'email', GENERIC, 'staff_sign_in_failed')
      await openStaffSession(s.db, reply, {
        staffId: row.id,
        stage: 'password',
        cookiePrefix: s.cookiePrefix,
        secure: secureOf(s),
      })
      return {
        stage: 'password' as const,
        must_change_password: row.must_change_password,
        totp_setup_needed: row.totp_confirmed_at === null,
      }
    },
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/totp/setup',
    tag: 'staff',
    summary:
      'First sign-in: a new TOTP secret (RFC 6238) as text, otpauth:// address and QR code (SVG). Only before the second factor is confirmed; asking again replaces the unconfirmed secret.',
    roles: 'any',
    stage: 'password',
    reply: TotpSetupReply,
    replies: { 409: 'totp_already_set' },
    async handler({ staff }) {
      if (staff.totpConfirmed)
        throw fail(409, 'code', 'Your second factor is already set up.', 'totp_already_set')
      const secret = newTotpSecret()
      await s.db.query('UPDATE staff SET totp_secret = $2 WHERE id = $1 AND totp_confirmed_at IS NULL', [
        staff.id,
        secret,
      ])
      return totpEnrolment(secret, staff.email)
    },
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/totp/verify',
    tag: 'staff',
    summary:
      'Staff sign-in, second step: a TOTP code (and, on the first sign-in, a new password of constants.staff.passwordMinLength or more). Opens the full session (12 h at most). A code signs in once.',
    roles: 'any',
    stage: 'password',
    body: TotpVerifyRequest,
    reply: StaffSignInReply,
    replies: {
      409: 'totp_setup_needed',
      422: 'staff_sign_in_failed (wrong code), totp_reused, password_required, password_too_short',
      429: 'too_many_attempts',
    },
    async handler({ body, staff, reply }) {
      await limit(s, `staff:code:${staff.email.toLowerCase()}`, 'code')
      if (staff.mustChangePassword) {
        const p = body.new_password ?? ''
        if (!p) throw fail(422, 'new_password', 'Choose a password of your own.', 'password_required')
        if (p.length < C.passwordMinLength)
          throw fail(
            422,
            'new_password',
            `Use at least ${C.passwordMinLength} characters.`,
            'password_too_short',
          )
      }
      const row = await s.db.one<{ totp_secret: string | null }>(
        'SELECT totp_secret FROM staff WHERE id = $1',
        [staff.id],
      )
      if (!row?.totp_secret) throw fail(409, 'code', 'Set up your second factor first.', 'totp_setup_needed')
      const checked = await acceptTotp(s.db, staff.id, row.totp_secret, body.code)
      if (checked === 'invalid') throw fail(422, 'code', GENERIC, 'staff_sign_in_failed')
      if (checked === 'reused')
        throw fail(422, 'code', 'That code was used already. Wait for the next one.', 'totp_reused')
      const hash = staff.mustChangePassword ? await hashPassword(body.new_password!) : null
      await s.db.transaction(async (tx) => {
        if (hash) {
          await tx.query('UPDATE staff SET password_hash = $2, must_change_password = false WHERE id = $1', [
            staff.id,
            hash,
          ])
          await audit(tx, staff, 'staff.password_change', `staff:${staff.id}`, null, null)
        }
        if (!staff.totpConfirmed) {
          await tx.query('UPDATE staff SET totp_confirmed_at = now() WHERE id = $1', [staff.id])
          await audit(
            tx,
            staff,
            'staff.totp_setup',
            `staff:${staff.id}`,
            { totp_confirmed: false },
            {
              totp_confirmed: true,
            },
          )
        }
        await tx.query('UPDATE staff_sessions SET ended_at = now() WHERE id = $1', [staff.sessionId])
        await audit(tx, staff, 'staff.sign_in', `staff:${staff.id}`, null, null)
      })
      await clear(s.db, `staff:sign-in:${staff.email.toLowerCase()}`)
      await clear(s.db, `staff:code:${staff.email.toLowerCase()}`)
      await openStaffSession(s.db, reply, {
        staffId: staff.id,
        stage: 'full',
        cookiePrefix: s.cookiePrefix,
        secure: secureOf(s),
      })
      return { stage: 'full' as const, must_change_password: false, totp_setup_needed: false }
    },
  })

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/me',
    tag: 'staff',
    summary:
      'The signed-in staff member, their session and the rules the console shows (also at the password stage).',
    roles: 'any',
    stage: 'password',
    reply: StaffMeReply,
    handler: ({ staff }) => ({
      data: {
        id: staff.id,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        stage: staff.stage,
        expires_at: staff.expiresAt.toISOString(),
        must_change_password: staff.mustChangePassword,
        totp_confirmed: staff.totpConfirmed,
        settings: {
          adjustment_approval_above_cents: C.adjustmentApprovalAboveCents,
          password_min_length: C.passwordMinLength,
          session_hours: C.sessionHours,
          chat_heartbeat_seconds: C.chatHeartbeatSeconds,
        },
      },
    }),
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/sign-out',
    tag: 'staff',
    summary: 'Ends the staff session and clears its cookie.',
    roles: 'any',
    stage: 'password',
    async handler({ staff, reply }) {
      await endStaffSession(s.db, reply, staff, s.cookiePrefix)
      return { success: true }
    },
  })

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/overview',
    tag: 'staff',
    summary: 'The waiting items of each queue the signed-in role may work (the console home).',
    roles: 'any',
    reply: StaffOverviewReply,
    handler: async ({ staff }) => ({ data: await queueCounts(s.db, staff.role) }),
  })

  const adminOnly: readonly StaffRole[] = []

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/accounts',
    tag: 'staff',
    summary: 'Admin: every staff account (enabled first).',
    roles: adminOnly,
    reply: StaffAccountsReply,
    handler: async () => ({ data: await listStaff(s.db) }),
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/accounts',
    tag: 'staff',
    summary:
      'Admin: a new staff account with a role. The reply carries its temporary password, shown once; the first sign-in sets a password and the second factor. Audited (staff.create).',
    roles: adminOnly,
    body: CreateStaffRequest,
    reply: CreateStaffReply,
    replies: { 409: 'staff_email_taken' },
    async handler({ body, staff, reply }) {
      try {
        const made = await createStaff(s.db, staff, body)
        reply.code(201)
        return { data: made.account, temporary_password: made.temporaryPassword }
      } catch (e) {
        if (e instanceof StaffEmailTaken)
          throw fail(409, 'email', 'A staff account with this e-mail exists.', 'staff_email_taken')
        throw e
      }
    },
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/accounts/:id/disable',
    tag: 'staff',
    summary:
      "Admin: disables a staff account; its sessions end at once. Not one's own. Audited (staff.disable).",
    roles: adminOnly,
    params: StaffIdParams,
    reply: StaffAccountReply,
    replies: { 404: 'not_found', 409: 'staff_self' },
    async handler({ params, staff }) {
      if (params.id === staff.id) throw fail(409, 'id', 'You cannot disable your own account.', 'staff_self')
      const account = await disableStaff(s.db, staff, params.id)
      if (!account) throw fail(404, 'id', 'No such staff account.')
      return { data: account }
    },
  })

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/audit',
    tag: 'staff',
    summary:
      'Admin: the audit log, newest first, constants.staff.auditPageSize a page; filter by staff (e-mail or part of it), action (or its area, "payout."), target and dates (UTC, both included).',
    roles: adminOnly,
    query: AuditQuery,
    reply: AuditReply,
    async handler({ query }) {
      const where: string[] = []
      const args: unknown[] = []
      const add = (sql: string, v: unknown) => {
        args.push(v)
        where.push(sql.replace('?', `$${args.length}`))
      }
      if (query.staff) add(`position(lower(?) in lower(actor)) > 0`, query.staff.trim())
      if (query.action)
        add(query.action.endsWith('.') ? 'starts_with(action, ?)' : 'action = ?', query.action.trim())
      if (query.target) add('target = ?', query.target.trim())
      if (query.from) add(`at >= (?::date)::timestamp AT TIME ZONE 'UTC'`, query.from)
      if (query.to) add(`at < ((?::date) + 1)::timestamp AT TIME ZONE 'UTC'`, query.to)
      const w = where.length ? `WHERE ${where.join(' AND ')}` : ''
      const per = C.auditPageSize
      const page = query.page ?? 1
      const total =
        (await s.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit ${w}`, args))?.n ?? 0
      const rows = await s.db.query<{
        id: number
        staff_id: number | null
        actor: string
        action: string
        target: string | null
        before: unknown
        after: unknown
        at: Date
      }>(
        `SELECT id, staff_id, actor, action, target, before, after, at FROM staff_audit ${w}
          ORDER BY at DESC, id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`,
        args,
      )
      return {
        data: rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() })),
        page,
        per_page: per,
        total,
        has_more: page * per < total,
      }
    },
  })
}
