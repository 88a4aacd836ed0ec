import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestProvider, type TestProvider } from './oidc-test-provider.ts'
import { optionsFromEnv } from './startup.ts'
import { client, testServer } from './test-helpers.ts'

/**
 * Issue 31 · social sign-in through OpenID Connect, against a real OpenID Provider (oidc-provider)
 * started here: the authorization code flow with PKCE, state and nonce, end to end.
 */
const PUBLIC_URL = 'http://localhost:3999'
let op: TestProvider
let app: FastifyInstance
let cl: ReturnType<typeof client>

beforeAll(async () => {
  op = await startTestProvider({ redirectUris: [`${PUBLIC_URL}/auth/local/callback`] })
  app = await testServer({
    publicUrl: PUBLIC_URL,
    oidcProviders: [{ id: 'local', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret }],
  })
  cl = client(app)
})
afterAll(async () => {
  await app?.close()
  await op?.close()
})

/** The start call: the provider's address and this browser's flow cookie. */
async function start(redirect?: string) {
  const r = await cl.post('/api/auth/local/start', redirect ? { redirect } : {})
  expect(r.status).toBe(200)
  const cookie = String(r.headers['set-cookie']).split(';')[0]!
  return { url: r.body.authorization_url as string, cookie }
}

/** The sign-in of `login` at the provider, sent back to our exchange as the SPA sends it. */
async function signIn(
  login: string,
  o: { redirect?: string; before?: (state: string) => Promise<void> } = {},
) {
  const { url, cookie } = await start(o.redirect)
  const back = await op.authorize(url, login)
  const body = { code: back.get('code')!, state: back.get('state')!, iss: back.get('iss')! }
  await o.before?.(body.state)
  const r = await cl.post('/api/auth/local/exchange', body, { cookie })
  return { r, body, cookie }
}

/** Changes one column of the stored authorization before the exchange (what an attacker's mix-up would). */
const tamper = (column: 'nonce' | 'verifier', value: string) => async (state: string) => {
  await app.services.db.query(
    `UPDATE oidc_flows SET ${column} = $2 WHERE state_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
    [state, value],
  )
}

/** Refused by the exchange, and no member made. */
async function expectRefused(r: { status: number; body: { codes: Record<string, string> } }, email: string) {
  expect(r.status).toBe(422)
  expect(r.body.codes.provider).toBe('social_refused')
  expect(await app.services.db.one('SELECT 1 FROM users WHERE email = $1', [email])).toBeUndefined()
}

describe('OpenID Connect sign-in (oidc-provider)', () => {
  it('lists the configured provider for the dialog, by its label', async () => {
    const r = await cl.get('/api/auth/providers')
    expect(r.body.providers).toEqual([{ id: 'local', label: 'Local' }])
  })

  it('sends the browser to the issuer with PKCE (S256), state, nonce and the PUBLIC_URL callback', async () => {
    const { url, cookie } = await start()
    const u = new URL(url)
    expect(u.origin).toBe(op.issuer)
    expect(u.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/local/callback`)
    expect(u.searchParams.get('code_challenge_method')).toBe('S256')
    expect(u.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(u.searchParams.get('state')).toMatch(/^[\w-]{20,}$/)
    expect(u.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/)
    expect(cookie).toMatch(/oidc_flow=[\w-]{43}$/)
  })

  it('registers a new e-mail through the full code flow (signup source social:local)', async () => {
    const { r } = await signIn('new-member-1@example.com', { redirect: '/account/rebates' })
    expect(r.status).toBe(200)
    expect(r.body.recently_created).toBe(true)
    expect(r.body.redirect).toBe('/account/rebates')
    expect(r.body.user.email).toBe('new-member-1@example.com')
    const row = await app.services.db.one<{
      source: string
      is_verified: boolean
      password_hash: string | null
    }>('SELECT source, is_verified, password_hash FROM users WHERE email = $1', ['new-member-1@example.com'])
    expect(row).toEqual({ source: 'social:local', is_verified: true, password_hash: null })
  })

  it('matches (provider, sub) first the next time, even when the provider gives another address', async () => {
    const first = await signIn('member-sub-2')
    op.emails.set('member-sub-2', 'changed-2@example.com')
    const again = await signIn('member-sub-2')
    expect(again.r.status).toBe(200)
    expect(again.r.body.recently_created).toBe(false)
    expect(again.r.body.user.user_id).toBe(first.r.body.user.user_id)
  })

  it("links an existing member's e-mail only after that account's password (SPEC 4), then by sub", async () => {
    const email = 'existing-3@example.com'
    const member = await cl.register(email, 'existing password 3')
    const { r } = await signIn(email, { redirect: '/account' })
    expect(r.status).toBe(409)
    expect(r.body.requires_authentication).toBe(true)
    expect(r.body.codes.email).toBe('social_account_exists')
    expect(r.body.login_token).toBeUndefined()
    const wrong = await cl.post('/api/auth/social/link', { link_token: r.body.link_token, password: 'nope' })
    expect(wrong.status).toBe(422)
    const linked = await cl.post('/api/auth/social/link', {
      link_token: r.body.link_token,
      password: 'existing password 3',
    })
    expect(linked.status).toBe(200)
    expect(linked.body.user.user_id).toBe(member.user.user_id)
    expect(linked.body.redirect).toBe('/account')
    const reused = await cl.post('/api/auth/social/link', {
      link_token: r.body.link_token,
      password: 'existing password 3',
    })
    expect(reused.status).toBe(422)
    const next = await signIn(email)
    expect(next.r.status).toBe(200)
    expect(next.r.body.user.user_id).toBe(member.user.user_id)
  })

  it('refuses a replayed state', async () => {
    const { r, body, cookie } = await signIn('replay-4@example.com')
    expect(r.status).toBe(200)
    const replay = await cl.post('/api/auth/local/exchange', body, { cookie })
    expect(replay.status).toBe(422)
    expect(replay.body.codes.state).toBe('social_state_invalid')
  })

  it('refuses a state started by another browser (the flow cookie)', async () => {
    const { url } = await start()
    const back = await op.authorize(url, 'foreign-5@example.com')
    const r = await cl.post(
      '/api/auth/local/exchange',
      { code: back.get('code')!, state: back.get('state')!, iss: back.get('iss')! },
      { cookie: `oidc_flow=${'x'.repeat(43)}` },
    )
    expect(r.status).toBe(422)
    expect(r.body.codes.state).toBe('social_state_invalid')
  })

  it('refuses an id_token whose nonce is not the one this authorization sent', async () => {
    const { r } = await signIn('nonce-6@example.com', {
      before: tamper('nonce', 'another-authorizations-nonce'),
    })
    await expectRefused(r, 'nonce-6@example.com')
  })

  it('needs the PKCE verifier of the authorization: another one is refused by the provider', async () => {
    const { r } = await signIn('pkce-7@example.com', { before: tamper('verifier', 'a'.repeat(43)) })
    await expectRefused(r, 'pkce-7@example.com')
  })

  it("stores Apple's hidden relay address as the member's email, flagged", async () => {
    op.emails.set('apple-8', 'x8x8x8@privaterelay.appleid.com')
    const { r } = await signIn('apple-8')
    expect(r.status).toBe(200)
    expect(r.body.user.email).toBe('x8x8x8@privaterelay.appleid.com')
    const id = await app.services.db.one<{ email: string; private_relay: boolean }>(
      `SELECT email, private_relay FROM social_identities WHERE provider = 'local' AND sub = 'apple-8'`,
    )
    expect(id).toEqual({ email: 'x8x8x8@privaterelay.appleid.com', private_relay: true })
  })

  it('answers 503 social_provider_unavailable when the provider is down', async () => {
    const down = await testServer({
      oidcProviders: [{ id: 'down', issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's' }],
    })
    try {
      const r = await client(down).post('/api/auth/down/start', {})
      expect(r.status).toBe(503)
      expect(r.body.codes.provider).toBe('social_provider_unavailable')
    } finally {
      await down.close()
    }
  })
})

describe('OIDC_<PROVIDER>_* at start-up', () => {
  const full = {
    OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
    OIDC_GOOGLE_CLIENT_ID: 'gid',
    OIDC_GOOGLE_CLIENT_SECRET: 'gsecret',
  }
  it('reads each provider into the build options', () => {
    expect(optionsFromEnv({ ...full }).oidcProviders).toEqual([
      { id: 'google', issuer: 'https://accounts.google.com', clientId: 'gid', clientSecret: 'gsecret' },
    ])
    expect(optionsFromEnv({}).oidcProviders).toBeUndefined()
  })
  it('stops the start of a half-configured provider, naming what is missing', () => {
    expect(() =>
      optionsFromEnv({ OIDC_APPLE_ISSUER: 'https://appleid.apple.com', OIDC_APPLE_CLIENT_ID: 'a' }),
    ).toThrow(/OIDC_APPLE_CLIENT_SECRET/)
  })
  it('refuses a plain-http issuer that is not localhost', () => {
    expect(() => optionsFromEnv({ ...full, OIDC_GOOGLE_ISSUER: 'http://accounts.example.com' })).toThrow(
      /https/,
    )
  })
  it('names the providers in use in the start summary; production without them has none and no dev route', async () => {
    expect(app.summary('http://x')).toMatch(/sign-in: {2}OpenID Connect: Local \(127\.0\.0\.1:\d+\)/)
    const prod = await testServer({ mode: 'production' })
    try {
      expect(prod.summary('http://x')).toMatch(/sign-in: {2}none \(set OIDC_<PROVIDER>_ISSUER/)
      expect((await client(prod).get('/api/auth/providers')).body.providers).toEqual([])
      expect((await client(prod).post('/api/auth/dev/callback', { email: 'a@example.com' })).status).toBe(404)
    } finally {
      await prod.close()
    }
  })
})
