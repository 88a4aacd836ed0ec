import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { hashPassword } from './lib/password.ts'
import { audit } from './lib/staff/audit.ts'
import { COMMAND_LINE, staffCommand } from './lib/staff/command.ts'
import { staffCookieName } from './lib/staff/session.ts'
import { newTotpSecret, totpOf } from './lib/staff/totp.ts'
import { client, type Res, staffMember, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>
const PASSWORD = 'a staff password of some length'

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

/** The staff cookie a reply set, as a request header. */
function cookieOf(r: Res): Record<string, string> {
  const name = staffCookieName(app.services.cookiePrefix)
  const set = [r.headers['set-cookie']].flat().map(String)
  const pair = set.find((v) => v.startsWith(`${name}=`))?.split(';')[0]
  if (!pair) throw new Error(`no staff cookie in ${r.status} ${r.text}`)
  return { cookie: pair }
}

/** A ready staff account (own password, confirmed second factor) with a secret the test knows. */
async function readyStaff(role: 'support' | 'finance' | 'admin' = 'finance') {
  const email = `ready-${randomUUID()}@staff.example`
  const secret = newTotpSecret()
  const row = await app.services.db.one<{ id: number }>(
    `INSERT INTO staff (email, name, role, password_hash, must_change_password, totp_secret, totp_confirmed_at)
     VALUES ($1, 'Ready', $2, $3, false, $4, now()) RETURNING id`,
    [email, role, await hashPassword(PASSWORD), secret],
  )
  return { id: row!.id, email, secret, code: () => totpOf(secret).generate() }
}

/** The password step: the password-stage cookie. */
async function passwordStep(email: string, password = PASSWORD) {
  const r = await c.post('/api/staff/sign-in', { email, password })
  expect(r.status).toBe(200)
  return { r, h: cookieOf(r) }
}

const auditOf = (target: string) =>
  app.services.db.query<{ action: string; actor: string; staff_id: number | null; after: unknown }>(
    'SELECT action, actor, staff_id, after FROM staff_audit WHERE target = $1 ORDER BY id',
    [target],
  )

describe('staff sign-in', () => {
  it('a password opens a password-stage session that only the second factor gets past', async () => {
    const who = await readyStaff()
    const { r, h } = await passwordStep(who.email)
    expect(r.body).toEqual({ stage: 'password', must_change_password: false, totp_setup_needed: false })
    expect(String([r.headers['set-cookie']].flat()[0])).toMatch(/HttpOnly; SameSite=Strict/)
    const me = await c.get('/api/staff/me', h)
    expect(me.status).toBe(200)
    expect(me.body.data).toMatchObject({ email: who.email, role: 'finance', stage: 'password' })
    const early = await c.get('/api/staff/overview', h)
    expect(early.status).toBe(403)
    expect(early.body.code).toBe('staff_second_factor')

    const v = await c.post('/api/staff/totp/verify', { code: who.code() }, h)
    expect(v.status).toBe(200)
    expect(v.body.stage).toBe('full')
    const full = cookieOf(v)
    expect((await c.get('/api/staff/overview', full)).status).toBe(200)
    // the password-stage session ended with the step
    expect((await c.get('/api/staff/me', h)).status).toBe(401)
    expect((await auditOf(`staff:${who.id}`)).map((a) => a.action)).toEqual(['staff.sign_in'])
  })

  it('a code that signed in once is refused the second time (totp_reused)', async () => {
    const who = await readyStaff()
    const code = who.code()
    const first = await passwordStep(who.email)
    expect((await c.post('/api/staff/totp/verify', { code }, first.h)).status).toBe(200)
    const second = await passwordStep(who.email)
    const again = await c.post('/api/staff/totp/verify', { code }, second.h)
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('totp_reused')
  })

  it('two sign-ins racing with one code get one session', async () => {
    const who = await readyStaff()
    const code = who.code()
    const a = await passwordStep(who.email)
    const b = await passwordStep(who.email)
    const both = await Promise.all([
      c.post('/api/staff/totp/verify', { code }, a.h),
      c.post('/api/staff/totp/verify', { code }, b.h),
    ])
    expect(both.map((x) => x.status).sort()).toEqual([200, 422])
  })

  it('a wrong password, an unknown address, a disabled account and a wrong code get one generic answer', async () => {
    const who = await readyStaff()
    const disabled = await readyStaff()
    await app.services.db.query('UPDATE staff SET disabled_at = now() WHERE id = $1', [disabled.id])
    const answers = [
      await c.post('/api/staff/sign-in', { email: who.email, password: 'not the password at all' }),
      await c.post('/api/staff/sign-in', {
        email: `nobody-${randomUUID()}@staff.example`,
        password: PASSWORD,
      }),
      await c.post('/api/staff/sign-in', { email: disabled.email, password: PASSWORD }),
    ]
    const { h } = await passwordStep(who.email)
    const good = who.code()
    const wrong = String((Number(good) + 500_000) % 1_000_000).padStart(6, '0')
    answers.push(await c.post('/api/staff/totp/verify', { code: wrong }, h))
    for (const a of answers) {
      expect(a.status).toBe(422)
      expect(a.body.code).toBe('staff_sign_in_failed')
      expect(Object.values(a.body.errors).flat()).toEqual([answers[0]!.body.errors.email[0]])
    }
  })

  it(`refuses the address past ${constants.staff.signInAttemptsPer15Minutes} attempts in 15 minutes`, async () => {
    const who = await readyStaff()
    const n = constants.staff.signInAttemptsPer15Minutes
    for (let i = 0; i < n; i++)
      expect((await c.post('/api/staff/sign-in', { email: who.email, password: `wrong ${i}` })).status).toBe(
        422,
      )
    const over = await c.post('/api/staff/sign-in', { email: who.email, password: PASSWORD })
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('too_many_attempts')
  })

  it(`a full session lasts ${constants.staff.sessionHours} hours and is refused once older`, async () => {
    const who = await readyStaff()
    const { h } = await passwordStep(who.email)
    const v = await c.post('/api/staff/totp/verify', { code: who.code() }, h)
    const full = cookieOf(v)
    const me = await c.get('/api/staff/me', full)
    const hours = (Date.parse(me.body.data.expires_at) - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(constants.staff.sessionHours - 0.1)
    expect(hours).toBeLessThanOrEqual(constants.staff.sessionHours)
    expect(String([v.headers['set-cookie']].flat()[0])).toContain(
      `Max-Age=${constants.staff.sessionHours * 3600}`,
    )
    // the same session, opened sessionHours and a minute ago
    await app.services.db.query(
      `UPDATE staff_sessions SET created_at = created_at - make_interval(mins => $2),
              expires_at = expires_at - make_interval(mins => $2)
        WHERE staff_id = $1 AND stage = 'full'`,
      [who.id, constants.staff.sessionHours * 60 + 1],
    )
    const late = await c.get('/api/staff/me', full)
    expect(late.status).toBe(401)
    expect(late.body.code).toBe('staff_sign_in_required')
  })

  it('sign-out ends the session', async () => {
    const who = await readyStaff()
    const { h } = await passwordStep(who.email)
    const full = cookieOf(await c.post('/api/staff/totp/verify', { code: who.code() }, h))
    const out = await c.post('/api/staff/sign-out', {}, full)
    expect(out.status).toBe(200)
    expect(String([out.headers['set-cookie']].flat()[0])).toContain('Max-Age=0')
    expect((await c.get('/api/staff/me', full)).status).toBe(401)
  })
})

describe('first sign-in of an account the command line made', () => {
  it('is audited as the command line; sets a password and the TOTP factor from the QR set-up', async () => {
    const email = `new-${randomUUID()}@staff.example`
    const lines: string[] = []
    const code = await staffCommand(app.services.db, ['add', email, '--role', 'finance'], (l) =>
      lines.push(l),
    )
    expect(code).toBe(0)
    const temporary = lines.join('\n').match(/Temporary password[^:]*: (\S+)/)?.[1] ?? ''
    expect(temporary.length).toBeGreaterThanOrEqual(constants.staff.passwordMinLength)
    const row = await app.services.db.one<{ id: number; password_hash: string }>(
      'SELECT id, password_hash FROM staff WHERE email = $1',
      [email],
    )
    expect(row!.password_hash).not.toContain(temporary)
    const created = await auditOf(`staff:${row!.id}`)
    expect(created).toEqual([
      {
        action: 'staff.create',
        actor: COMMAND_LINE.email,
        staff_id: null,
        after: { email, name: '', role: 'finance' },
      },
    ])

    const { r, h } = await passwordStep(email, temporary)
    expect(r.body).toEqual({ stage: 'password', must_change_password: true, totp_setup_needed: true })
    const setup = await c.post('/api/staff/totp/setup', {}, h)
    expect(setup.status).toBe(200)
    expect(setup.body.qr_svg).toMatch(/^<svg[^>]*viewBox/)
    expect(setup.body.otpauth_url).toContain(`secret=${setup.body.secret}`)
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//)
    const code1 = () => totpOf(setup.body.secret).generate()

    const none = await c.post('/api/staff/totp/verify', { code: code1() }, h)
    expect(none.body.code).toBe('password_required')
    const short = await c.post(
      '/api/staff/totp/verify',
      { code: code1(), new_password: 'x'.repeat(constants.staff.passwordMinLength - 1) },
      h,
    )
    expect(short.body.code).toBe('password_too_short')
    const v = await c.post('/api/staff/totp/verify', { code: code1(), new_password: PASSWORD }, h)
    expect(v.status).toBe(200)
    const full = cookieOf(v)
    expect((await c.get('/api/staff/me', full)).body.data).toMatchObject({
      stage: 'full',
      must_change_password: false,
      totp_confirmed: true,
    })
    // set up once: a new secret is refused now
    expect((await c.post('/api/staff/totp/setup', {}, full)).body.code).toBe('totp_already_set')
    expect((await auditOf(`staff:${row!.id}`)).map((a) => a.action)).toEqual([
      'staff.create',
      'staff.password_change',
      'staff.totp_setup',
      'staff.sign_in',
    ])
    // the temporary password no longer signs in; the new one does
    expect((await c.post('/api/staff/sign-in', { email, password: temporary })).status).toBe(422)
    expect((await c.post('/api/staff/sign-in', { email, password: PASSWORD })).status).toBe(200)
  })

  it('the command refuses a bad role and an address in use', async () => {
    const out: string[] = []
    expect(
      await staffCommand(app.services.db, ['add', 'x@staff.example', '--role', 'boss'], (l) => out.push(l)),
    ).toBe(2)
    expect(out[0]).toMatch(/^Usage: npm run staff -- add EMAIL --role support\|finance\|admin/)
    const email = `twice-${randomUUID()}@staff.example`
    expect(await staffCommand(app.services.db, ['add', email, '--role', 'support'], () => {})).toBe(0)
    expect(
      await staffCommand(app.services.db, ['add', email.toUpperCase(), '--role', 'admin'], () => {}),
    ).toBe(1)
  })
})

describe('the admin: staff accounts and the audit log', () => {
  it('creates an account with a role (temporary password once), lists it and disables it, all audited', async () => {
    const admin = await staffMember(app, 'admin')
    const email = `made-${randomUUID()}@staff.example`
    const made = await c.post('/api/staff/accounts', { email, name: 'Made Person', role: 'support' }, admin.h)
    expect(made.status).toBe(201)
    expect(made.body.data).toMatchObject({
      email,
      role: 'support',
      must_change_password: true,
      totp_confirmed: false,
    })
    expect(made.body.temporary_password.length).toBeGreaterThanOrEqual(constants.staff.passwordMinLength)
    const list = await c.get('/api/staff/accounts', admin.h)
    expect(list.body.data.find((a: { email: string }) => a.email === email)).not.toHaveProperty(
      'temporary_password',
    )
    expect((await c.post('/api/staff/accounts', { email, name: '', role: 'admin' }, admin.h)).body.code).toBe(
      'staff_email_taken',
    )

    const { h } = await passwordStep(email, made.body.temporary_password)
    const off = await c.post(`/api/staff/accounts/${made.body.data.id}/disable`, {}, admin.h)
    expect(off.status).toBe(200)
    expect(off.body.data.disabled_at).not.toBeNull()
    expect((await c.get('/api/staff/me', h)).status).toBe(401)
    expect((await c.post(`/api/staff/accounts/${admin.id}/disable`, {}, admin.h)).body.code).toBe(
      'staff_self',
    )

    const log = await c.get(`/api/staff/audit?target=staff:${made.body.data.id}`, admin.h)
    expect(log.body.data.map((a: { action: string; actor: string }) => [a.action, a.actor])).toEqual([
      ['staff.disable', admin.email],
      ['staff.create', admin.email],
    ])
  })

  it('filters the audit log by staff, action (or area) and date, and pages it', async () => {
    const admin = await staffMember(app, 'admin')
    const n = constants.staff.auditPageSize + 2
    // rows as the routes write them (made here: a staff account per row would hash n passwords)
    for (let i = 0; i < n; i++)
      await audit(app.services.db, admin, 'staff.create', `staff:${1000 + i}`, null, { i })
    const first = await c.get(`/api/staff/audit?staff=${encodeURIComponent(admin.email)}`, admin.h)
    expect(first.body).toMatchObject({
      page: 1,
      per_page: constants.staff.auditPageSize,
      total: n,
      has_more: true,
    })
    expect(first.body.data).toHaveLength(constants.staff.auditPageSize)
    const second = await c.get(`/api/staff/audit?staff=${encodeURIComponent(admin.email)}&page=2`, admin.h)
    expect(second.body.data).toHaveLength(2)
    expect(second.body.has_more).toBe(false)
    const area = await c.get(
      `/api/staff/audit?staff=${encodeURIComponent(admin.email)}&action=staff.`,
      admin.h,
    )
    expect(area.body.total).toBe(n)
    const other = await c.get(
      `/api/staff/audit?staff=${encodeURIComponent(admin.email)}&action=staff.disable`,
      admin.h,
    )
    expect(other.body.total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const dated = (q: string) =>
      c.get(`/api/staff/audit?staff=${encodeURIComponent(admin.email)}&${q}`, admin.h)
    expect((await dated(`from=${today}&to=${today}`)).body.total).toBe(n)
    expect((await dated(`from=${tomorrow}`)).body.total).toBe(0)
  })

  it('the home counts a waiting chat in the support queue, and no more once an agent has it', async () => {
    const support = await staffMember(app, 'support')
    const chatCount = async () =>
      (await c.get('/api/staff/overview', support.h)).body.data.find(
        (q: { queue: string }) => q.queue === 'chat',
      ).count as number
    const before = await chatCount()
    const m = await c.register(`waiting-${randomUUID()}@example.com`)
    // an open conversation no agent has taken, as the member's chat opens it
    const conv = await app.services.db.one<{ id: number }>(
      `INSERT INTO chat_conversations (user_id) VALUES ($1) RETURNING id`,
      [m.user.user_id],
    )
    expect(await chatCount()).toBe(before + 1)
    await app.services.db.query(
      'UPDATE chat_conversations SET agent_id = $2, taken_at = now() WHERE id = $1',
      [conv!.id, support.id],
    )
    expect(await chatCount()).toBe(before)
  })

  it('the home counts only the queues a role works', async () => {
    const support = await staffMember(app, 'support')
    const finance = await staffMember(app, 'finance')
    const admin = await staffMember(app, 'admin')
    const queues = async (h: Record<string, string>) =>
      (await c.get('/api/staff/overview', h)).body.data.map((q: { queue: string }) => q.queue)
    expect(await queues(support.h)).toEqual(['inquiries', 'chat'])
    expect(await queues(finance.h)).toEqual(['payouts', 'claims', 'protection', 'adjustments'])
    expect(await queues(admin.h)).toEqual([
      'payouts',
      'claims',
      'inquiries',
      'protection',
      'chat',
      'adjustments',
    ])
  })
})
