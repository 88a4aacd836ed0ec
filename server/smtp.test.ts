import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { constants } from '../src/config/constants.ts'
import { mailHtml } from './adapters/mail.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 31, "Mail": with SMTP_URL the mail reaches a real SMTP server (the `smtp-server` library, started
 * here on a free loopback port): a plain-text and an HTML part, the member's language, the RFC 8058
 * headers on a notice (none on an account mail such as the verification), and a refused message stays
 * queued in the job runner until the server takes it.
 */

interface Received {
  to: string[]
  raw: string
}
const received: Received[] = []
let refusing = false
let smtp: SMTPServer
let app: FastifyInstance
let c: ReturnType<typeof client>

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (refusing) {
        const err = new Error('mailbox busy, try again later') as Error & { responseCode: number }
        err.responseCode = 451
        return cb(err)
      }
      cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (b: Buffer) => chunks.push(b))
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        cb()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const { port } = smtp.server.address() as AddressInfo
  app = await testServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'rewards@example.com' })
  c = client(app)
})
afterAll(async () => {
  await app?.close()
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
})

/* A small MIME reader: headers (unfolded, encoded words decoded) and the leaf parts, decoded. */
const decodeQp = (s: string) =>
  Buffer.from(
    s
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8')
const decodeWords = (s: string) =>
  s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')),
    )
interface Part {
  headers: Record<string, string>
  body: string
}
function parse(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':')
    headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim())
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') }
}
function leaves(p: Part): Part[] {
  const type = p.headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1]
  if (!type.startsWith('multipart/') || !boundary) {
    const enc = (p.headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
    const body =
      enc === 'base64'
        ? Buffer.from(p.body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : enc === 'quoted-printable'
          ? decodeQp(p.body)
          : p.body
    return [{ headers: p.headers, body }]
  }
  return p.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => leaves(parse(chunk.replace(/^\r?\n/, ''))))
}
const mailsTo = (email: string) => received.filter((r) => r.to.includes(email)).map((r) => parse(r.raw))
const partOf = (m: Part, type: string) =>
  leaves(m).find((p) => (p.headers['content-type'] ?? '').startsWith(type))

const texts = (lng: 'en' | 'es') =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'locales', lng, 'mail-account.json'), 'utf8'))

async function register(lang?: 'es') {
  const email = `smtp-${randomUUID()}@example.com`
  const r = await c.post(`/api/web/register${lang ? `?${constants.languageQueryParam}=${lang}` : ''}`, {
    name: 'Test Member',
    email,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    source: 'test',
    user_agent: 'vitest',
  })
  return { email, status: r.status }
}

describe('mail through SMTP (smtp-server on loopback)', () => {
  it('a verification mail arrives with a plain-text part, an HTML part with its link, and no List-Unsubscribe (an account mail)', async () => {
    const { email, status } = await register()
    expect(status).toBe(200)
    await app.jobs.runDueJobs()
    const [mail, ...more] = mailsTo(email)
    expect(more).toHaveLength(0)
    expect(mail!.headers.subject).toBe(texts('en').verify.subject)
    expect(mail!.headers.from).toContain('rewards@example.com')
    expect(mail!.headers['content-type']).toMatch(/^multipart\/alternative/)
    expect(mail!.headers['list-unsubscribe']).toBeUndefined()
    expect(mail!.headers['list-unsubscribe-post']).toBeUndefined()
    const text = partOf(mail!, 'text/plain')!.body
    const html = partOf(mail!, 'text/html')!.body
    const link = new RegExp(`${app.services.publicUrl}/verify/[A-Za-z0-9_-]+`).exec(text)?.[0]
    expect(link).toMatch(/\/verify\//)
    expect(text).toContain(texts('en').verify.body.split('{{url}}')[0])
    expect(html).toContain(`href="${link}"`)
    expect(html).toContain(texts('en').verify.label)
    expect(html).toMatch(/<html lang="en"/)
    expect(mail!.headers['content-language']).toBe('en')
  })

  it("a verification mail is in the member's language: Spanish for a sign-up from a Spanish page", async () => {
    const { email, status } = await register('es')
    expect(status).toBe(200)
    await app.jobs.runDueJobs()
    const [mail] = mailsTo(email)
    expect(mail!.headers.subject).toBe(texts('es').verify.subject)
    expect(partOf(mail!, 'text/plain')!.body).toContain(texts('es').verify.body.split('{{url}}')[0])
    const html = partOf(mail!, 'text/html')!.body
    expect(html).toContain(texts('es').verify.label)
    expect(html).toMatch(/<html lang="es"/)
    expect(mail!.headers['content-language']).toBe('es')
  })

  it('a notice mail arrives with the RFC 8058 headers: List-Unsubscribe (one-click URL on PUBLIC_URL) and List-Unsubscribe-Post', async () => {
    const { email } = await register()
    const r = await c.post('/api/dev/mail/sample', { email, list: 'cashback' })
    expect(r.body.sent).toBe(true)
    await app.jobs.runDueJobs()
    const mail = mailsTo(email).find((m) => m.headers.subject === texts('en').sample.subject)!
    expect(mail.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${app.services.publicUrl}/api/unsubscribe/one-click\\?token=[^>]+>$`),
    )
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(partOf(mail, 'text/html')!.body).toContain(`${app.services.publicUrl}/unsub/cashback?token=`)
  })

  it('a message the SMTP server refuses is kept and retried by the job runner until it is taken, and sent once', async () => {
    refusing = true
    const { email, status } = await register()
    // the sign-up does not fail because the mail server does
    expect(status).toBe(200)
    const first = await app.jobs.runDueJobs()
    expect(first.failed.length).toBeGreaterThan(0)
    expect(mailsTo(email)).toHaveLength(0)
    // the queued message is the job's payload; what the row keeps of the error names no address or link
    const queued = await app.services.db.query<{
      key: string
      payload: { to?: string }
      last_error: string | null
    }>(`SELECT key, payload, last_error FROM jobs WHERE name = 'mail.send' AND payload->>'to' = $1`, [email])
    expect(queued).toHaveLength(1)
    expect(queued[0]!.last_error).toContain('451')
    expect(queued[0]!.last_error).not.toContain(email)
    expect(queued[0]!.last_error).not.toContain('/verify/')
    // still refusing at the next try (after its backoff)
    const later = (s: number) => new Date(Date.now() + s * 1000)
    const second = await app.jobs.runDueJobs(later(constants.jobs.retryBaseSeconds + 1))
    expect(second.failed.length).toBeGreaterThan(0)
    expect(mailsTo(email)).toHaveLength(0)
    // the server takes mail again: the next run delivers it
    refusing = false
    const third = await app.jobs.runDueJobs(later(constants.jobs.retryMaxSeconds + 1))
    expect(third.failed).toHaveLength(0)
    const [mail, ...more] = mailsTo(email)
    expect(more).toHaveLength(0)
    expect(mail!.headers.subject).toBe(texts('en').verify.subject)
    // and not again; the kept job row no longer holds the message (its link)
    await app.jobs.runDueJobs(later(2 * constants.jobs.retryMaxSeconds + 1))
    expect(mailsTo(email)).toHaveLength(1)
    const done = await app.services.db.one<{ payload: Record<string, unknown>; done: boolean }>(
      `SELECT payload, done_at IS NOT NULL AS done FROM jobs WHERE key = $1`,
      [queued[0]!.key],
    )
    expect(done).toEqual({ payload: {}, done: true })
  })

  it('a message sent while the SMTP server is down is delivered once it is back', async () => {
    const { port } = smtp.server.address() as AddressInfo
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()))
    const { email, status } = await register()
    expect(status).toBe(200)
    expect((await app.jobs.runDueJobs()).failed.length).toBeGreaterThan(0)
    await new Promise<void>((resolve) => smtp.server.listen(port, '127.0.0.1', () => resolve()))
    const report = await app.jobs.runDueJobs(
      new Date(Date.now() + (constants.jobs.retryMaxSeconds + 1) * 1000),
    )
    expect(report.failed).toHaveLength(0)
    expect(mailsTo(email)).toHaveLength(1)
  })

  it('the start summary names the SMTP server (host and port) and the queue', async () => {
    const { port } = smtp.server.address() as AddressInfo
    expect(app.summary('http://127.0.0.1:3000')).toContain(
      `mail:     smtp smtp://127.0.0.1:${port}, queued in the database and retried by the job runner until sent`,
    )
  })

  it("the HTML part escapes the mail's text (a member's name is not markup) and keeps each link's address", () => {
    const html = mailHtml({
      to: 'x@example.com',
      subject: 'Hi <Ann>',
      body: 'Hello <b>Ann</b> & co\nSee http://localhost:3000/a?x=1&y=2',
      links: [{ label: 'Go "now"', url: 'http://localhost:3000/go?a=1&b=2' }],
      language: 'es',
    })
    expect(html).toContain('<html lang="es">')
    expect(html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt; &amp; co<br>')
    expect(html).not.toContain('<b>')
    expect(html).toContain('<a href="http://localhost:3000/a?x=1&amp;y=2">')
    expect(html).toContain(
      '<a href="http://localhost:3000/go?a=1&amp;b=2"><strong>Go &quot;now&quot;</strong></a>',
    )
    expect(html).toContain('<title>Hi &lt;Ann&gt;</title>')
  })
})
