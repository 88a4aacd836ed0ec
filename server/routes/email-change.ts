import type { FastifyInstance } from 'fastify'
import { EmailChangeReply, OneTimeLinkRequest } from '../../plugins/auth/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { fail, HttpError } from '../lib/http.ts'
import { sendMemberMail } from '../lib/member-mail.ts'
import { toUser } from '../lib/present.ts'
import { hit } from '../lib/ratelimit.ts'
import { memberRoute, route } from '../lib/route.ts'
import type { SessionUser, UserRow } from '../lib/session.ts'
import { consumeOneTime, createOneTime } from '../lib/tokens.ts'
import type { Services } from '../services.ts'

/**
 * Issue 25: changing the sign-in address. POST /api/set-email only records the new address as
 * pending and mails it a link; the address switches when that link is opened (every session is then
 * signed out). The old address is told at once, with an undo link that cancels a pending change or
 * restores the old address after the switch, and signs out every session.
 */

const C = constants.emailChange
const LINK_INVALID = 'This link is invalid or has expired.'
const TAKEN = 'The email has already been taken.'

/**
 * An address a member gave up by an email change stays theirs while its undo link works: nobody can
 * register it or switch to it, or a taker could block the undo by taking the freed address.
 */
export async function addressReserved(db: Db, email: string, exceptUserId = 0): Promise<boolean> {
  return !!(await db.one(
    `SELECT 1 FROM one_time_tokens WHERE kind = 'email_undo' AND email = lower($1) AND used_at IS NULL
       AND expires_at > now() AND user_id <> $2`,
    [email, exceptUserId],
  ))
}

/** Marks the member's unused links of a kind as used (a newer link, a cancel or an undo replaces them). */
async function dropLinks(s: Services, userId: number, kind: 'email_change' | 'email_undo') {
  await s.db.query(
    'UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND kind = $2 AND used_at IS NULL',
    [userId, kind],
  )
}

async function limitResends(s: Services, userId: number) {
  const wait = await hit(s.db, `email-change:${userId}`, C.resendPerHour, 3600)
  if (wait > 0)
    throw new HttpError(
      429,
      { email: [`Too many attempts. Please wait ${Math.ceil(wait / 60)} minutes and try again.`] },
      { retry_after: wait },
      { email: 'too_many_attempts' },
    )
}

/** Mails the new address its one-time link (the older links of the member stop working). */
async function sendConfirmLink(s: Services, userId: number, email: string) {
  await dropLinks(s, userId, 'email_change')
  const token = await createOneTime(s.db, 'email_change', userId, email, C.confirmLinkMinutes)
  const url = `${s.publicUrl}/email/confirm/${token}`
  const days = Math.round(C.confirmLinkMinutes / 1440)
  // to the new address, in the member's language (issue 27)
  await sendMemberMail(
    s,
    userId,
    (t) => ({
      to: email,
      subject: t('mail-account:emailConfirm.subject'),
      body: t('mail-account:emailConfirm.body', { email, url, days }),
      links: [{ label: t('mail-account:emailConfirm.label'), url }],
    }),
    { to: email },
  )
}

/**
 * POST /api/set-email once the 409 merge check has passed: the same address cancels a pending
 * change; another one becomes pending, its link goes to it and the old address is told.
 */
export async function requestEmailChange(s: Services, u: UserRow, email: string) {
  if (u.email.toLowerCase() === email.toLowerCase()) {
    if (u.pending_email) await cancelEmailChange(s, u.id)
    return
  }
  if (await addressReserved(s.db, email, u.id)) throw fail(422, 'email', TAKEN, 'email_taken')
  await limitResends(s, u.id)
  await s.db.query('UPDATE users SET pending_email = $2 WHERE id = $1', [u.id, email])
  s.sessions.forget(u.id)
  await sendConfirmLink(s, u.id, email)
  const token = await createOneTime(s.db, 'email_undo', u.id, u.email, C.undoLinkDays * 1440)
  const url = `${s.publicUrl}/email/undo/${token}`
  await sendMemberMail(
    s,
    u.id,
    (t) => ({
      to: u.email,
      subject: t('mail-account:emailUndo.subject'),
      body: t('mail-account:emailUndo.body', { email, url, days: C.undoLinkDays }),
      links: [{ label: t('mail-account:emailUndo.label'), url }],
    }),
    { to: u.email },
  )
}

async function cancelEmailChange(s: Services, userId: number) {
  await s.db.query('UPDATE users SET pending_email = NULL WHERE id = $1', [userId])
  await dropLinks(s, userId, 'email_change')
  s.sessions.forget(userId)
}

async function userReply(s: Services, user: SessionUser, code: string, message: string) {
  const row = (await s.sessions.user(user.row.id, true))!
  return {
    success: true,
    code,
    message,
    pending_email: row.pending_email ?? null,
    user: toUser(row, user.token, new Date(user.exp * 1000).toISOString()),
  }
}

/**
 * Opens a mailed address link of `kind` (once) in one transaction: `sql` (an UPDATE ... RETURNING id,
 * email, given the link's member and address as $1 and $2) writes the sign-in address; with
 * `unlessReserved`, an address another member holds or waits for is refused first. A used, expired or
 * unknown link is 422 email_link_invalid; an address taken meanwhile is 422 email_taken.
 */
async function openAddressLink(
  s: Services,
  kind: 'email_change' | 'email_undo',
  token: string,
  sql: string,
  unlessReserved = false,
) {
  const done = await s.db.transaction(async (tx) => {
    const t = await consumeOneTime(tx, kind, token)
    if (!t) return undefined
    if (unlessReserved && (await addressReserved(tx, t.email, t.user_id)))
      throw fail(422, 'email', TAKEN, 'email_taken')
    try {
      return await tx.one<{ id: number; email: string }>(sql, [t.user_id, t.email])
    } catch (e) {
      // 23505: the unique index on the address
      if ((e as { code?: string }).code === '23505') throw fail(422, 'email', TAKEN, 'email_taken')
      throw e
    }
  })
  if (!done) throw fail(422, 'token', LINK_INVALID, 'email_link_invalid')
  return done
}

/** What differs between the two mailed address links (the new address's, the old address's undo). */
interface AddressLink {
  url: string
  summary: string
  kind: 'email_change' | 'email_undo'
  /** The users UPDATE: $1 the member, $2 the link's address; RETURNING id, email. */
  sql: string
  unlessReserved?: boolean
  /** What else the opened link ends, before every session is signed out. */
  ends?: (uid: number) => Promise<void>
  code: string
  message: string
}

export async function emailChangeRoutes(app: FastifyInstance, s: Services) {
  /** A mailed address link opened (no sign-in: the link is the key): the address changes, every session ends. */
  const addressLinkRoute = (link: AddressLink) =>
    route(app, s, {
      method: 'POST',
      url: link.url,
      tag: 'auth',
      summary: link.summary,
      body: OneTimeLinkRequest,
      reply: EmailChangeReply,
      replies: { 422: 'email_link_invalid, email_taken' },
      async handler({ body }) {
        const changed = await openAddressLink(s, link.kind, body.token, link.sql, link.unlessReserved)
        await link.ends?.(changed.id)
        await s.sessions.revokeAll(changed.id)
        return { success: true, code: link.code, message: link.message, email: changed.email }
      },
    })

  addressLinkRoute({
    url: '/api/email/confirm',
    summary:
      'Opens the link mailed to a new address: it becomes the sign-in email (verified) and every session is signed out. A used, expired, cancelled or replaced link is 422 email_link_invalid; an address taken meanwhile is 422 email_taken.',
    kind: 'email_change',
    sql: `UPDATE users SET email = pending_email, pending_email = NULL, is_verified = true
         WHERE id = $1 AND lower(pending_email) = $2 RETURNING id, email`,
    unlessReserved: true,
    code: 'email_changed',
    message: 'Your email is changed. Please sign in with it.',
  })

  addressLinkRoute({
    url: '/api/email/undo',
    summary:
      'Opens the undo link mailed to the old address: a pending change is dropped, a switched address goes back to the old one, and every session is signed out. 422 email_link_invalid or email_taken (the old address was taken meanwhile).',
    kind: 'email_undo',
    sql: `UPDATE users SET email = $2, pending_email = NULL, is_verified = true WHERE id = $1 RETURNING id, email`,
    async ends(uid) {
      await dropLinks(s, uid, 'email_change')
      await dropLinks(s, uid, 'email_undo')
    },
    code: 'email_change_undone',
    message: 'The change is undone and every device is signed out. Please sign in and reset your password.',
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/set-email/resend',
    tag: 'auth',
    summary: `Mails the pending address a new link (the older one stops working); at most ${C.resendPerHour} an hour. 422 no_pending_email.`,
    reply: EmailChangeReply,
    replies: { 422: 'no_pending_email', 429: 'too_many_attempts' },
    async handler({ uid, user }) {
      const row = (await s.sessions.user(uid, true))!
      if (!row.pending_email)
        throw fail(422, 'email', 'There is no email change to confirm.', 'no_pending_email')
      await limitResends(s, row.id)
      await sendConfirmLink(s, row.id, row.pending_email)
      return userReply(s, user, 'email_change_sent', `Check ${row.pending_email} to confirm the change.`)
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/set-email/cancel',
    tag: 'auth',
    summary: 'Drops a pending email change: its link stops working; the current email stays.',
    reply: EmailChangeReply,
    async handler({ uid, user }) {
      await cancelEmailChange(s, uid)
      return userReply(s, user, 'email_change_cancelled', 'The email change is cancelled.')
    },
  })
}

export { userReply as emailChangeReply }
