import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { client, testServer } from './test-helpers.ts'

const C = constants.coins
let app: FastifyInstance
let c: ReturnType<typeof client>
let seq = 0

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

const db = () => app.services.db

/** A fresh member: verified email and onboarding done unless told otherwise. */
async function member(opts: { verified?: boolean; onboarded?: boolean } = {}) {
  const email = `profile${++seq}-${Date.now()}@example.com`
  const r = await c.register(email)
  const id = r.user.user_id
  await db().query('UPDATE users SET is_verified = $2, coin_onboarding = $3 WHERE id = $1', [
    id,
    opts.verified ?? true,
    opts.onboarded === false ? 0 : 1,
  ])
  app.services.sessions.forget(id)
  return { id, auth: c.bearer(r.login_token) }
}

/** A number nobody else in this file uses: +1555 and 7 digits. */
const phoneNo = () => `+1555${String(1_000_000 + ++seq * 7919).slice(-7)}`

async function lastCode(to: string): Promise<string> {
  const r = await c.get(`/api/dev/sms?to=${encodeURIComponent(to)}`)
  const body = r.body.data[0]?.body as string | undefined
  const code = body?.match(/\b(\d{4,10})\b/)?.[1]
  if (!code) throw new Error(`no sms to ${to}`)
  return code
}

/** Moves a member's codes back in time, past the resend delay (the clock of the database is the truth). */
const age = (uid: number, seconds: number) =>
  db().query(
    'UPDATE phone_codes SET created_at = created_at - make_interval(secs => $2) WHERE user_id = $1',
    [uid, seconds],
  )

async function survey(over: {
  title?: string
  coins?: number
  minutes?: number
  needs_phone?: boolean
  targeting?: Record<string, string[]>
  onboarding?: boolean
  active?: boolean
  platform?: string
}) {
  const r = await db().one<{ id: number }>(
    `INSERT INTO surveys (platform, title, coins_advertised, minutes, screen_out_percent, is_onboarding, click_url, needs_phone, targeting, active)
     VALUES ($8, $1, $2, $3, 10, $4, 'https://example.com/s', $5, $6, $7) RETURNING id`,
    [
      over.title ?? `Profile test ${++seq}`,
      over.coins ?? 100,
      over.minutes ?? 10,
      over.onboarding ?? false,
      over.needs_phone ?? false,
      JSON.stringify(over.targeting ?? {}),
      over.active ?? true,
      over.platform ?? 'devsurvey',
    ],
  )
  return r!.id
}

describe('phone verification', () => {
  it('needs sign-in', async () => {
    expect((await c.get('/api/account/phone')).status).toBe(401)
    expect((await c.post('/api/account/phone/code', { phone: phoneNo() })).status).toBe(401)
    expect((await c.post('/api/account/phone/verify', { phone: phoneNo(), code: '123456' })).status).toBe(401)
  })

  it('sends a code of smsCodeLength digits, stores only its hash, and verifies the phone with it', async () => {
    const m = await member()
    const phone = phoneNo()
    expect((await c.get('/api/account/phone', m.auth)).body.data).toEqual({ phone: null, verified: false })
    const sent = await c.post('/api/account/phone/code', { phone }, m.auth)
    expect(sent.status).toBe(200)
    expect(sent.body.data).toEqual({
      sent_to: `+1${'•'.repeat(phone.length - 6)}${phone.slice(-4)}`,
      expires_in_s: C.smsCodeMinutes * 60,
      resend_in_s: C.smsResendSeconds,
    })
    const code = await lastCode(phone)
    expect(code).toHaveLength(C.smsCodeLength)
    const row = await db().one<{ code_hash: string; expires_in: number }>(
      `SELECT code_hash, round(extract(epoch FROM expires_at - created_at))::int AS expires_in
       FROM phone_codes WHERE user_id = $1`,
      [m.id],
    )
    expect(row!.code_hash).not.toContain(code)
    expect(row!.expires_in).toBe(C.smsCodeMinutes * 60)

    const ok = await c.post('/api/account/phone/verify', { phone, code }, m.auth)
    expect(ok.status).toBe(200)
    expect(ok.body.data).toEqual({ phone: sent.body.data.sent_to, verified: true })
    expect((await c.get('/api/account/phone', m.auth)).body.data.verified).toBe(true)
    const u = await db().one<{ phone: string; verified: boolean }>(
      'SELECT phone, phone_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [m.id],
    )
    expect(u).toEqual({ phone, verified: true })
    // the code is used: a second try with it finds no code waiting
    const again = await c.post('/api/account/phone/verify', { phone, code }, m.auth)
    expect(again.status).toBe(410)
    expect(again.body.code).toBe('no_code')
  })

  it('refuses a malformed number and code (422)', async () => {
    const m = await member()
    const bad = await c.post('/api/account/phone/code', { phone: '555-1234' }, m.auth)
    expect(bad.status).toBe(422)
    expect(bad.body.errors.phone[0]).toMatch(/country code/)
    const badCode = await c.post('/api/account/phone/verify', { phone: phoneNo(), code: 'abc' }, m.auth)
    expect(badCode.status).toBe(422)
  })

  it('a wrong code counts a try; after smsCodeAttempts the code is dead, even the right one', async () => {
    const m = await member()
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, m.auth)
    const code = await lastCode(phone)
    const wrong =
      code === '0'.repeat(C.smsCodeLength) ? '1'.repeat(C.smsCodeLength) : '0'.repeat(C.smsCodeLength)
    for (let i = 1; i < C.smsCodeAttempts; i++) {
      const r = await c.post('/api/account/phone/verify', { phone, code: wrong }, m.auth)
      expect(r.status).toBe(422)
      expect(r.body.code).toBe('wrong_code')
      expect(r.body.attempts_left).toBe(C.smsCodeAttempts - i)
    }
    const last = await c.post('/api/account/phone/verify', { phone, code: wrong }, m.auth)
    expect(last.status).toBe(410)
    expect(last.body.code).toBe('too_many_attempts')
    const right = await c.post('/api/account/phone/verify', { phone, code }, m.auth)
    expect(right.status).toBe(410)
    expect(right.body.code).toBe('too_many_attempts')
    expect(right.body.errors.code[0]).toMatch(/Ask for a new code/)
    // a new code works
    await age(m.id, C.smsResendSeconds + 1)
    await c.post('/api/account/phone/code', { phone }, m.auth)
    const fresh = await lastCode(phone)
    expect((await c.post('/api/account/phone/verify', { phone, code: fresh }, m.auth)).status).toBe(200)
  })

  it('an expired code is refused with 410', async () => {
    const m = await member()
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, m.auth)
    const code = await lastCode(phone)
    await db().query("UPDATE phone_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      m.id,
    ])
    const r = await c.post('/api/account/phone/verify', { phone, code }, m.auth)
    expect(r.status).toBe(410)
    expect(r.body.code).toBe('code_expired')
    expect(r.body.errors.code[0]).toBe('This code has expired. Ask for a new code.')
  })

  it('resend not before smsResendSeconds; at most smsPerMemberPerHour codes per member an hour', async () => {
    const m = await member()
    const first = await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)
    expect(first.status).toBe(200)
    const soon = await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)
    expect(soon.status).toBe(429)
    expect(soon.body.code).toBe('resend_too_soon')
    expect(soon.body.retry_after).toBeGreaterThan(0)
    expect(soon.body.retry_after).toBeLessThanOrEqual(C.smsResendSeconds)
    for (let i = 1; i < C.smsPerMemberPerHour; i++) {
      await age(m.id, C.smsResendSeconds + 1)
      // a different number each time: the member's own limit is what stops them
      expect((await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)).status).toBe(200)
    }
    await age(m.id, C.smsResendSeconds + 1)
    const over = await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('too_many_codes')
    expect(over.body.errors.phone[0]).toMatch(/Try again in \d+ minutes\./)
    // the window is an hour from the oldest code in it
    const oldest = (C.smsResendSeconds + 1) * C.smsPerMemberPerHour
    expect(over.body.retry_after).toBeLessThanOrEqual(3600 - oldest + 5)
    expect(over.body.retry_after).toBeGreaterThan(3600 - oldest - 60)
    // an hour later the member may ask again
    await age(m.id, 3600)
    expect((await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)).status).toBe(200)
  })

  it('at most smsPerNumberPerHour codes to one number an hour, whoever asks', async () => {
    const phone = phoneNo()
    for (let i = 0; i < C.smsPerNumberPerHour; i++) {
      const m = await member()
      expect((await c.post('/api/account/phone/code', { phone }, m.auth)).status).toBe(200)
    }
    const m = await member()
    const over = await c.post('/api/account/phone/code', { phone }, m.auth)
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('too_many_codes_number')
    expect(over.body.retry_after).toBeGreaterThan(3500)
    // another number is fine for the same member
    expect((await c.post('/api/account/phone/code', { phone: phoneNo() }, m.auth)).status).toBe(200)
  })

  it("a number verified by another member is refused (409), and a code can't be used by another member", async () => {
    const a = await member()
    const b = await member()
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, a.auth)
    const code = await lastCode(phone)
    // b cannot use a's code: it is a's
    const stolen = await c.post('/api/account/phone/verify', { phone, code }, b.auth)
    expect(stolen.status).toBe(410)
    expect((await c.post('/api/account/phone/verify', { phone, code }, a.auth)).status).toBe(200)
    const taken = await c.post('/api/account/phone/code', { phone }, b.auth)
    expect(taken.status).toBe(409)
    expect(taken.body.errors.phone).toEqual(['This number is already verified on another account.'])
    expect(taken.body.code).toBe('phone_taken')
    // b's phone stays unverified
    expect((await c.get('/api/account/phone', b.auth)).body.data).toEqual({ phone: null, verified: false })
  })

  it('a changed phone is unverified until its code is entered; the same number again stays verified (issue 25)', async () => {
    const a = await member()
    const b = await member()
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, a.auth)
    expect(
      (await c.post('/api/account/phone/verify', { phone, code: await lastCode(phone) }, a.auth)).status,
    ).toBe(200)
    // the same number, written with spaces: still verified
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`
    expect((await c.put('/api/account/profile', { phone: spaced }, a.auth)).status).toBe(200)
    expect((await c.get('/api/account/phone', a.auth)).body.data.verified).toBe(true)
    // another number through the profile: unverified, and a survey that needs a phone asks for it
    const other = phoneNo()
    expect((await c.put('/api/account/profile', { phone: other }, a.auth)).status).toBe(200)
    expect((await c.get('/api/account/phone', a.auth)).body.data).toEqual({
      phone: `+1${'•'.repeat(other.length - 6)}${other.slice(-4)}`,
      verified: false,
    })
    // b cannot take a's number by typing it into the profile: it needs its own code
    expect((await c.put('/api/account/profile', { phone }, b.auth)).status).toBe(200)
    expect((await c.get('/api/account/phone', b.auth)).body.data.verified).toBe(false)
    // a number is verified on one account at a time: once b verifies it with its code, a cannot again
    await c.post('/api/account/phone/code', { phone }, b.auth)
    expect(
      (await c.post('/api/account/phone/verify', { phone, code: await lastCode(phone) }, b.auth)).status,
    ).toBe(200)
    expect((await c.post('/api/account/phone/code', { phone }, a.auth)).status).toBe(409)
    // clearing the phone clears the verification
    expect((await c.put('/api/account/profile', { phone: null }, b.auth)).status).toBe(200)
    expect((await c.get('/api/account/phone', b.auth)).body.data).toEqual({ phone: null, verified: false })
    const rows = await db().query<{ verified: boolean }>(
      'SELECT phone_verified_at IS NOT NULL AS verified FROM users WHERE id = ANY($1) ORDER BY id',
      [[a.id, b.id]],
    )
    expect(rows).toEqual([{ verified: false }, { verified: false }])
  })

  it('the database holds a number verified on one account at most (a unique index)', async () => {
    const a = await member()
    const b = await member()
    const phone = phoneNo()
    await db().query('UPDATE users SET phone = $2, phone_verified_at = now() WHERE id = $1', [a.id, phone])
    await expect(
      db().query('UPDATE users SET phone = $2, phone_verified_at = now() WHERE id = $1', [b.id, phone]),
    ).rejects.toMatchObject({ code: '23505' })
    // unverified, any number of accounts may name it
    await db().query('UPDATE users SET phone = $2 WHERE id = $1', [b.id, phone])
  })

  it("migration 012 drops the verification of numbers never verified by a code, and of a number's later accounts", async () => {
    const cleanup = readFileSync('server/db/migrations/012_account_takeover.sql', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('UPDATE users u SET phone_verified_at = NULL'))
    expect(cleanup).toHaveLength(2)
    const [real, changed, later] = [await member(), await member(), await member()]
    const phone = phoneNo()
    // `real` verified its number by a code; `changed` verified one number, then changed it (the old
    // bug kept the flag); `later` holds the same number as `real`, verified later by a code
    await c.post('/api/account/phone/code', { phone }, real.auth)
    await c.post('/api/account/phone/verify', { phone, code: await lastCode(phone) }, real.auth)
    const first = phoneNo()
    await c.post('/api/account/phone/code', { phone: first }, changed.auth)
    await c.post('/api/account/phone/verify', { phone: first, code: await lastCode(first) }, changed.auth)
    await db().query('UPDATE users SET phone = $2 WHERE id = $1', [changed.id, phoneNo()])
    await db().query('DROP INDEX users_verified_phone_key')
    try {
      await db().query(
        `INSERT INTO phone_codes (user_id, phone, code_hash, expires_at, used_at) VALUES ($1, $2, 'x', now(), now())`,
        [later.id, phone],
      )
      await db().query(
        "UPDATE users SET phone = $2, phone_verified_at = now() + interval '1 second' WHERE id = $1",
        [later.id, phone],
      )
      for (const sql of cleanup) await db().query(sql)
    } finally {
      await db().query(
        'CREATE UNIQUE INDEX users_verified_phone_key ON users (phone) WHERE phone_verified_at IS NOT NULL',
      )
    }
    const rows = await db().query<{ id: number; verified: boolean }>(
      'SELECT id, phone_verified_at IS NOT NULL AS verified FROM users WHERE id = ANY($1) ORDER BY id',
      [[real.id, changed.id, later.id]],
    )
    expect(rows).toEqual([
      { id: real.id, verified: true },
      { id: changed.id, verified: false },
      { id: later.id, verified: false },
    ])
  })

  it('50 concurrent verify requests with the right code: verified once, the code used once', async () => {
    const m = await member()
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, m.auth)
    const code = await lastCode(phone)
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => c.post('/api/account/phone/verify', { phone, code }, m.auth)),
    )
    const statuses = replies.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 410)).toHaveLength(49)
    const rows = await db().query<{ used: boolean }>(
      'SELECT used_at IS NOT NULL AS used FROM phone_codes WHERE user_id = $1',
      [m.id],
    )
    expect(rows).toEqual([{ used: true }])
  })

  it('the dev route lists the outbox messages to a number', async () => {
    const m = await member()
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, m.auth)
    const r = await c.get(`/api/dev/sms?to=${encodeURIComponent(phone)}`)
    expect(r.body.data).toHaveLength(1)
    expect(r.body.data[0].to).toBe(phone)
    expect(r.body.data[0].body).toMatch(new RegExp(`\\b\\d{${C.smsCodeLength}}\\b`))
  })
})

describe('targeting', () => {
  it('gives the survey, only its questions, and saves, prefills and judges the answers', async () => {
    const m = await member()
    const id = await survey({ targeting: { car: ['yes'], age: ['25_34', '35_49'] } })
    const r = await c.get(`/api/surveys/${id}/targeting`, m.auth)
    expect(r.status).toBe(200)
    expect(r.body.data.survey).toMatchObject({ id, has_targeting: true, needs_phone: false, done: false })
    // in the questions' order (position), with their options
    expect(r.body.data.questions).toEqual([
      { key: 'age', options: ['18_24', '25_34', '35_49', '50_64', '65_plus'] },
      { key: 'car', options: ['yes', 'no'] },
    ])
    expect(r.body.data.answers).toEqual({})

    const no = await c.put(`/api/surveys/${id}/targeting`, { answers: { age: '25_34', car: 'no' } }, m.auth)
    expect(no.status).toBe(200)
    expect(no.body.data.qualified).toBe(false)
    expect((await c.get(`/api/surveys/${id}/targeting`, m.auth)).body.data.answers).toEqual({
      age: '25_34',
      car: 'no',
    })
    const yes = await c.put(`/api/surveys/${id}/targeting`, { answers: { age: '25_34', car: 'yes' } }, m.auth)
    expect(yes.body.data.qualified).toBe(true)

    // another survey asking `car` and `pets` is prefilled with every answer the member gave
    const other = await survey({ targeting: { car: ['no'], pets: ['dog'] } })
    const prefilled = await c.get(`/api/surveys/${other}/targeting`, m.auth)
    expect(prefilled.body.data.questions.map((q: { key: string }) => q.key)).toEqual(['car', 'pets'])
    expect(prefilled.body.data.answers).toEqual({ age: '25_34', car: 'yes' })
  })

  it('refuses unknown questions, unknown options and unanswered questions with field errors (400)', async () => {
    const m = await member()
    const id = await survey({ targeting: { car: ['yes'], pets: ['cat'] } })
    const r = await c.put(
      `/api/surveys/${id}/targeting`,
      { answers: { car: 'maybe', shoe_size: '42' } },
      m.auth,
    )
    expect(r.status).toBe(400)
    expect(r.body.codes).toEqual({
      'answers.car': 'unknown_option',
      'answers.shoe_size': 'unknown_question',
      'answers.pets': 'required',
    })
    expect(await db().query('SELECT 1 FROM targeting_answers WHERE user_id = $1', [m.id])).toEqual([])
    expect((await c.put(`/api/surveys/${id}/targeting`, { answers: 'car' }, m.auth)).status).toBe(422)
    expect((await c.get('/api/surveys/99999999/targeting', m.auth)).status).toBe(404)
    expect((await c.get(`/api/surveys/${id}/targeting`)).status).toBe(401)
  })

  it("another member never sees your answers, and saving changes only one's own", async () => {
    const a = await member()
    const b = await member()
    const id = await survey({ targeting: { pets: ['dog', 'cat'] } })
    await c.put(`/api/surveys/${id}/targeting`, { answers: { pets: 'dog' } }, a.auth)
    expect((await c.get(`/api/surveys/${id}/targeting`, b.auth)).body.data.answers).toEqual({})
    await c.put(`/api/surveys/${id}/targeting`, { answers: { pets: 'none' } }, b.auth)
    expect((await c.get(`/api/surveys/${id}/targeting`, a.auth)).body.data.answers).toEqual({ pets: 'dog' })
  })
})

describe('precheck', () => {
  const needs = async (id: number, auth: Record<string, string>) => {
    const r = await c.get(`/api/surveys/${id}/precheck`, auth)
    expect(r.status).toBe(200)
    return r.body.data.needs as string | null
  }

  it('answers in order: verify, onboarding, phone, targeting, not_qualified, then nothing', async () => {
    const id = await survey({ needs_phone: true, targeting: { household: ['1', '2'] } })
    expect((await c.get(`/api/surveys/${id}/precheck`)).status).toBe(401)
    const m = await member({ verified: false, onboarded: false })
    expect(await needs(id, m.auth)).toBe('verify')
    await db().query('UPDATE users SET is_verified = true WHERE id = $1', [m.id])
    expect(await needs(id, m.auth)).toBe('onboarding')
    // the onboarding survey itself needs no onboarding
    const onboarding = (await db().one<{ id: number }>('SELECT id FROM surveys WHERE is_onboarding LIMIT 1'))!
      .id
    expect(await needs(onboarding, m.auth)).toBe(null)
    await db().query('UPDATE users SET coin_onboarding = 1 WHERE id = $1', [m.id])
    expect(await needs(id, m.auth)).toBe('phone')
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, m.auth)
    await c.post('/api/account/phone/verify', { phone, code: await lastCode(phone) }, m.auth)
    expect(await needs(id, m.auth)).toBe('targeting')
    await c.put(`/api/surveys/${id}/targeting`, { answers: { household: '5_plus' } }, m.auth)
    expect(await needs(id, m.auth)).toBe('not_qualified')
    await c.put(`/api/surveys/${id}/targeting`, { answers: { household: '2' } }, m.auth)
    expect(await needs(id, m.auth)).toBe(null)
    expect((await c.get('/api/surveys/99999999/precheck', m.auth)).status).toBe(404)
  })

  it('offers the best-paying survey the member can take when it pays betterOfferMinGainPercent more per minute', async () => {
    // every other active survey out of the way, so this test controls coins per minute
    await db().query(
      "UPDATE surveys SET active = false WHERE NOT is_onboarding AND title NOT LIKE 'Better %'",
    )
    const m = await member()
    const gain = 1 + C.betterOfferMinGainPercent / 100
    const chosen = await survey({ title: 'Better chosen', coins: 100, minutes: 10 }) // 10 a minute
    expect((await c.get(`/api/surveys/${chosen}/precheck`, m.auth)).body.data.better).toBe(null)

    // just under the gain: not offered
    const under = await survey({ title: 'Better under', coins: Math.floor(10 * gain * 10) - 1, minutes: 10 })
    expect((await c.get(`/api/surveys/${under}/precheck`, m.auth)).body.data).toEqual({
      needs: null,
      better: null,
    })
    expect((await c.get(`/api/surveys/${chosen}/precheck`, m.auth)).body.data.better).toBe(null)

    // at the gain exactly: offered
    const enough = await survey({ title: 'Better enough', coins: Math.ceil(10 * gain * 20), minutes: 20 })
    const r = await c.get(`/api/surveys/${chosen}/precheck`, m.auth)
    expect(r.body.data.better).toMatchObject({ id: enough, coins_per_minute: Math.ceil(10 * gain * 20) / 20 })

    // higher still, but: needs a phone the member lacks, targeting that rules them out, inactive,
    // on a platform that is off, or already finished by them -> none of these is offered
    const phoneOnly = await survey({ title: 'Better phone', coins: 500, minutes: 10, needs_phone: true })
    const ruledOut = await survey({
      title: 'Better ruled out',
      coins: 490,
      minutes: 10,
      targeting: { car: ['yes'] },
    })
    await survey({ title: 'Better inactive', coins: 480, minutes: 10, active: false })
    await survey({ title: 'Better platform off', coins: 475, minutes: 10, platform: 'no-such-platform' })
    const finished = await survey({ title: 'Better finished', coins: 470, minutes: 10 })
    await c.put(`/api/surveys/${ruledOut}/targeting`, { answers: { car: 'no' } }, m.auth)
    await db().query(
      `INSERT INTO coin_attempts (id, user_id, platform, survey_id, status) VALUES ($1, $2, 'devsurvey', $3, 'completed')`,
      [`att-better-${m.id}`, m.id, finished],
    )
    expect((await c.get(`/api/surveys/${chosen}/precheck`, m.auth)).body.data.better.id).toBe(enough)

    // a started (unfinished) attempt does not hide a survey; an unanswered targeting question does not either
    const open = await survey({ title: 'Better open', coins: 460, minutes: 10, targeting: { pets: ['cat'] } })
    await db().query(
      `INSERT INTO coin_attempts (id, user_id, platform, survey_id, status) VALUES ($1, $2, 'devsurvey', $3, 'started')`,
      [`att-open-${m.id}`, m.id, open],
    )
    expect((await c.get(`/api/surveys/${chosen}/precheck`, m.auth)).body.data.better.id).toBe(open)

    // once the member has the phone, the phone survey is the best
    const phone = phoneNo()
    await c.post('/api/account/phone/code', { phone }, m.auth)
    await c.post('/api/account/phone/verify', { phone, code: await lastCode(phone) }, m.auth)
    expect((await c.get(`/api/surveys/${chosen}/precheck`, m.auth)).body.data.better).toMatchObject({
      id: phoneOnly,
      coins_per_minute: 50,
      needs_phone: true,
      locked: false,
    })
    // and no better offer while something still stands before the chosen survey
    const gated = await survey({
      title: 'Better gated',
      coins: 10,
      minutes: 10,
      targeting: { age: ['65_plus'] },
    })
    expect((await c.get(`/api/surveys/${gated}/precheck`, m.auth)).body.data).toEqual({
      needs: 'targeting',
      better: null,
    })
  })
})
