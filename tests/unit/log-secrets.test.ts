import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findSecrets } from '../e2e/log-secrets'

// Issue 25: the scanner that fails the end-to-end run when a server log carries a secret
// (tests/e2e/global-teardown.ts). It must find a real link, and leave the redacted lines alone.
const token = randomBytes(32).toString('base64url')
const hex = randomBytes(32).toString('hex')
const jwt = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from('{"sub":"1","jti":"abc"}').toString('base64url')}.${randomBytes(32).toString('base64url')}`
const line = (msg: string) => JSON.stringify({ level: 30, time: 1, pid: 1, msg })

describe('the log secret scanner', () => {
  it.each([
    [
      'a reset link',
      `mail to ana@example.com: Reset my password: http://localhost:3000/password/reset/${token}/YW5hQGV4YW1wbGUuY29t`,
    ],
    [
      'a verification link',
      `mail to ana@example.com: Verify my email: http://127.0.0.1:3100/verify/${token}`,
    ],
    ['an e-mail change link', `mail to ana@example.com: Undo: http://127.0.0.1:3100/email/undo/${token}`],
    ['a token callback path', JSON.stringify({ req: { method: 'GET', url: `/token/callback/${jwt}` } })],
    ['a one-time code in a query', JSON.stringify({ req: { url: `/mobile/authorized?code=${token}` } })],
    ['a login token in a query', JSON.stringify({ req: { url: `/upsell?xd=1&token=${jwt}` } })],
    ['a login token anywhere', line(`signed in with ${jwt}`)],
    ['an SMS code', 'sms to +15551234567: Your verification code is 482913. It expires in 10 minutes.'],
    ['an SMS code as a field', JSON.stringify({ code: '482913' })],
    ['a 64-hex token', line(`token ${hex}`)],
    ['a bare base64url token', line(`exchanged ${token}`)],
  ])('finds %s', (_name, text) => {
    const found = findSecrets(`${line('server listening')}\n${text}\n`)
    expect(found.map((f) => f.line)).toEqual([2])
  })

  it('leaves redacted and ordinary lines alone', () => {
    const ok = [
      line('mail to a***@example.com written to the outbox (npm run mailbox)'),
      line('text message to ***4567 written to the outbox'),
      JSON.stringify({ req: { method: 'GET', url: '/password/reset/[redacted]' } }),
      JSON.stringify({ req: { method: 'GET', url: '/verify/[redacted]' } }),
      JSON.stringify({ req: { method: 'GET', url: '/mobile/authorized?code=[redacted]' } }),
      JSON.stringify({ req: { method: 'POST', url: '/api/verify/resend' } }),
      JSON.stringify({ res: { statusCode: 200 }, responseTime: 1234.5678 }),
      JSON.stringify({ code: 'too_many_attempts', retry_after: 3600 }),
      JSON.stringify({ req: { url: '/api/stores/the-very-long-internal-name-of-a-merchant-store' } }),
      'Rewards server ready at http://127.0.0.1:3100',
    ].join('\n')
    expect(findSecrets(ok)).toEqual([])
  })
})
