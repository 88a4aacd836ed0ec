import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }

/** The password of the members the tests register. */
export const PASSWORD = 'purple bicycle morning'
let n = 0
/** An address no other test (or earlier run on the same server) has used. */
export const freshEmail = (tag: string) =>
  `${tag}-${Date.now()}-${n++}-${Math.floor(Math.random() * 1e6)}@example.com`

export interface Registered {
  email: string
  token: string
  user: { user_id: number } & Record<string, unknown>
}
/** A new member through the API (POST /api/web/register), with PASSWORD. */
export async function registerByApi(
  request: APIRequestContext,
  email = freshEmail('member'),
  name = 'Api Member',
): Promise<Registered> {
  const r = await request.post('/api/web/register', {
    data: { name, email, password: PASSWORD, password_confirmation: PASSWORD },
  })
  expect(r.ok()).toBe(true)
  const reply = (await r.json()) as { login_token: string; user: Registered['user'] }
  return { email, token: reply.login_token, user: reply.user }
}

/** Signs the browser in as a registered member the way a restored session looks (cookie token = stored user's token). */
export async function restoreSession(context: BrowserContext, baseURL: string, m: Registered) {
  await context.addCookies([{ name: constants.loginCookieName, value: m.token, url: baseURL }])
  await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
    key: constants.storageKeys.user,
    value: JSON.stringify({ ...m.user, login_token: m.token }),
  })
}

/** A new member, signed in in this page's browser (restored-session style). */
export async function signedInMember(page: Page, request: APIRequestContext, tag = 'member', name?: string) {
  const m = await registerByApi(request, freshEmail(tag), name)
  await restoreSession(page.context(), test.info().project.use.baseURL!, m)
  return m
}

/**
 * The demo member (SEED_DEMO=1 on the test servers: gift cards, rebates, a Plus membership, a cash
 * balance, coins and unread messages), signed in in this page's browser (restored-session style).
 */
export async function signedInDemo(page: Page, request: APIRequestContext, baseURL: string) {
  const r = await request.post('/api/web/login', {
    data: { email: 'demo@example.com', password: 'demo-rewards-2024', 'g-recaptcha-response': 'e2e' },
  })
  expect(r.ok(), 'the demo member signs in (the test servers seed it)').toBe(true)
  const body = (await r.json()) as { login_token: string; user: Registered['user'] }
  await restoreSession(page.context(), baseURL, {
    email: 'demo@example.com',
    token: body.login_token,
    user: body.user,
  })
}

/** No serious or critical axe violation on the page (or inside `include`). */
export async function expectNoSeriousAxe(page: Page, label = '', include?: string) {
  const b = new AxeBuilder({ page })
  if (include) b.include(include)
  const r = await b.analyze()
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${label}: ${v.id} ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`)).toEqual([])
}

/** What the server stored for /api/elk (the development read-out; a beacon's body is not visible to Playwright). */
export async function storedEvent(
  page: Page,
  action: string,
  match: (p: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/dev/events?action=${action}`)
        const rows = ((await r.json()) as { data: { payload: Record<string, unknown> }[] }).data
        found = rows.map((x) => x.payload).find(match)
        return !!found
      },
      { timeout: 10_000 },
    )
    .toBe(true)
  return found!
}

/** Signs the browser in the way a restored session looks (SPEC 4: cookie token matches the stored user). */
export async function signIn(context: BrowserContext, baseURL: string, user: Record<string, unknown> = {}) {
  const token = 'e2e.token.value'
  await context.addCookies([{ name: constants.loginCookieName, value: token, url: baseURL }])
  await context.addInitScript(
    ({ key, value }) => {
      window.localStorage.setItem(key, value)
    },
    {
      key: constants.storageKeys.user,
      value: JSON.stringify({ user_id: 1, email: 'e2e@example.com', login_token: token, ...user }),
    },
  )
}

export function pathOf(page: Page): string {
  const u = new URL(page.url())
  return u.pathname + u.search
}

/** A card expiry (MM/YY) two years from today: always in the future, whatever day the tests run. */
export function futureExpiry(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  return `${month}/${String((now.getFullYear() + 2) % 100).padStart(2, '0')}`
}

/**
 * The path (and query) of the newest link in a mail to `to` whose subject matches (the test-mode
 * outbox); the link is written with PUBLIC_URL, and the test keeps only its path.
 */
export async function mailLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let url = ''
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      const mails = ((await r.json()) as { data: { subject: string; links: { url: string }[] }[] }).data
      url = mails.find((m) => subject.test(m.subject))?.links[0]?.url ?? ''
      return url
    })
    .not.toBe('')
  const u = new URL(url)
  return u.pathname + u.search
}

/** The path (and query) of the verification link the server mailed to `to` (the test-mode outbox). */
export async function verifyLink(request: APIRequestContext, to: string): Promise<string> {
  let url = ''
  await expect
    .poll(async () => {
      const r = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)
      const mails = ((await r.json()) as { data: { links: { url: string }[] }[] }).data
      url = mails.flatMap((m) => m.links).find((l) => l.url.includes('/verify/'))?.url ?? ''
      return url
    })
    .not.toBe('')
  const u = new URL(url)
  return u.pathname + u.search
}

/** A new member whose email is verified by the link of the outbox, signed in in this browser. */
export async function verifiedMember(
  page: Page,
  request: APIRequestContext,
  name: string,
): Promise<Registered> {
  const m = await registerByApi(request, undefined, name)
  const token = (await verifyLink(request, m.email)).split('/verify/')[1]?.split('?')[0] ?? ''
  expect((await request.post('/api/verify', { data: { token } })).ok()).toBe(true)
  m.user.is_verified = true
  await restoreSession(page.context(), test.info().project.use.baseURL!, m)
  return m
}
