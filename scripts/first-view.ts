import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import constants from '../config/constants.json' with { type: 'json' }

/**
 * Home's first view (issues 17 and 30): every JavaScript file a first visit loads from the product's
 * own server until it settles, at most 195 KB gzip (level 9). Measured the same way by `npm run bench`
 * (scripts/bench.ts) and by the end-to-end test that guards it (tests/e2e/budget.spec.ts).
 */
export const FIRST_VIEW_BUDGET = 195 * 1024

/** A member's first screen (issue 30): the purchase history, signed in, until it settles, at most 230 KB. */
export const MEMBER_FIRST_VIEW_BUDGET = 230 * 1024
export const MEMBER_FIRST_PAGE = '/account/purchase-history'

/**
 * A browser context signed in as a new member registered through the API, the way a restored session
 * looks (the login cookie, and the stored user with the same token).
 */
export async function memberContext(browser: Browser, base: string): Promise<BrowserContext> {
  const password = `first-view-${randomUUID()}`
  const r = await fetch(`${base}/api/web/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'First View',
      email: `first-view-${randomUUID()}@example.com`,
      password,
      password_confirmation: password,
    }),
  })
  if (!r.ok) throw new Error(`registering a member for the member's first view answered ${r.status}`)
  const reply = (await r.json()) as { login_token: string; user: Record<string, unknown> }
  const context = await browser.newContext()
  await context.addCookies([{ name: constants.loginCookieName, value: reply.login_token, url: base }])
  await context.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
    key: constants.storageKeys.user,
    value: JSON.stringify({ ...reply.user, login_token: reply.login_token }),
  })
  return context
}

/**
 * The JavaScript files of a member's first screen: a new member, signed in (memberContext), on
 * MEMBER_FIRST_PAGE until it settles (scriptsOf). Measured by `npm run bench` and tests/e2e/budget.spec.ts.
 */
export async function memberScripts(browser: Browser, base: string): Promise<Set<string>> {
  const context = await memberContext(browser, base)
  try {
    return await scriptsOf(context, base + MEMBER_FIRST_PAGE)
  } finally {
    await context.close()
  }
}

/**
 * The JavaScript files a first visit to `url` loads until it settles: the page has loaded and no
 * request has started or ended for a second (other hosts refused). Playwright's 'networkidle' is not
 * used: headless Chromium never reports the favicon's request as finished, so it never came.
 */
export async function scriptsOf(browser: { newPage(): Promise<Page> }, url: string): Promise<Set<string>> {
  const page = await browser.newPage()
  const files = new Set<string>()
  const origin = new URL(url).origin
  let last = Date.now()
  const touch = () => {
    last = Date.now()
  }
  await page.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  )
  page.on('request', touch)
  page.on('requestfinished', touch)
  page.on('requestfailed', touch)
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname
    if (p.endsWith('.js')) files.add(p.slice(1))
  })
  await page.goto(url, { waitUntil: 'load' })
  const end = Date.now() + 30_000
  while (Date.now() - last < 1000 && Date.now() < end) await page.waitForTimeout(200)
  await page.close()
  return files
}

export const sizes = (dir: string, files: Iterable<string>) => {
  let raw = 0
  let gz = 0
  for (const f of files) {
    const buf = readFileSync(join(dir, f))
    raw += buf.length
    gz += gzipSync(buf, { level: 9 }).length
  }
  return { raw, gz }
}
