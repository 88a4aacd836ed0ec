import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, testServer } from './test-helpers.ts'

let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  app = await testServer()
  c = client(app)
})
afterAll(() => app?.close())

const pw = 'correct horse battery'
let n = 0
/** A fresh pair of addresses per test. */
const addresses = () => {
  n += 1
  return { old: `change-old-${n}@example.com`, next: `change-new-${n}@example.com` }
}
const tokenOf = (link: string, kind: 'confirm' | 'undo') => link.split(`/email/${kind}/`)[1]!
const signsIn = async (email: string) =>
  (await c.post('/api/web/login', { email, password: pw, 'g-recaptcha-response': 'test' })).status === 200
const sessionAlive = async (token: string) =>
  (await c.post('/api/sync-token', { nocache: true }, c.bearer(token))).body.success === true

describe('changing the email (issue 25)', () => {
  it('keeps the old address until the link is opened: the new one is pending and cannot sign in', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    const r = await c.post('/api/set-email', { email: next }, c.bearer(reg.login_token))
    expect(r.status).toBe(200)
    expect(r.body.message).toBe('Successfully set email.')
    expect(r.body.pending_email).toBe(next)
    expect(r.body.user.email).toBe(old)
    expect(r.body.user.pending_email).toBe(next)
    expect(await signsIn(old)).toBe(true)
    expect(await signsIn(next)).toBe(false)
    expect(await c.lastLink(next)).toMatch(/^http:\/\/localhost:\d+\/email\/confirm\/[A-Za-z0-9_-]{43}$/)
    expect(await sessionAlive(reg.login_token)).toBe(true)
  })

  it('the link switches the address (verified), signs out every session; a replayed link fails', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    const other = await c.login(old, pw)
    await c.post('/api/set-email', { email: next }, c.bearer(reg.login_token))
    const token = tokenOf(await c.lastLink(next), 'confirm')
    const ok = await c.post('/api/email/confirm', { token })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ success: true, code: 'email_changed', email: next })
    expect(await sessionAlive(reg.login_token)).toBe(false)
    expect(await sessionAlive(other)).toBe(false)
    expect(await signsIn(old)).toBe(false)
    const fresh = await c.login(next, pw)
    const me = await c.post('/api/sync-token', { nocache: true }, c.bearer(fresh))
    expect(me.body.user).toMatchObject({ email: next, is_verified: true, pending_email: null })
    const replay = await c.post('/api/email/confirm', { token })
    expect(replay.status).toBe(422)
    expect(replay.body.codes.token).toBe('email_link_invalid')
  })

  it('tells the old address at once, with an undo link that restores it and signs out every session', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    await c.post('/api/set-email', { email: next }, c.bearer(reg.login_token))
    const mails = (await c.get(`/api/dev/outbox?to=${encodeURIComponent(old)}`)).body.data
    expect(mails[0].subject).toBe('Your email is being changed')
    expect(mails[0].body).toContain(next)
    const undo = tokenOf(mails[0].links[0].url, 'undo')
    await c.post('/api/email/confirm', { token: tokenOf(await c.lastLink(next), 'confirm') })
    const taker = await c.login(next, pw)
    const r = await c.post('/api/email/undo', { token: undo })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ success: true, code: 'email_change_undone', email: old })
    expect(await sessionAlive(taker)).toBe(false)
    expect(await signsIn(next)).toBe(false)
    expect(await signsIn(old)).toBe(true)
    expect((await c.post('/api/email/undo', { token: undo })).status).toBe(422)
  })

  it('the old address stays reserved for its undo link: nobody can register it or switch to it meanwhile', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    await c.post('/api/set-email', { email: next }, c.bearer(reg.login_token))
    const undo = tokenOf(await c.lastLink(old), 'undo')
    await c.post('/api/email/confirm', { token: tokenOf(await c.lastLink(next), 'confirm') })
    // a taker registers the freed address to block the undo: refused
    const squat = await c.post('/api/web/register', {
      name: 'Squatter',
      email: old,
      password: pw,
      password_confirmation: pw,
    })
    expect(squat.status).toBe(422)
    expect(squat.body.codes.email).toBe('email_taken')
    // nor can another member switch to it
    const other = await c.register(`squat-${n}@example.com`, pw)
    const hijack = await c.post('/api/set-email', { email: old }, c.bearer(other.login_token))
    expect(hijack.status).toBe(422)
    expect(hijack.body.codes.email).toBe('email_taken')
    expect((await c.post('/api/email/undo', { token: undo })).status).toBe(200)
    expect(await signsIn(old)).toBe(true)
  })

  it('undo before the switch drops the pending change: its link then fails', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    await c.post('/api/set-email', { email: next }, c.bearer(reg.login_token))
    const confirm = tokenOf(await c.lastLink(next), 'confirm')
    expect((await c.post('/api/email/undo', { token: tokenOf(await c.lastLink(old), 'undo') })).status).toBe(
      200,
    )
    expect(await sessionAlive(reg.login_token)).toBe(false)
    expect((await c.post('/api/email/confirm', { token: confirm })).status).toBe(422)
    expect(await signsIn(old)).toBe(true)
    expect(await signsIn(next)).toBe(false)
  })

  it('resend replaces the link; cancel drops the change and its link', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    const auth = c.bearer(reg.login_token)
    expect((await c.post('/api/set-email/resend', {}, auth)).body.codes.email).toBe('no_pending_email')
    await c.post('/api/set-email', { email: next }, auth)
    const first = tokenOf(await c.lastLink(next), 'confirm')
    const again = await c.post('/api/set-email/resend', {}, auth)
    expect(again.status).toBe(200)
    expect(again.body.pending_email).toBe(next)
    const second = tokenOf(await c.lastLink(next), 'confirm')
    expect(second).not.toBe(first)
    expect((await c.post('/api/email/confirm', { token: first })).status).toBe(422)
    const cancelled = await c.post('/api/set-email/cancel', {}, auth)
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.user).toMatchObject({ email: old, pending_email: null })
    expect((await c.post('/api/email/confirm', { token: second })).status).toBe(422)
    expect(await signsIn(old)).toBe(true)
  })

  it('setting the current address again cancels a pending change', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    const auth = c.bearer(reg.login_token)
    await c.post('/api/set-email', { email: next }, auth)
    const link = tokenOf(await c.lastLink(next), 'confirm')
    const r = await c.post('/api/set-email', { email: old.toUpperCase() }, auth)
    expect(r.body.pending_email).toBeNull()
    expect((await c.post('/api/email/confirm', { token: link })).status).toBe(422)
  })

  it('the link also refuses an address reserved for an undo (a guard behind the one of set-email)', async () => {
    const a = addresses()
    const b = addresses()
    const ra = await c.register(a.old, pw)
    const rb = await c.register(b.old, pw)
    // a leaves its address; b's pending change to it is written straight into the database, since
    // set-email itself refuses a reserved address (the test above)
    await c.post('/api/set-email', { email: a.next }, c.bearer(ra.login_token))
    await c.post('/api/email/confirm', { token: tokenOf(await c.lastLink(a.next), 'confirm') })
    await app.services.db.query('UPDATE users SET pending_email = $2 WHERE id = $1', [rb.user.user_id, a.old])
    const link = await c.post('/api/set-email/resend', {}, c.bearer(rb.login_token))
    expect(link.status).toBe(200)
    const r = await c.post('/api/email/confirm', { token: tokenOf(await c.lastLink(a.old), 'confirm') })
    expect(r.status).toBe(422)
    expect(r.body.codes.email).toBe('email_taken')
  })

  it('an address another member took meanwhile is refused when the link is opened', async () => {
    const { old, next } = addresses()
    const reg = await c.register(old, pw)
    await c.post('/api/set-email', { email: next }, c.bearer(reg.login_token))
    const token = tokenOf(await c.lastLink(next), 'confirm')
    await c.register(next, pw)
    const r = await c.post('/api/email/confirm', { token })
    expect(r.status).toBe(422)
    expect(r.body.codes.email).toBe('email_taken')
    expect(await sessionAlive(reg.login_token)).toBe(true)
  })
})
