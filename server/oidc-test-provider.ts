import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

/**
 * Issue 31 · a real OpenID Provider for the tests (oidc-provider, certified), on a free loopback port:
 * one confidential client registered for our callback, PKCE required, and its development login and
 * consent pages (any login signs in; the login is the account's `sub`, its e-mail `emails[login]` or
 * the login itself). server/oidc.test.ts and the Playwright run (tests/e2e/oidc-provider.ts) start it.
 */
export interface TestProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** The address each account's claims give; a test may change it (the same sub, a new address). */
  emails: Map<string, string>
  /** Drives the authorization in `url` through the login and consent pages as `login`: the callback's parameters. */
  authorize(url: string, login: string): Promise<URLSearchParams>
  close(): Promise<void>
}

export async function startTestProvider(o: {
  redirectUris: string[]
  clientId?: string
  clientSecret?: string
}): Promise<TestProvider> {
  const clientId = o.clientId ?? 'rewards-test'
  const clientSecret = o.clientSecret ?? 'rewards-test-secret-rewards-test-secret'
  const emails = new Map<string, string>()
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: o.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: emails.get(id) ?? id, email_verified: true, name: `Member ${id}` }
        },
      }
    },
    cookies: { keys: ['rewards-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  })
  server.on('request', provider.callback())

  async function authorize(url: string, login: string): Promise<URLSearchParams> {
    const jar = new Map<string, string>()
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const keep = (r: Response) => {
      for (const c of r.headers.getSetCookie()) {
        const [pair] = c.split(';')
        const i = pair!.indexOf('=')
        jar.set(pair!.slice(0, i), pair!.slice(i + 1))
      }
    }
    let next = url
    for (let step = 0; step < 12; step++) {
      if (!next.startsWith(issuer)) return new URL(next).searchParams
      const page = await fetch(next, { redirect: 'manual', headers: { cookie: cookie() } })
      keep(page)
      if (page.status >= 300 && page.status < 400) {
        next = new URL(page.headers.get('location')!, next).href
        continue
      }
      const html = await page.text()
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1]
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      if (!prompt || !action) throw new Error(`the provider answered ${page.status} without a form`)
      const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) })
      const sent = await fetch(new URL(action.replaceAll('&amp;', '&'), next), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      })
      keep(sent)
      next = new URL(sent.headers.get('location')!, next).href
    }
    throw new Error('the provider never sent the browser back')
  }

  return {
    issuer,
    clientId,
    clientSecret,
    emails,
    authorize,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
}
