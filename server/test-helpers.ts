import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { inject } from 'vitest'
import { buildServer } from './app.ts'
import { book } from './lib/ledger.ts'
import { type StaffRole, staffCookieName } from './lib/staff/session.ts'
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo.ts'
import type { BuildOptions } from './types.ts'

/**
 * One server per test file: in-memory PGlite, or a schema of its own on PostgreSQL when DATABASE_URL is set
 * (dropped on close, its outbox in a temporary folder), with the small seed, in test mode (the dev routes the tests read) with the demo member.
 */
export async function testServer(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const url = process.env.DATABASE_URL
  return buildServer({
    ...(url
      ? {
          databaseUrl: url,
          schema: `t_${randomBytes(6).toString('hex')}`,
          dropSchema: true,
          // a folder of its own: the default (.data/pglite/outbox) would keep mail across runs
          outboxDir: mkdtempSync(join(tmpdir(), 'rewards-test-outbox-')),
        }
      : { dataDir: 'memory://', ...fromTemplate(opts) }),
    seed: 'small',
    mode: 'test',
    seedDemo: true,
    serveStatic: false,
    checkReplies: true,
    jwtSecret: randomBytes(32).toString('hex'),
    // the protection watcher runs only in the tests that start it
    protectionWatchSeconds: 0,
    // scheduled jobs run only when a test runs them (app.jobs.runDueJobs) or sets jobPollSeconds
    jobPollSeconds: 0,
    ...opts,
  })
}

let template: Blob | undefined

/**
 * The template database of the run (tests/server-template.ts) for a server that asks what it holds: the
 * small seed, the demo member, and the demo staff that every mode but production seeds.
 */
function fromTemplate(opts: BuildOptions): Pick<BuildOptions, 'loadDataDir'> {
  // what testServer asks for, with the caller's options over it (an explicit undefined included)
  const o: BuildOptions = { seed: 'small', mode: 'test', seedDemo: true, ...opts }
  const same =
    o.dataDir === undefined &&
    o.root === undefined &&
    o.seed === 'small' &&
    o.seedDemo === true &&
    (o.mode === 'test' || o.mode === 'development')
  const file = inject('pgliteTemplate')
  if (!same || !file) return {}
  template ??= new Blob([readFileSync(file)])
  return { loadDataDir: template }
}

export interface Res {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: test replies are checked by assertions, not types
  body: any
  headers: Record<string, unknown>
  text: string
}

export function client(app: FastifyInstance) {
  const call = async (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined
        ? {
            payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
            headers: { 'content-type': 'application/json', ...headers },
          }
        : {}),
    })
    let body: unknown
    try {
      body = res.body ? JSON.parse(res.body) : undefined
    } catch {
      body = undefined
    }
    return { status: res.statusCode, body, headers: res.headers, text: res.body } as Res
  }
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` })
  return {
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', url, body ?? {}, headers),
    put: (url: string, body?: unknown, headers?: Record<string, string>) =>
      call('PUT', url, body ?? {}, headers),
    del: (url: string, headers?: Record<string, string>) => call('DELETE', url, undefined, headers),
    raw: call,
    bearer,
    async login(email = DEMO_EMAIL, password = DEMO_PASSWORD) {
      const r = await call('POST', '/api/web/login', { email, password, 'g-recaptcha-response': 'test' })
      if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`)
      return r.body.login_token as string
    },
    async register(email: string, password = 'correct horse battery') {
      const r = await call('POST', '/api/web/register', {
        name: 'Test Member',
        email,
        password,
        password_confirmation: password,
        source: 'test',
        user_agent: 'vitest',
      })
      if (r.status !== 200) throw new Error(`register failed: ${r.status} ${r.text}`)
      return r.body as { login_token: string; user: { user_id: number } }
    },
    /** The newest link in the outbox for an address (the mailbox a person would click). */
    async lastLink(to: string): Promise<string> {
      const r = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`)
      const link = r.body.data[0]?.links[0]?.url as string | undefined
      if (!link) throw new Error(`no mail to ${to}`)
      return link
    },
  }
}

/**
 * A new member whose e-mail is verified by the mailed link, with `cents` of real (not test) payable
 * cash when given, as a network's confirmed cash back books it.
 */
export async function verifiedMember(app: FastifyInstance, cents = 0, password = 'correct horse battery') {
  const cl = client(app)
  const email = `member-${randomUUID()}@example.com`
  const r = await cl.register(email, password)
  const verify = await cl.post('/api/verify', { token: (await cl.lastLink(email)).split('/verify/')[1] })
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${verify.text}`)
  const id = r.user.user_id
  if (cents)
    await book(app.services.db, {
      userId: id,
      kind: 'cashback',
      currency: 'cash',
      amount: cents,
      status: 'payable',
      reason: 'Cash back on a purchase',
      benefitType: 'cashback',
      sourceRef: `test:network:${randomUUID()}`,
    })
  return { id, email, token: r.login_token, cl, h: cl.bearer(r.login_token) }
}

/**
 * A staff member of `role` with a full staff session, made straight in the database (the sign-in with
 * its second factor is tested in server/staff-auth.test.ts): `h` is the cookie header every /api/staff
 * call of the tests sends.
 */
export async function staffMember(app: FastifyInstance, role: StaffRole) {
  const db = app.services.db
  const email = `${role}-${randomUUID()}@staff.example`
  const row = await db.one<{ id: number }>(
    `INSERT INTO staff (email, name, role, password_hash, must_change_password, totp_secret, totp_confirmed_at)
     VALUES ($1, $2, $3, 'not-a-hash', false, 'JBSWY3DPEHPK3PXP', now()) RETURNING id`,
    [email, `Test ${role}`, role],
  )
  const token = randomBytes(32).toString('base64url')
  await db.query(
    `INSERT INTO staff_sessions (id, staff_id, stage, expires_at) VALUES ($1, $2, 'full', now() + interval '1 hour')`,
    [createHash('sha256').update(token).digest('hex'), row!.id],
  )
  const h = { cookie: `${staffCookieName(app.services.cookiePrefix)}=${token}` }
  return { id: row!.id, email, role, h }
}
