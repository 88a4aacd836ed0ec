/**
 * The route walk (issue 12 part 3): every pattern of config/routes.json, every lander path of
 * config/landers.json and every redirect of config/redirects.json, with sample parameters, for a
 * brand, in English and in Spanish. Each page: no console error, no 5xx response, its main heading
 * (h1), and its real screen (the placeholder page of unbuilt screens is gone: every route has one).
 * Guarded pages are walked signed in as the demo member, and a visitor is checked to be sent where
 * the guard sends one. Pages of plugins the brand does not ship show not-found.
 *
 * Run by route-walk.spec.ts (default brand, default project) and shipnow/route-walk.spec.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import landersJson from '../../config/landers.json' with { type: 'json' }
import partnersJson from '../../config/partners.json' with { type: 'json' }
import redirectsJson from '../../config/redirects.json' with { type: 'json' }
import routesJson from '../../config/routes.json' with { type: 'json' }
import type { RuntimeConfig } from '../../src/config/runtime-types'
import { landing, redirectTarget } from '../../src/routing/navigation'
import { fillPattern, paramNames } from '../../src/routing/pattern'
import { collectEntries, createResolver, type RouteEntry } from '../../src/routing/resolve'
import { test } from './fixtures'

/**
 * Known bugs the walk tolerates, each with its reason; the check named is skipped for that pattern
 * only, and the walk fails once the bug is gone so the entry is removed.
 */
type Check = 'h1' | 'console' | '5xx' | 'missing' | 'spanish' | 'not-found' | 'page'
export const KNOWN_BUGS: readonly { brand?: string; patterns: string[]; check: Check; reason: string }[] = []

/**
 * Screens whose job is to send the browser to another site (a store, an offer): the walk answers other
 * sites with a stand-in page and accepts ending there for these patterns only.
 */
const LEAVES_SITE: readonly string[] = ['/:merchant-coupons/redirecting']

type Json = Record<string, unknown>
type Brand = { id: string; plugins: string[]; partner: string | null }

/** Pages a brand answers with not-found on purpose, from its config. */
function notFoundByDesign(brand: Brand): string[] {
  const partner = partnersJson.partners.find((p) => p.id === brand.partner)
  // the extension page of a partner without the browser extension (plugins/catalog ExtensionPage)
  return partner && !partner.has_extension ? ['/extension'] : []
}

/** Sample values by param name. A new param name fails the walk until it has a sample here. */
function sampleFor(name: string, pattern: string, s: Samples): string {
  const byPattern: Record<string, Record<string, string>> = {
    '/products/:category': { category: s.productCategory },
    '/products/:category/:subcategory': { category: s.productCategory, subcategory: s.productSubcategory },
    '/p/:slug/:product_id': { slug: s.productSlug, product_id: s.productId },
    '/coins/offer/:offer': { offer: s.coinOfferId },
    '/account/survey/targeting/:offer_id': { offer_id: s.coinOfferId },
    // a benefit that pays by claim (cash back does not: its claim page says so)
    '/account/rebates/:benefit_type/claim': { benefit_type: 'shipping' },
  }
  const byName: Record<string, string> = {
    msgCode: 'verified',
    category: s.storeCategory,
    merchant: s.merchant,
    section: 'top-stores',
    type: 'APP',
    offer: s.cashbackOfferId,
    campaign: s.campaign,
    id: s.cashbackOfferId,
    token: 'walk-sample-token',
    email: 'walk@example.com',
    provider: 'google',
    product: 'plus',
    step: '2',
    platform_name: 'internal',
    benefit_type: 'cashback',
    slug: s.newsSlug,
    page: '2',
    '*': 'walk-sample-list',
  }
  const v = byPattern[pattern]?.[name] ?? byName[name]
  if (v === undefined)
    throw new Error(`The route walk has no sample for ':${name}' (in ${pattern}): add one to sampleFor.`)
  return v
}

interface Samples {
  merchant: string
  storeCategory: string
  productCategory: string
  productSubcategory: string
  productSlug: string
  productId: string
  cashbackOfferId: string
  coinOfferId: string
  campaign: string
  newsSlug: string
}

/** Sample ids that only the seeded database knows, asked from the brand's server. */
async function loadSamples(request: APIRequestContext): Promise<Samples> {
  const get = async (url: string) => {
    const r = await request.get(url, { headers: { 'x-country': 'US' } })
    expect(r.ok(), url).toBe(true)
    return (await r.json()) as { data: Json[] } & Json
  }
  const store = (await get('/api/stores?per_page=1')).data[0]!
  const product = (await get('/api/products?per_page=1')).data[0]!
  const cashback = (await get('/api/offers?type=CASHBACK&per_page=1')).data[0]!
  const coin = (await get('/api/offers?type=APP&per_page=1')).data[0]!
  const news = (await get('/api/news')).data[0]!
  return {
    merchant: String(store.internal_name),
    storeCategory: String(store.category),
    productCategory: String(product.category),
    productSubcategory: String(product.subcategory),
    productSlug: String(product.slug),
    productId: String(product.id),
    cashbackOfferId: String(cashback.offer_id),
    coinOfferId: String(coin.offer_id),
    campaign: String(cashback.campaign),
    newsSlug: String(news.slug),
  }
}

/** What the route table holds for a brand: the entries of plugins it does not ship are left out. */
function brandTable(brand: Brand) {
  const on = (screen: string) => brand.plugins.includes(screen.split('/')[0]!)
  const routes = (routesJson.routes as Json[]).map((r): Json => ({ layout: 'main', props: {}, ...r }))
  const all = {
    routes,
    redirects: (redirectsJson.redirects as Json[]).map((r) => ({ keepQuery: true, ...r })),
    landers: landersJson,
  } as unknown as RuntimeConfig
  const shipped = {
    ...all,
    routes: routes.filter((r) => typeof r.screen !== 'string' || on(r.screen)),
    landers: on(landersJson.screen) ? landersJson : null,
  } as unknown as RuntimeConfig
  return { all: createResolver(collectEntries(all)), shipped: createResolver(collectEntries(shipped)) }
}

/** Where each guard sends a visitor (plugins/auth/guards.ts) or a member (guest). */
const GUARD_SENDS: Record<string, { visitor?: string; member?: string }> = {
  auth: { visitor: '/login' },
  guest: { member: '/account' },
  'signed-in-or-thankyou': { visitor: '/thankyou' },
  // the staff console: a visitor and a member (no staff session) alike go to the staff sign-in
  staff: { visitor: '/staff/sign-in', member: '/staff/sign-in' },
}

type Outcome =
  | { kind: 'page'; path: string; pattern: string; entry: RouteEntry }
  | { kind: 'not-found' }
  | { kind: 'external'; path: string }
  | { kind: 'sent'; path: string }

interface Visit {
  /** The config pattern walked (a route path, a lander path or a redirect's from). */
  pattern: string
  path: string
  lang: 'en' | 'es'
  member: boolean
  outcome: Outcome
}

/** Every visit of the walk for a brand, from config alone (the samples fill the params). */
function plan(brand: Brand, s: Samples): Visit[] {
  const { all, shipped } = brandTable(brand)
  const visits: Visit[] = []
  for (const e of all.entries) {
    const path = fillPattern(
      e.path,
      Object.fromEntries(paramNames(e.path).map((n) => [n, sampleFor(n, e.path, s)])),
    )
    const add = (outcome: Outcome, member: boolean, langs: ('en' | 'es')[] = ['en', 'es']) => {
      for (const lang of langs) visits.push({ pattern: e.path, path, lang, member, outcome })
    }
    // a page of a plugin the brand does not ship (itself, or where its redirects end): not found
    const whole = landing(all, path)
    const endEntry = whole.end === 'page' ? whole.hit.entry : undefined
    if (endEntry?.kind === 'screen' && !brand.plugins.includes(endEntry.screen.split('/')[0]!)) {
      add({ kind: 'not-found' }, false)
      continue
    }
    const end = landing(shipped, path)
    if (end.end !== 'page' || notFoundByDesign(brand).includes(e.path)) {
      add({ kind: 'not-found' }, false)
      continue
    }
    if (end.hit.entry.kind === 'external') {
      add({ kind: 'external', path: end.hit.entry.external }, false, ['en'])
      continue
    }
    // the first guard on the way decides
    let guard: string | undefined
    for (let at = path, hit = shipped.resolve(at); hit && !guard; ) {
      guard = hit.entry.guard
      if (hit.entry.kind !== 'redirect') break
      at = redirectTarget(hit.entry, hit.params)
      hit = shipped.resolve(at)
    }
    const page: Outcome = { kind: 'page', path: end.path, pattern: end.hit.entry.path, entry: end.hit.entry }
    if (!guard) {
      add(page, false)
      continue
    }
    const sends = GUARD_SENDS[guard]
    if (!sends) throw new Error(`The route walk does not know where guard '${guard}' sends (${e.path}).`)
    const sentTo = (to: string): Outcome => {
      const t = landing(shipped, to)
      return { kind: 'sent', path: t.end === 'page' ? t.path : to }
    }
    add(sends.visitor ? sentTo(sends.visitor) : page, false, sends.visitor ? ['en'] : undefined)
    add(sends.member ? sentTo(sends.member) : page, true, sends.member ? ['en'] : undefined)
  }
  return visits
}

/**
 * The demo member's session for a server: one sign-in per server, kept in a file the workers share
 * (a worker restarts after a failed test, and sign-ins are rate limited per address), asked again when
 * the server no longer takes it (a new server, a new database).
 */
async function demoSession(request: APIRequestContext, baseURL: string) {
  const file = join(tmpdir(), `route-walk-demo-${new URL(baseURL).port}.json`)
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { login_token: string; user: Json }
    const r = await request.get('/api/account/profile', {
      headers: { authorization: `Bearer ${kept.login_token}` },
    })
    if (r.ok()) return kept
  }
  const r = await request.post('/api/web/login', {
    data: { email: 'demo@example.com', password: 'demo-rewards-2024', 'g-recaptcha-response': 'walk' },
  })
  expect(r.ok(), 'the demo member signs in (the test servers seed it with SEED_DEMO=1)').toBe(true)
  const fresh = (await r.json()) as { login_token: string; user: Json }
  writeFileSync(file, JSON.stringify(fresh))
  return fresh
}

/** The demo member (SEED_DEMO=1 on the test servers), signed in the way a restored session looks. */
async function signInDemo(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  const session = demoSession(request, baseURL)
  const { login_token: token, user } = await session
  await context.addCookies([{ name: constants.loginCookieName, value: token, url: baseURL }])
  await context.addInitScript(
    ({ key, value }) => {
      // the walk's stand-in for other sites (see LEAVES_SITE) is a document without storage
      if (window.location.protocol === 'http:' && window.location.hostname === '127.0.0.1')
        window.localStorage.setItem(key, value)
    },
    {
      key: constants.storageKeys.user,
      value: JSON.stringify({ ...user, login_token: token }),
    },
  )
}

/** Console errors, 5xx replies and requests still in flight on a page. */
function watch(page: Page) {
  const w = {
    errors: [] as string[],
    fivexx: [] as string[],
    missing: [] as string[],
    inflight: new Set<unknown>(),
    changed: Date.now(),
  }
  page.on('console', (m) => {
    // Chromium logs every 4xx reply as a console error; the 'response' handler below judges those
    const reply4xx = /^Failed to load resource: the server responded with a status of 4\d\d/
    if (m.type() === 'error' && !reply4xx.test(m.text())) w.errors.push(m.text())
  })
  page.on('pageerror', (e) => w.errors.push(`uncaught: ${e.message}`))
  page.on('response', (r) => {
    const what = `${r.status()} ${r.request().method()} ${r.url()}`
    if (r.status() >= 500) w.fivexx.push(what)
    // a 4xx from the API is an answer the screen shows (a bad token, a signed-out call); a page the
    // brand does not have is a 404 document with the not-found page (issue 17), which the not-found
    // and page checks judge; any other 4xx is a file the page needs and does not get
    else if (
      r.status() >= 400 &&
      !new URL(r.url()).pathname.startsWith('/api/') &&
      !(r.status() === 404 && r.request().resourceType() === 'document')
    )
      w.missing.push(what)
  })
  const busy = (add: boolean) => (r: { resourceType(): string; url(): string }) => {
    if (r.resourceType() !== 'fetch' && r.resourceType() !== 'xhr') return
    if (add) w.inflight.add(r)
    else w.inflight.delete(r)
    w.changed = Date.now()
  }
  page.on('request', busy(true))
  page.on('response', (r) => busy(false)(r.request()))
  page.on('requestfinished', busy(false))
  page.on('requestfailed', busy(false))
  return w
}

const pathname = (page: Page) => new URL(page.url()).pathname

/**
 * The stand-ins of this server for other sites (the development network's store checkout, the survey
 * platform, the linked-accounts provider): a screen that sends the browser there has left the site.
 */
const STAND_IN_SITES = ['/dev-network/', '/dev-platform/', '/dev-provider/']
const isAway = (u: URL) => u.hostname !== '127.0.0.1' || STAND_IN_SITES.some((p) => u.pathname.startsWith(p))

/** Whether the page went to another site; a screen whose job that is (LEAVES_SITE) is given a moment. */
async function leftSite(page: Page, pattern: string): Promise<boolean> {
  const away = () => isAway(new URL(page.url()))
  if (!away() && LEAVES_SITE.includes(pattern))
    await page.waitForURL(isAway, { timeout: 5000 }).catch(() => {})
  return away()
}

/** Checks one visit; returns the problems found (the test collects them and fails once, listed). */
async function check(page: Page, brandId: string, v: Visit, w: ReturnType<typeof watch>): Promise<string[]> {
  w.errors.length = 0
  w.fivexx.length = 0
  w.missing.length = 0
  const url = v.lang === 'es' ? `${v.path}?${constants.languageQueryParam}=es` : v.path
  const problems: string[] = []
  const where = `${v.path}${v.lang === 'es' ? ' (es)' : ''}${v.member ? ' signed in' : ''}`
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  const o = v.outcome
  if (await leftSite(page, v.pattern)) {
    if (!LEAVES_SITE.includes(v.pattern)) problems.push(`${where}: left the site for ${page.url()}`)
    if (w.errors.length) problems.push(`${where}: console errors: ${w.errors.join(' | ')}`)
    return problems
  }
  // polled every 50 ms: at Playwright's default back-off (100, 250, 500, then 1000 ms) a guard's redirect
  // after the app's start was seen up to a second late, on each of some 150 visits a brand
  const landed = await expect
    .poll(() => pathname(page), { timeout: 8000, intervals: [50] })
    .toBe(o.kind === 'not-found' ? pathname(page) : o.path)
    .then(() => true)
    .catch(() => false)
  if (!landed && o.kind !== 'not-found') problems.push(`${where}: ended on ${pathname(page)}, not ${o.path}`)
  if (o.kind === 'external') {
    if (landed && (await page.locator('h1').count()) === 0)
      problems.push(`${where}: the external page has no h1`)
    return problems
  }
  const h1 = page.locator('h1').first()
  const shown = await h1
    .waitFor({ state: 'visible', timeout: 8000 })
    .then(() => true)
    .catch(() => false)
  // the data the screen asked for has come back (or failed): its errors are in
  const start = Date.now()
  while ((w.inflight.size > 0 || Date.now() - w.changed < 150) && Date.now() - start < 5000)
    await page.waitForTimeout(50)
  const notFound = (await page.getByTestId('not-found').count()) > 0
  const lang = await page.locator('html').getAttribute('lang')
  // [check, what is wrong or '' when fine]; a known bug's check must fail, or it is taken off the list
  const checks: [Check, string][] = [
    ['h1', shown ? '' : 'no visible h1'],
    ['console', w.errors.length ? `console errors: ${w.errors.join(' | ')}` : ''],
    ['5xx', w.fivexx.length ? `5xx: ${w.fivexx.join(' | ')}` : ''],
    ['missing', w.missing.length ? `missing files: ${w.missing.join(' | ')}` : ''],
    ['spanish', v.lang === 'es' && lang !== 'es' ? 'the page is not in Spanish (html lang)' : ''],
  ]
  if (o.kind === 'not-found')
    checks.push(['not-found', notFound ? '' : 'expected not-found (a page this brand does not have)'])
  if (o.kind === 'page') checks.push(['page', notFound ? 'shows not-found' : ''])
  for (const [c, wrong] of checks) {
    const known = KNOWN_BUGS.find(
      (b) => b.check === c && b.patterns.includes(v.pattern) && (!b.brand || b.brand === brandId),
    )
    if (known && !wrong)
      problems.push(`${where}: known bug '${c}' of ${v.pattern} no longer happens: take it off KNOWN_BUGS`)
    else if (wrong && !known) problems.push(`${where}: ${wrong}`)
  }
  return problems
}

/** Registers the walk's tests for a brand: visits in groups, one page per group. */
export function walk(brandId: string, brand: Brand, groupSize = 16) {
  let samples: Promise<Samples> | undefined
  // The plan needs the samples, which need the server: build it inside the tests, grouped the same way.
  const count = plan(brand, placeholderSamples).length
  const groups = Math.ceil(count / groupSize)
  test.describe(`route walk: ${brandId}`, () => {
    for (let g = 0; g < groups; g++) {
      test(`visits ${g * groupSize + 1}-${Math.min(count, (g + 1) * groupSize)} of ${count}`, async ({
        browser,
        request,
        baseURL,
      }) => {
        test.setTimeout(120_000)
        samples ??= loadSamples(request)
        const whole = plan(brand, await samples)
        expect(whole.length, 'the plan does not depend on the sample values').toBe(count)
        const all = whole.slice(g * groupSize, (g + 1) * groupSize)
        const problems: string[] = []
        for (const member of [false, true]) {
          const visits = all.filter((v) => v.member === member)
          if (!visits.length) continue
          const context = await browser.newContext({ baseURL })
          // other sites (stores, offers, social sign-in): a stand-in page, nothing leaves the machine
          await context.route('https://**/*', (r) =>
            r.request().resourceType() === 'document'
              ? r.fulfill({ contentType: 'text/html', body: '<h1>Another site</h1>' })
              : r.abort(),
          )
          try {
            if (member) await signInDemo(context, request, baseURL!)
            const page = await context.newPage()
            const w = watch(page)
            for (const v of visits) problems.push(...(await check(page, brandId, v, w)))
          } finally {
            await context.close()
          }
        }
        expect(problems).toEqual([])
      })
    }
  })
}

/** Stand-ins to count the visits before the server is asked (the plan's size does not depend on them). */
const placeholderSamples: Samples = {
  merchant: 'm',
  storeCategory: 'c',
  productCategory: 'c',
  productSubcategory: 's',
  productSlug: 'p',
  productId: '1',
  cashbackOfferId: '1',
  coinOfferId: '1',
  campaign: 'c',
  newsSlug: 'n',
}
