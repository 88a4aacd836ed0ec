import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod/mini'
import {
  PhoneCodeReply,
  PhoneCodeRequest,
  PhoneReply,
  PhoneVerifyRequest,
  PrecheckReply,
  type Survey,
  SurveyParams,
  TargetingReply,
  TargetingRequest,
  TargetingSaveReply,
} from '../../plugins/coins/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { type SurveyRow, surveysSql, toSurvey } from '../lib/coins.ts'
import { fail, HttpError } from '../lib/http.ts'
import { memberRoute, route } from '../lib/route.ts'
import type { Services } from '../services.ts'

const C = constants.coins

/** +15551234567 -> +1•••••4567: enough to recognise one's own number, not enough to read it. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return phone
  return `${phone.slice(0, 2)}${'•'.repeat(phone.length - 6)}${phone.slice(-4)}`
}

/** salt$sha256(salt:code): a leaked table gives no code (and each row's salt differs). */
function hashCode(code: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`
}
function codeMatches(code: string, stored: string): boolean {
  const salt = stored.split('$')[0] ?? ''
  const a = Buffer.from(hashCode(code, salt))
  const b = Buffer.from(stored)
  return a.length === b.length && timingSafeEqual(a, b)
}
function newCode(): string {
  let out = ''
  for (let i = 0; i < C.smsCodeLength; i++) out += String(randomInt(0, 10))
  return out
}

const inMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))
function tooMany(message: string, code: string, wait: number) {
  return new HttpError(429, { phone: [message] }, { retry_after: wait }, { phone: code })
}

interface Member {
  id: number
  is_verified: boolean
  coin_onboarding: number
  phone: string | null
  phone_verified_at: Date | string | null
}
async function memberOf(db: Db, id: number): Promise<Member> {
  const m = await db.one<Member>(
    'SELECT id, is_verified, coin_onboarding, phone, phone_verified_at FROM users WHERE id = $1',
    [id],
  )
  if (!m) throw fail(401, 'auth', 'Please sign in to continue.', 'sign_in_required')
  return m
}

async function answersOf(db: Db, uid: number): Promise<Record<string, string>> {
  const rows = await db.query<{ key: string; answer: string }>(
    'SELECT key, answer FROM targeting_answers WHERE user_id = $1',
    [uid],
  )
  return Object.fromEntries(rows.map((r) => [r.key, r.answer]))
}

/** Every targeting key of the survey answered with one of its qualifying options. */
const qualifies = (targeting: Record<string, string[]>, answers: Record<string, string>) =>
  Object.entries(targeting).every(([k, ok]) => answers[k] !== undefined && ok.includes(answers[k]))
/** No answer given rules the member out (unanswered keys are still open). */
const notRuledOut = (targeting: Record<string, string[]>, answers: Record<string, string>) =>
  Object.entries(targeting).every(([k, ok]) => answers[k] === undefined || ok.includes(answers[k]))

/**
 * Coins, the member's survey profile (issue 14): phone verification by SMS code, targeting answers,
 * and the precheck of a survey (what stands before it, and a better-paying survey). Every route is
 * for the signed-in member and reads or writes only their own rows.
 */
export async function coinsProfileRoutes(app: FastifyInstance, s: Services) {
  const db = s.db

  async function survey(id: number, uid: number): Promise<SurveyRow> {
    const r = await db.one<SurveyRow>(surveysSql('WHERE s.id = $2 AND s.active'), [uid, id])
    if (!r) throw fail(404, 'survey_id', 'Not found')
    return r
  }

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/phone',
    tag: 'coins',
    summary: "The member's phone (masked) and whether it is verified.",
    reply: PhoneReply,
    async handler({ uid }) {
      const m = await memberOf(db, uid)
      return {
        data: { phone: m.phone ? maskPhone(m.phone) : null, verified: !!m.phone && !!m.phone_verified_at },
      }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/phone/code',
    tag: 'coins',
    summary:
      'Send a one-time code by SMS to verify a phone. 429 (retry_after seconds) past the limits per member and per number or before the resend delay; 409 phone_taken when another member verified the number.',
    body: PhoneCodeRequest,
    reply: PhoneCodeReply,
    replies: {
      409: 'phone_taken',
      429: 'resend_too_soon, too_many_codes, too_many_codes_number',
      503: 'sms_unavailable: the SMS provider refused the message or cannot be reached (no code kept)',
    },
    async handler({ req, body, uid }) {
      const phone = body.phone
      const code = newCode()
      const codeId = await db.transaction(async (tx) => {
        // one request per member and per number at a time, so the limits hold under concurrency
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:user:${uid}`])
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:phone:${phone}`])
        const taken = await tx.one(
          'SELECT 1 FROM users WHERE phone = $1 AND phone_verified_at IS NOT NULL AND id <> $2',
          [phone, uid],
        )
        if (taken)
          throw fail(409, 'phone', 'This number is already verified on another account.', 'phone_taken')
        const last = await tx.one<{ wait: number }>(
          `SELECT ceil(extract(epoch FROM (created_at + make_interval(secs => $2) - now())))::int AS wait
           FROM phone_codes WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
          [uid, C.smsResendSeconds],
        )
        if (last && last.wait > 0) {
          throw tooMany(`You can ask for a new code in ${last.wait} seconds.`, 'resend_too_soon', last.wait)
        }
        const window = async (column: 'user_id' | 'phone', value: unknown, limit: number) => {
          const r = await tx.one<{ n: number; wait: number }>(
            `SELECT count(*)::int AS n,
               COALESCE(ceil(extract(epoch FROM (min(created_at) + interval '1 hour' - now())))::int, 0) AS wait
             FROM phone_codes WHERE ${column} = $1 AND created_at > now() - interval '1 hour'`,
            [value],
          )
          return r && r.n >= limit ? Math.max(1, r.wait) : 0
        }
        const memberWait = await window('user_id', uid, C.smsPerMemberPerHour)
        if (memberWait) {
          throw tooMany(
            `Too many codes asked for this hour. Try again in ${inMinutes(memberWait)} minutes.`,
            'too_many_codes',
            memberWait,
          )
        }
        const numberWait = await window('phone', phone, C.smsPerNumberPerHour)
        if (numberWait) {
          throw tooMany(
            `Too many codes sent to this number this hour. Try again in ${inMinutes(numberWait)} minutes.`,
            'too_many_codes_number',
            numberWait,
          )
        }
        const row = await tx.one<{ id: number }>(
          `INSERT INTO phone_codes (user_id, phone, code_hash, expires_at)
           VALUES ($1, $2, $3, now() + make_interval(mins => $4)) RETURNING id`,
          [uid, phone, hashCode(code), C.smsCodeMinutes],
        )
        return row!.id
      })
      let accepted: Awaited<ReturnType<typeof s.sms.send>>
      try {
        accepted = await s.sms.send({
          to: phone,
          body: `Your verification code is ${code}. It expires in ${C.smsCodeMinutes} minutes.`,
        })
      } catch (err) {
        // the provider refused it or cannot be reached: a code never sent does not count against the member,
        // who is told to try again later (503); the provider's own words go to the log, never the code
        await db.query('DELETE FROM phone_codes WHERE id = $1', [codeId])
        req.log.error({ provider: s.sms.id, err: (err as Error).message }, 'sms not sent')
        throw fail(
          503,
          'phone',
          'We could not send a text message just now. Please try again in a few minutes.',
          'sms_unavailable',
        )
      }
      // a real provider's reference: its signed delivery-status callbacks update sms_status (routes/sms-status.ts)
      if (accepted)
        await db.query(
          'UPDATE phone_codes SET sms_ref = $2, sms_status = $3, sms_status_at = now() WHERE id = $1',
          [codeId, accepted.ref, accepted.status],
        )
      return {
        data: {
          sent_to: maskPhone(phone),
          expires_in_s: C.smsCodeMinutes * 60,
          resend_in_s: C.smsResendSeconds,
        },
      }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/phone/verify',
    tag: 'coins',
    summary:
      'Check the code sent to the number: 422 wrong_code (attempts_left), 410 code_expired / too_many_attempts / no_code (ask for a new one), 409 phone_taken; success verifies the phone (once).',
    body: PhoneVerifyRequest,
    reply: PhoneReply,
    replies: { 409: 'phone_taken', 410: 'code_expired, too_many_attempts, no_code', 422: 'wrong_code' },
    async handler({ body, uid }) {
      // the outcome is decided in the transaction and thrown after it, so a wrong try is counted (committed)
      const outcome = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:phone:${body.phone}`])
        const row = await tx.one<{ id: number; code_hash: string; attempts: number; expired: boolean }>(
          `SELECT id, code_hash, attempts, expires_at <= now() AS expired FROM phone_codes
           WHERE user_id = $1 AND phone = $2 AND used_at IS NULL
           ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
          [uid, body.phone],
        )
        if (!row) return { error: 'no_code' as const }
        if (row.expired) return { error: 'code_expired' as const }
        if (row.attempts >= C.smsCodeAttempts) return { error: 'too_many_attempts' as const }
        if (!codeMatches(body.code, row.code_hash)) {
          const r = await tx.one<{ attempts: number }>(
            'UPDATE phone_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
            [row.id],
          )
          const left = C.smsCodeAttempts - (r?.attempts ?? C.smsCodeAttempts)
          return left > 0 ? { error: 'wrong_code' as const, left } : { error: 'too_many_attempts' as const }
        }
        const taken = await tx.one(
          'SELECT 1 FROM users WHERE phone = $1 AND phone_verified_at IS NOT NULL AND id <> $2',
          [body.phone, uid],
        )
        if (taken) return { error: 'phone_taken' as const }
        const used = await tx.one(
          'UPDATE phone_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING id',
          [row.id],
        )
        if (!used) return { error: 'no_code' as const }
        await tx.query('UPDATE users SET phone = $2, phone_verified_at = now() WHERE id = $1', [
          uid,
          body.phone,
        ])
        return { ok: true as const }
      })
      if ('ok' in outcome) {
        s.sessions.forget(uid)
        return { data: { phone: maskPhone(body.phone), verified: true } }
      }
      switch (outcome.error) {
        case 'wrong_code':
          throw new HttpError(
            422,
            {
              code: [`That code is not right. ${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left.`],
            },
            { attempts_left: outcome.left },
            { code: 'wrong_code' },
          )
        case 'too_many_attempts':
          throw fail(410, 'code', 'Too many wrong codes. Ask for a new code.', 'too_many_attempts')
        case 'code_expired':
          throw fail(410, 'code', 'This code has expired. Ask for a new code.', 'code_expired')
        case 'phone_taken':
          throw fail(409, 'phone', 'This number is already verified on another account.', 'phone_taken')
        default:
          throw fail(410, 'code', 'There is no code waiting for this number. Ask for a new code.', 'no_code')
      }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/surveys/:survey_id/targeting',
    tag: 'coins',
    summary: "A survey's targeting questions and the member's saved answers (to prefill).",
    params: SurveyParams,
    reply: TargetingReply,
    async handler({ params, uid, user }) {
      const m = await memberOf(db, uid)
      const r = await survey(params.survey_id, m.id)
      const keys = Object.keys(r.targeting ?? {})
      const questions = await db.query<{ key: string; options: string[] }>(
        'SELECT key, options FROM targeting_questions WHERE key = ANY($1::text[]) ORDER BY position',
        [keys],
      )
      return {
        data: {
          survey: toSurvey(r, user),
          questions: questions.map((q) => ({ key: q.key, options: q.options })),
          answers: await answersOf(db, m.id),
        },
      }
    },
  })

  memberRoute(app, s, {
    method: 'PUT',
    url: '/api/surveys/:survey_id/targeting',
    tag: 'coins',
    summary:
      "Save the member's answers (known questions and options only, every question of the survey answered; else 400 with field errors); qualified when every answer is one the survey looks for.",
    params: SurveyParams,
    body: TargetingRequest,
    reply: TargetingSaveReply,
    bodyLimit: 8_192,
    async handler({ params, body, uid }) {
      const r = await survey(params.survey_id, uid)
      const known = new Map(
        (
          await db.query<{ key: string; options: string[] }>('SELECT key, options FROM targeting_questions')
        ).map((q) => [q.key, q.options]),
      )
      const errors: Record<string, string[]> = {}
      const codes: Record<string, string> = {}
      for (const [k, v] of Object.entries(body.answers)) {
        const options = known.get(k)
        if (!options) {
          errors[`answers.${k}`] = ['Unknown question.']
          codes[`answers.${k}`] = 'unknown_question'
        } else if (!options.includes(v)) {
          errors[`answers.${k}`] = ['Choose one of the answers offered.']
          codes[`answers.${k}`] = 'unknown_option'
        }
      }
      for (const k of Object.keys(r.targeting ?? {})) {
        if (body.answers[k] === undefined) {
          errors[`answers.${k}`] = ['Please answer this question.']
          codes[`answers.${k}`] = 'required'
        }
      }
      if (Object.keys(errors).length) throw new HttpError(400, errors, {}, codes)
      await db.transaction(async (tx) => {
        for (const [k, v] of Object.entries(body.answers)) {
          await tx.query(
            `INSERT INTO targeting_answers (user_id, key, answer) VALUES ($1, $2, $3)
             ON CONFLICT (user_id, key) DO UPDATE SET answer = EXCLUDED.answer, updated_at = now()`,
            [uid, k, v],
          )
        }
      })
      return { data: { qualified: qualifies(r.targeting ?? {}, await answersOf(db, uid)) } }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/surveys/:survey_id/precheck',
    tag: 'coins',
    summary:
      'What stands before this survey (verify, onboarding, phone, targeting, not_qualified, in that order, or null) and, when nothing does, a survey the member qualifies for that pays at least betterOfferMinGainPercent more per minute.',
    params: SurveyParams,
    reply: PrecheckReply,
    async handler({ params, uid, user }) {
      const m = await memberOf(db, uid)
      const chosen = await survey(params.survey_id, m.id)
      const answers = await answersOf(db, m.id)
      const hasPhone = !!m.phone_verified_at
      const targeting = chosen.targeting ?? {}
      let needs: 'verify' | 'onboarding' | 'phone' | 'targeting' | 'not_qualified' | null = null
      if (!m.is_verified) needs = 'verify'
      else if (!chosen.is_onboarding && m.coin_onboarding === 0) needs = 'onboarding'
      else if (chosen.needs_phone && !hasPhone) needs = 'phone'
      else if (Object.keys(targeting).some((k) => answers[k] === undefined)) needs = 'targeting'
      else if (!qualifies(targeting, answers)) needs = 'not_qualified'

      let better: Survey | null = null
      // only offered when the chosen survey can start now: the member decides between two open doors
      if (needs === null && !chosen.is_onboarding) {
        const rows = await db.query<SurveyRow>(
          surveysSql('WHERE s.active AND NOT s.is_onboarding AND s.id <> $2'),
          [m.id, chosen.id],
        )
        const open = rows
          .filter(
            (r) =>
              !r.done &&
              s.platforms.enabled(r.platform) &&
              (hasPhone || !r.needs_phone) &&
              notRuledOut(r.targeting ?? {}, answers),
          )
          .sort((a, b) => b.coins_advertised / b.minutes - a.coins_advertised / a.minutes || a.id - b.id)
        const best = open[0]
        const chosenRate = chosen.coins_advertised / Math.max(1, chosen.minutes)
        if (
          best &&
          best.coins_advertised / Math.max(1, best.minutes) >=
            chosenRate * (1 + C.betterOfferMinGainPercent / 100)
        ) {
          better = toSurvey(best, user)
        }
      }
      return { data: { needs, better } }
    },
  })

  if (s.mode !== 'production') {
    route(app, s, {
      method: 'GET',
      url: '/api/dev/sms',
      tag: 'dev',
      summary:
        'Development and test only: the latest text messages of the SMS outbox, optionally to one number.',
      query: z.object({ to: z.optional(z.string().check(z.maxLength(20))) }),
      async handler({ query }) {
        return { data: s.sms.list?.(query.to) ?? [] }
      },
    })
  }
}
