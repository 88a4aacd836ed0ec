// Issue 25, item 7: no one-time link, code or token in any log line, at any level. A server whose
// logger writes to this test (level trace) goes through every flow that makes a secret (register,
// verification resend, password reset, phone code, one-time mobile code) and opens the pages and
// calls that carry them; then the test reads the log.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { describeFindings, findSecrets } from '../tests/e2e/log-secrets.ts'
import { readMailOutbox } from './adapters/mail.ts'
import { readOutbox } from './adapters/outbox.ts'
import type { StoredSms } from './adapters/sms.ts'
import { maskEmail, maskPhone, redactUrl } from './lib/log-redact.ts'
import { client, testServer } from './test-helpers.ts'

describe.each(['test', 'production'] as const)('the server log in %s mode, at level trace', (mode) => {
  it('names no link, code or token of register, resend, reset, phone code and mobile code', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean))
        done()
      },
    })
    const outboxDir = mkdtempSync(join(tmpdir(), 'rewards-log-test-'))
    const app = await testServer({ mode, outboxDir, logger: { level: 'trace', stream } })
    try {
      const c = client(app)
      const email = `logged-${mode}@example.com`
      const reg = await c.register(email)
      const auth = c.bearer(reg.login_token)
      expect((await c.post('/api/verify/resend', {}, auth)).body.code).toBe('verification_sent')
      expect((await c.post('/api/password/reset', { email })).body.code).toBe('reset_sent')
      // a verified member may ask for a phone code
      await app.services.db.query('UPDATE users SET is_verified = true WHERE id = $1', [reg.user.user_id])
      app.services.sessions.forget(reg.user.user_id)
      const phone = '+15557654321'
      expect((await c.post('/api/account/phone/code', { phone }, auth)).status).toBe(200)
      const mobile = await c.post('/api/mobile/code', {}, auth)
      expect(mobile.status).toBe(200)

      const mails = readMailOutbox(outboxDir, email)
      const links = mails.flatMap((m) => m.links.map((l) => l.url))
      expect(links.filter((l) => l.includes('/verify/'))).toHaveLength(2)
      const resetLink = links.find((l) => l.includes('/password/reset/'))!
      const sms = readOutbox<StoredSms>(join(outboxDir, 'sms'), phone)
      const smsCode = sms[0]!.body.match(/\b(\d{4,10})\b/)![1]!
      // /verify/<token>, /password/reset/<token>/<address>
      const tokens = links.map((l) => {
        const p = new URL(l).pathname.split('/').filter(Boolean)
        return (p[0] === 'verify' ? p[1] : p[2])!
      })
      const resetToken = new URL(resetLink).pathname.split('/')[3]!
      const verifyToken = new URL(links.find((l) => l.includes('/verify/'))!).pathname.split('/')[2]!

      // the pages and calls that carry them
      for (const l of links) await c.get(new URL(l).pathname)
      await c.get(`/token/callback/${reg.login_token}`)
      // the e-mail change links' pages
      await c.get(`/email/confirm/${resetToken}`)
      await c.get(`/email/undo/${verifyToken}?code=${smsCode}`)
      await c.get(`/mobile/authorized?code=${mobile.body.code}`)
      await c.get(`/upsell?xd=1&token=${reg.login_token}`)
      expect((await c.post('/api/verify', { token: verifyToken })).status).toBe(200)
      const pw = 'a new password here'
      const reset = await c.post('/api/password/reset', {
        token: resetToken,
        email,
        password: pw,
        password_confirmation: pw,
      })
      expect(reset.status).toBe(200)
      expect((await c.post('/api/mobile/exchange', { code: mobile.body.code })).status).toBe(200)
      await c.post('/api/account/phone/verify', { phone, code: smsCode }, auth)

      const secrets = [
        ...tokens,
        resetToken,
        verifyToken,
        smsCode,
        mobile.body.code as string,
        reg.login_token,
        reset.body.login_token as string,
      ]
      expect(lines.length).toBeGreaterThan(5)
      const carrying = lines.filter((l) => secrets.some((s) => l.includes(s)))
      expect(carrying).toEqual([])
      expect(describeFindings('log', findSecrets(lines.join('\n')))).toEqual([])
      // a person learns where the mail went, not what it says
      expect(lines.some((l) => l.includes(`l***@example.com written to the outbox (npm run mailbox)`))).toBe(
        true,
      )
    } finally {
      await app.close()
      rmSync(outboxDir, { recursive: true, force: true })
    }
  })
})

describe('redactUrl', () => {
  it('keeps the route and drops the one-time part of a path and the codes and tokens of a query', () => {
    expect(redactUrl('/verify/abcDEF123')).toBe('/verify/[redacted]')
    expect(redactUrl('/password/reset/tok/ZW1haWw?lang=es')).toBe('/password/reset/[redacted]?lang=es')
    expect(redactUrl('/es/token/callback/abc.def.ghi')).toBe('/es/token/callback/[redacted]')
    expect(redactUrl('/email/undo/tok')).toBe('/email/undo/[redacted]')
    expect(redactUrl('/mobile/authorized?code=abc&page=2')).toBe('/mobile/authorized?code=[redacted]&page=2')
    expect(redactUrl('/upsell?xd=1&TOKEN=eyJ.x.y')).toBe('/upsell?xd=1&TOKEN=[redacted]')
    // API routes carry their tokens in the body: their paths stay as they are
    expect(redactUrl('/api/verify/resend')).toBe('/api/verify/resend')
    expect(redactUrl('/api/stores?per_page=5')).toBe('/api/stores?per_page=5')
    // a value long and opaque enough to be a token, whatever its name (a pixel's e-mail hash)
    const hash = 'a'.repeat(32) + '0123456789abcdef'.repeat(2)
    expect(redactUrl(`/api/elk?action=conversion&tid=T1&e=${hash}`)).toBe(
      '/api/elk?action=conversion&tid=T1&e=[redacted]',
    )
    expect(redactUrl('/api/stores?q=best%20food%20delivery%20near%20me')).toBe(
      '/api/stores?q=best%20food%20delivery%20near%20me',
    )
  })

  it('masks an address and a number', () => {
    expect(maskEmail('ana@example.com')).toBe('a***@example.com')
    expect(maskPhone('+15557654321')).toBe('***4321')
  })
})
