import { randomBytes } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod/mini'
import {
  EmailChangeReply,
  LoginReply,
  LoginRequest,
  MergeReply,
  MergeRequest,
  PasswordResetRequest,
  RegisterRequest,
  SetEmailRequest,
  SocialLoginRequest,
  SuccessReply,
  SyncRequest,
  VerifyRequest,
} from '../../plugins/auth/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { CaptchaAction } from '../../src/shared/captcha.ts'
import type { Db } from '../db/index.ts'
import { recordLanderPromise } from '../lib/cashback/lander-promise.ts'
import { ipCountry } from '../lib/geo.ts'
import { errorBody, fail, HttpError } from '../lib/http.ts'
import { lockMembers } from '../lib/ledger.ts'
import { type MailLanguage, requestLanguage, sendMemberMail } from '../lib/member-mail.ts'
import { hashPassword, verifyPassword } from '../lib/password.ts'
import { toUser } from '../lib/present.ts'
import { blockedFor, clear, hit } from '../lib/ratelimit.ts'
import { route } from '../lib/route.ts'
import type { UserRow } from '../lib/session.ts'
import { consumeOneTime, createOneTime } from '../lib/tokens.ts'
import type { Services } from '../services.ts'
import { addressReserved, emailChangeReply, requestEmailChange } from './email-change.ts'

const GENERIC_LOGIN_ERROR = 'These credentials do not match our records.'
const RESET_SENT = 'If an account exists for that email, we have sent a password reset link.'

export function defaultSid(d = new Date()) {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${p(d.getMonth() + 1)}${p(d.getDate())}${d.getFullYear()}_organic`
}

/** How long a verification link works. */
const VERIFY_LINK_DAYS = 3

/** The verification mail, in the member's language (else the language of the page that asked, issue 27). */
export async function sendVerification(
  s: Services,
  user: { id: number; email: string },
  language?: MailLanguage,
) {
  const token = await createOneTime(s.db, 'verify', user.id, user.email, 60 * 24 * VERIFY_LINK_DAYS)
  const url = `${s.publicUrl}/verify/${token}`
  await sendMemberMail(
    s,
    user.id,
    (t) => ({
      to: user.email,
      subject: t('mail-account:verify.subject'),
      body: t('mail-account:verify.body', { url, days: VERIFY_LINK_DAYS }),
      links: [{ label: t('mail-account:verify.label'), url }],
    }),
    { to: user.email, ...(language ? { language } : {}) },
  )
}

async function referralCode(db: Db): Promise<string> {
  for (;;) {
    const code = randomBytes(5)
      .toString('base64url')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X')
    if (!(await db.one('SELECT 1 FROM users WHERE referral_code = $1', [code]))) return code
  }
}

/** A member staff locked (issue 28) signs in by no way at all: password, link, code or provider. */
export const lockedError = () =>
  fail(403, 'email', 'This account is locked. Please contact support.', 'account_locked')

export async function loginReply(s: Services, row: UserRow, extra: Record<string, unknown> = {}) {
  if (row.locked_at) throw lockedError()
  const { token, expires } = await s.sessions.issue(row.id)
  // the row as sessions read it: with the balances summed over the ledger
  const full = (await s.sessions.user(row.id, true)) ?? row
  return { success: true, login_token: token, user: toUser(full, token, expires), redirect: null, ...extra }
}

export async function limited(s: Services, keys: [string, number][]) {
  for (const [key, limit] of keys) {
    const wait = await hit(s.db, key, limit, s.limits.windowSeconds)
    if (wait > 0) {
      throw new HttpError(
        429,
        { email: [`Too many attempts. Please wait ${Math.ceil(wait / 60)} minutes and try again.`] },
        { retry_after: wait },
        { email: 'too_many_attempts' },
      )
    }
  }
}

/** The failed sign-ins of one address, from any IP, in the window (issue 25: past a number, the captcha). */
const failedKey = (email: string) => `login:failed:${email.toLowerCase()}`

/** Whether a sign-in of this address needs the captcha: loginFailuresBeforeCaptcha failures or more. */
export async function captchaNeeded(s: Services, email: string): Promise<boolean> {
  const over = s.limits.loginFailuresBeforeCaptcha - 1
  return (await blockedFor(s.db, failedKey(email), over, s.limits.windowSeconds)) > 0
}

/**
 * The member of an address and password, or undefined. Limited per IP and per address from one IP
 * (the key holds both: attempts from elsewhere cannot lock a member out); a failure counts toward the
 * captcha of the address, a success clears that count.
 */
export async function checkPassword(s: Services, req: FastifyRequest, email: string, password: string) {
  await limited(s, [
    [`login:ip:${req.ip}`, s.limits.loginPerIp],
    [`login:email-ip:${email.toLowerCase()}:${req.ip}`, s.limits.loginPerEmail],
  ])
  const row = await s.db.one<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email])
  const ok = await verifyPassword(password, row?.password_hash)
  if (!ok) await hit(s.db, failedKey(email), s.limits.loginFailuresBeforeCaptcha - 1, s.limits.windowSeconds)
  else await clear(s.db, failedKey(email))
  if (ok && row?.locked_at) throw lockedError()
  return ok ? row : undefined
}

/**
 * The captcha of a form that needs one only with a real provider (register, the reset link): a response
 * sent must pass for the form's action; with a real provider (issue 31) none sent is refused too.
 */
async function captchaPasses(
  s: Services,
  req: FastifyRequest,
  response: string | undefined,
  action: CaptchaAction,
) {
  if (response === undefined ? s.captcha.required : !(await s.captcha.verify(response, req.ip, action)))
    throw fail(422, 'g-recaptcha-response', 'Please complete the captcha.', 'captcha_required')
}

/**
 * A member a sign-in provider vouches for (the dev stand-in, or OpenID Connect: routes/oidc.ts): no
 * password; verified when the provider says the address is, else sent the verification mail.
 */
export async function registerSocialMember(
  s: Services,
  req: FastifyRequest,
  o: { email: string; name: string; verified: boolean; source: string },
): Promise<UserRow> {
  const language = requestLanguage(req)
  const row = (await s.db.one<UserRow>(
    `INSERT INTO users (email, name, is_verified, sid, country_code, referral_code, source)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [
      o.email,
      o.name.slice(0, constants.signup.nameMaxLength),
      o.verified,
      defaultSid(),
      ipCountry(req, s),
      await referralCode(s.db),
      o.source,
    ],
  ))!
  // issue 27: the member's mails in the language of the page they signed up on
  if (language !== 'en')
    await s.db.query(
      `UPDATE users SET settings = settings || jsonb_build_object('language', $2::text) WHERE id = $1`,
      [row.id, language],
    )
  if (!o.verified) await sendVerification(s, row, language)
  return row
}

export async function authRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'POST',
    url: '/api/web/login',
    tag: 'auth',
    summary:
      'Sign in with email and password. Same answer for an unknown email and a wrong password. A captcha response, when sent, must pass; past loginFailuresBeforeCaptcha failed sign-ins of the address (from any IP) one is needed: 422 captcha_required, then the same call with g-recaptcha-response.',
    body: LoginRequest,
    reply: LoginReply,
    replies: {
      403: 'account_locked: staff locked the account (issue 28); said only after the right password',
      422: 'invalid_credentials, or captcha_required (send g-recaptcha-response)',
      429: 'Too many attempts from this IP, or for this email from this IP',
    },
    async handler({ req, body }) {
      const captcha = body['g-recaptcha-response']
      const passed = captcha ? await s.captcha.verify(captcha, req.ip, 'login') : false
      if (captcha ? !passed : await captchaNeeded(s, body.email)) {
        throw fail(422, 'g-recaptcha-response', 'Please complete the captcha.', 'captcha_required')
      }
      const row = await checkPassword(s, req, body.email, body.password)
      if (!row) throw fail(422, 'email', GENERIC_LOGIN_ERROR, 'invalid_credentials')
      return loginReply(s, row, { recently_created: false })
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/web/register',
    tag: 'auth',
    summary: 'Create an account; sends a verification email and signs the member in.',
    body: RegisterRequest,
    reply: LoginReply,
    async handler({ req, body }) {
      await captchaPasses(s, req, body['g-recaptcha-response'], 'register')
      await limited(s, [[`register:ip:${req.ip}`, s.limits.loginPerIp]])
      if (
        (await s.db.one('SELECT 1 FROM users WHERE lower(email) = lower($1)', [body.email])) ||
        // issue 25: an address given up by an email change, while its undo link works
        (await addressReserved(s.db, body.email))
      ) {
        throw fail(422, 'email', 'The email has already been taken.', 'email_taken')
      }
      const hash = await hashPassword(body.password)
      // who referred the new member (the /refer link's code); an unknown code signs up unreferred
      const referrer = body.referral_code
        ? await s.db.one<{ id: number }>('SELECT id FROM users WHERE referral_code = $1', [
            body.referral_code.trim().toUpperCase(),
          ])
        : undefined
      let row: UserRow | undefined
      try {
        row = await s.db.one<UserRow>(
          `INSERT INTO users (email, name, phone, password_hash, source, user_agent, sid, cid, partner, country_code, referral_code, referred_by, register_promo)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
          [
            body.email,
            body.name,
            body.phone || null,
            hash,
            body.source ?? '',
            (body.user_agent ?? req.headers['user-agent'] ?? '').slice(0, constants.userAgentMaxLength),
            body.sid ?? defaultSid(),
            body.cid ?? 'homepage',
            body.partner ?? 'organic',
            ipCountry(req, s),
            await referralCode(s.db),
            referrer?.id ?? null,
            // the promo flow the sign-up came through (the client's register_promo cookie): the promo credit's right
            body.register_promo ?? null,
          ],
        )
      } catch (e) {
        if ((e as { code?: string }).code === '23505')
          throw fail(422, 'email', 'The email has already been taken.', 'email_taken')
        throw e
      }
      // the bonus the lander promised (config/landers.json by its id, never an amount from the client)
      await recordLanderPromise(s.db, row!.id, body.lander)
      // issue 27: the member's mails are in the language of the page they signed up on
      const language = requestLanguage(req)
      if (language !== 'en')
        await s.db.query(
          `UPDATE users SET settings = settings || jsonb_build_object('language', $2::text) WHERE id = $1`,
          [row!.id, language],
        )
      await sendVerification(s, row!, language)
      return loginReply(s, row!, { recently_created: true })
    },
  })

  // Development and test only: the one provider is 'dev', which signs in as any email without a
  // password. In production (the default) the route does not exist (404).
  if (s.mode !== 'production')
    route(app, s, {
      method: 'POST',
      url: '/api/auth/:provider/callback',
      tag: 'auth',
      summary:
        'Development and test modes only: social login. The provider "dev" signs in (or creates) the account of the given email.',
      params: z.object({ provider: z.string().check(z.regex(/^[a-z]{1,20}$/, 'Unknown provider.')) }),
      body: SocialLoginRequest,
      reply: LoginReply,
      async handler({ req, params, body }) {
        if (params.provider !== 'dev') throw fail(422, 'provider', 'Unknown provider.', 'unknown_provider')
        let row = await s.db.one<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [body.email])
        const created = !row
        if (!row)
          row = await registerSocialMember(s, req, {
            email: body.email,
            name: body.name ?? '',
            verified: true,
            source: 'social:dev',
          })
        return loginReply(s, row, { recently_created: created })
      },
    })

  route(app, s, {
    method: 'POST',
    url: '/api/logout',
    tag: 'auth',
    summary: 'Sign out: the token is revoked for good.',
    auth: 'optional',
    reply: SuccessReply,
    async handler({ user }) {
      if (user) await s.sessions.revoke(user)
      return { success: true }
    },
  })

  for (const url of ['/api/sync-token', '/api/refresh']) {
    const refresh = url === '/api/refresh'
    route(app, s, {
      method: 'POST',
      url,
      tag: 'auth',
      summary: refresh
        ? 'A new token for a valid session; success false when logged out.'
        : 'The current user for a valid token; success false when logged out. nocache reads the database.',
      body: SyncRequest,
      reply: LoginReply,
      async handler({ req, body }) {
        const nocache =
          body?.nocache !== undefined && body.nocache !== false && body.nocache !== 0 && body.nocache !== '0'
        const user = await s.sessions.fromRequest(req, false, nocache)
        if (!user) return { success: false, code: 'logged_out', message: 'You have been logged out' }
        if (refresh) return loginReply(s, user.row)
        return {
          success: true,
          login_token: user.token,
          user: toUser(user.row, user.token, new Date(user.exp * 1000).toISOString()),
          redirect: null,
        }
      },
    })
  }

  route(app, s, {
    method: 'POST',
    url: '/api/verify',
    tag: 'auth',
    summary: 'Confirm an email with the one-time token from the verification link.',
    body: VerifyRequest,
    reply: SuccessReply,
    async handler({ body }) {
      const t = await consumeOneTime(s.db, 'verify', body.token)
      if (!t)
        throw fail(422, 'token', 'This verification link is invalid or has expired.', 'verify_link_invalid')
      const u = await s.db.one<{ id: number }>(
        'UPDATE users SET is_verified = true WHERE id = $1 AND lower(email) = $2 RETURNING id',
        [t.user_id, t.email],
      )
      if (!u)
        throw fail(422, 'token', 'This verification link is invalid or has expired.', 'verify_link_invalid')
      s.sessions.forget(t.user_id)
      return { success: true, code: 'email_verified', message: 'Your email is verified.' }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/verify/resend',
    tag: 'auth',
    summary: 'Send the verification email again.',
    auth: 'required',
    reply: SuccessReply,
    async handler({ req, user }) {
      const u = user!.row
      if (u.is_verified)
        return { success: true, code: 'already_verified', message: 'Your email is already verified.' }
      await limited(s, [[`resend:${u.id}`, 5]])
      await sendVerification(s, u, requestLanguage(req))
      return {
        success: true,
        code: 'verification_sent',
        message: 'Please check your mailbox for verification email.',
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/password/reset',
    tag: 'auth',
    summary:
      'Without token: email a reset link (same answer whether the account exists). With token: set the new password (one use) and sign in.',
    body: PasswordResetRequest,
    reply: SuccessReply,
    async handler({ req, body }) {
      let email = body.email
      if (!email && body.email_encoded) {
        const decoded = Buffer.from(body.email_encoded, 'base64').toString('utf8')
        if (z.email().safeParse(decoded).success) email = decoded
        else throw fail(422, 'email_encoded', 'Please enter a valid email address.', 'invalid_email')
      }
      // both calls (the link, and the new password with its token) per IP and per address
      const resetLimits = (address: string | undefined): [string, number][] => [
        [`reset:ip:${req.ip}`, s.limits.resetPerIp],
        ...(address
          ? [[`reset:email:${address.toLowerCase()}`, s.limits.resetPerEmail] as [string, number]]
          : []),
      ]
      if (!body.token) {
        if (!email) throw fail(422, 'email', 'Please enter a valid email address.', 'invalid_email')
        await captchaPasses(s, req, body['g-recaptcha-response'], 'reset')
        await limited(s, resetLimits(email))
        const row = await s.db.one<{ id: number; email: string }>(
          'SELECT id, email FROM users WHERE lower(email) = lower($1)',
          [email],
        )
        if (row) {
          const token = await createOneTime(s.db, 'reset', row.id, row.email, 60)
          const url = `${s.publicUrl}/password/reset/${token}/${Buffer.from(row.email).toString('base64url')}`
          await sendMemberMail(
            s,
            row.id,
            (t) => ({
              to: row.email,
              subject: t('mail-account:reset.subject'),
              body: t('mail-account:reset.body', { url, minutes: 60 }),
              links: [{ label: t('mail-account:reset.label'), url }],
            }),
            { language: requestLanguage(req) },
          )
        }
        return { success: true, code: 'reset_sent', message: RESET_SENT }
      }
      await limited(s, resetLimits(email))
      if (!body.password)
        throw fail(
          422,
          'password',
          `The password must be at least ${constants.minimumPasswordLength} characters.`,
          'password_too_short',
        )
      if (body.password !== body.password_confirmation) {
        throw fail(
          422,
          'password_confirmation',
          'The password confirmation does not match.',
          'password_mismatch',
        )
      }
      // the token first: a made-up one costs one UPDATE, not a password hash (about 1 s and 128 MiB)
      const t = await consumeOneTime(s.db, 'reset', body.token, email)
      if (!t)
        throw fail(422, 'token', 'This password reset link is invalid or has expired.', 'reset_link_invalid')
      const hash = await hashPassword(body.password)
      await s.db.query('UPDATE users SET password_hash = $2, is_verified = true WHERE id = $1', [
        t.user_id,
        hash,
      ])
      await s.sessions.revokeAll(t.user_id)
      const row = (await s.sessions.user(t.user_id, true))!
      return {
        ...(await loginReply(s, row)),
        code: 'password_reset',
        message: 'Your password has been reset.',
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/set-email',
    tag: 'auth',
    summary:
      'Change the email of the signed-in account (issue 25): the new address becomes pending_email and gets a one-time link; it signs in only once that link is opened (POST /api/email/confirm). The old address is told, with an undo link. The current address again cancels a pending change. 409 with requires_authentication when another account has it.',
    auth: 'required',
    body: SetEmailRequest,
    reply: EmailChangeReply,
    replies: { 409: 'The email belongs to another account: authenticate and merge' },
    async handler({ reply, body, user }) {
      const u = user!.row
      const other = await s.db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
        body.email,
      ])
      if (other && other.id !== u.id) {
        reply.code(409)
        return errorBody(
          409,
          { email: ['Email already in use. Please authenticate.'] },
          { email: 'email_in_use' },
          { requires_authentication: true },
        )
      }
      await requestEmailChange(s, u, body.email)
      return emailChangeReply(s, user!, 'email_set', 'Successfully set email.')
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/authenticate-and-merge',
    tag: 'auth',
    summary:
      "Merge the signed-in account into an existing one, after that account's password is given. Returns a token of the existing account.",
    auth: 'required',
    body: MergeRequest,
    reply: MergeReply,
    async handler({ req, body, user }) {
      const from = user!.row
      const into = await checkPassword(s, req, body.email, body.password)
      if (!into) throw fail(422, 'email', GENERIC_LOGIN_ERROR, 'invalid_credentials')
      if (into.id === from.id)
        throw fail(422, 'email', 'This is already your account.', 'already_your_account')
      await s.db.transaction(async (tx) => {
        // The member-row locks a withdrawal takes, in the same order (lowest id first): a withdrawal of
        // either member finishes before the rows move, or starts after and finds its member merged.
        if ((await lockMembers(tx, [from.id, into.id])).length !== 2)
          throw fail(409, 'email', 'This account was just changed. Please try again.', 'merge_conflict')
        await tx.query(
          `UPDATE rebate_claims f SET status = 'rejected', reason = 'Claimed twice (accounts merged).', decided_at = now()
           WHERE f.user_id = $1 AND f.status <> 'rejected' AND EXISTS (SELECT 1 FROM rebate_claims i
             WHERE i.user_id = $2 AND i.status <> 'rejected' AND i.benefit_type = f.benefit_type
               AND i.order_number = f.order_number)`,
          [from.id, into.id],
        )
        for (const t of [
          'ledger',
          'notifications',
          'withdrawals',
          'gift_cards',
          'payment_methods',
          'subscriptions',
          'payments',
          'protection_claims',
          // one provider account is linked to one member, so moving them never collides
          'linked_accounts',
          'protection_orders',
          // rebate claims (issue 27): an order both claimed stays live once (the other was closed above)
          'rebate_claims',
          // staff adjustments (issue 28) follow the ledger rows they book
          'staff_adjustments',
          // issue 31: the provider accounts (provider, sub) that sign in to the merged account
          'social_identities',
        ]) {
          await tx.query(`UPDATE ${t} SET user_id = $2 WHERE user_id = $1`, [from.id, into.id])
        }
        await tx.query('DELETE FROM link_states WHERE user_id = $1', [from.id])
        await tx.query(
          `UPDATE users SET plus_active = plus_active OR $2, shipping_active = shipping_active OR $3,
             subscribed = subscribed OR $4, coin_onboarding = GREATEST(coin_onboarding, $5)
           WHERE id = $1`,
          [into.id, from.plus_active, from.shipping_active, from.subscribed, from.coin_onboarding],
        )
        await tx.query('UPDATE users SET referred_by = $2 WHERE referred_by = $1', [from.id, into.id])
        await tx.query('DELETE FROM users WHERE id = $1', [from.id])
      })
      await s.sessions.revoke(user!)
      s.sessions.forget(from.id)
      s.sessions.forget(into.id)
      const row = (await s.sessions.user(into.id, true))!
      const r = await loginReply(s, row)
      return {
        ...r,
        token: r.login_token,
        code: 'accounts_merged',
        message: 'Successfully merged accounts and logged in.',
      }
    },
  })
}
