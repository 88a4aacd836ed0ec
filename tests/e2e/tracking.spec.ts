import { expect, type Page } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { test } from './fixtures'
import { signIn, storedEvent } from './helpers'

const cookieName = constants.attributionCookie.name

async function attribution(page: Page) {
  const c = (await page.context().cookies()).find((x) => x.name === cookieName)
  if (!c) return undefined
  try {
    return { ...JSON.parse(decodeURIComponent(c.value)), expires: c.expires }
  } catch {
    return undefined // not (yet) replaced: a poll tries again
  }
}
const todaySid = (page: Page) =>
  page.evaluate(() => {
    const d = new Date()
    const p = (n: number) => String(n).padStart(2, '0')
    return `${p(d.getMonth() + 1)}${p(d.getDate())}${d.getFullYear()}_organic`
  })
const unique = () => `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`

test.describe('attribution cookie (SPEC 3, 9)', () => {
  test('a landing without parameters stores the defaults for 25 days', async ({ page }) => {
    await page.goto('/')
    await expect.poll(() => attribution(page)).toBeDefined()
    const a = await attribution(page)
    expect(a).toMatchObject({
      sid: await todaySid(page),
      cid: 'homepage',
      partner: 'organic',
      website: null,
      url: null,
    })
    const days = (a.expires * 1000 - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(24.9)
    expect(days).toBeLessThanOrEqual(25.01)
  })

  test('a landing with parameters stores them; a plain revisit keeps them; new parameters replace them', async ({
    page,
  }) => {
    await page.goto('/stores?sid=01022025_fb&cid=spring&partner=affiliate&website=ex.com&url=/spl/spland1')
    await expect.poll(async () => (await attribution(page))?.sid).toBe('01022025_fb')
    const first = await attribution(page)
    expect(first).toMatchObject({
      cid: 'spring',
      partner: 'affiliate',
      website: 'ex.com',
      url: '/spl/spland1',
    })
    const visit = page.waitForResponse((r) => r.url().endsWith('/api/check-set-cookie'))
    await page.goto('/terms')
    await visit
    expect(await attribution(page)).toMatchObject({ sid: '01022025_fb', cid: 'spring', origin: first.origin })
    await page.goto('/?sid=03012025_google')
    await expect.poll(async () => (await attribution(page))?.sid).toBe('03012025_google')
    expect(await attribution(page)).toMatchObject({ cid: 'homepage', partner: 'organic', website: null })
  })

  test('a malformed cookie and script-like query values break nothing', async ({ page, baseURL }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.context().addCookies([{ name: cookieName, value: '%7Bnot-json', url: baseURL! }])
    await page.goto(`/?cid=${encodeURIComponent('"><script>alert(1)</script>')}&sid=${'x'.repeat(400)}`)
    await expect.poll(async () => (await attribution(page))?.cid).toBe('scriptalert1script')
    const a = await attribution(page)
    expect(a.sid).toBe('x'.repeat(100))
    await expect(page.locator('#root')).not.toBeEmpty()
    await expect(page.getByTestId('tracking-error')).toHaveCount(0)
    expect(errors).toEqual([])
  })

  test('a failing get-cookie shows an error dialog with the error text', async ({ page }) => {
    await page.route('**/api/get-cookie', (r) => r.fulfill({ status: 500, json: {} }))
    // every page the server sends carries get-cookie's reply (startReads): a page without it, as a
    // cached or proxied copy might be, makes the call itself
    await page.route('**/coupons', async (r) => {
      const res = await r.fetch()
      const html = (await res.text()).replace(
        /<script type="application\/json" id="first-data">.*?<\/script>/s,
        '',
      )
      await r.fulfill({ response: res, body: html })
    })
    await page.goto('/coupons')
    const dialog = page.getByTestId('tracking-error')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Request failed with status code 500')
    await dialog.getByRole('button', { name: 'OK' }).click()
    await expect(dialog).toHaveCount(0)
  })
})

/** Opens `path`, recording the API calls ('POST /api/x') and scripts it asks for, and its first data. */
async function openRecorded(page: Page, path: string) {
  const calls: string[] = []
  const scripts: string[] = []
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (u.pathname.startsWith('/api/')) calls.push(`${r.method()} ${u.pathname}`)
    if (u.pathname.endsWith('.js')) scripts.push(u.pathname)
  })
  await page.goto(path)
  const data = JSON.parse((await page.locator('#first-data').textContent()) ?? '{}') as Record<
    string,
    { status: number; body: { success?: boolean; data?: { sid?: unknown } } }
  >
  return { calls, scripts, data }
}

test.describe('get-cookie on a page drawn by the server (issue 17: the first view loads no axios)', () => {
  test('home carries get-cookie’s reply: the browser neither calls it nor loads axios until a call goes out', async ({
    page,
  }) => {
    const { calls, scripts, data } = await openRecorded(page, '/')
    expect(data['POST /api/get-cookie']).toMatchObject({ status: 200, body: { success: true } })
    expect(typeof data['POST /api/get-cookie']?.body.data?.sid).toBe('string')
    await expect.poll(() => calls).toContain('POST /api/check-set-cookie')
    expect(calls).not.toContain('POST /api/get-cookie')
    expect(scripts.some((p) => /lib-axios/.test(p))).toBe(false)
    // the first call that goes out loads axios: the store list asked for by the app
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stores' }).first().click()
    await expect(page).toHaveURL(/\/stores$/)
    await expect.poll(() => scripts.some((p) => /lib-axios/.test(p))).toBe(true)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('tracking-error')).toHaveCount(0)
  })
  for (const path of ['/spl/spland1', '/coupons'])
    test(`${path} (not drawn at request time) carries get-cookie’s reply too and makes no such call`, async ({
      page,
    }) => {
      const { calls, scripts, data } = await openRecorded(page, path)
      expect(data['POST /api/get-cookie']).toMatchObject({ status: 200, body: { success: true } })
      await expect.poll(() => calls).toContain('POST /api/check-set-cookie')
      expect(calls).not.toContain('POST /api/get-cookie')
      // the lander makes no other call through the client: its first view loads no axios
      if (path.startsWith('/spl/')) expect(scripts.some((p) => /lib-axios/.test(p))).toBe(false)
    })
})

test.describe('events by beacon to /api/elk (SPEC 3, 7)', () => {
  test('a page view carries the attribution and the payload fields', async ({ page }) => {
    const cid = unique()
    await page.goto(`/stores?sid=01022025_fb&cid=${cid}&partner=affiliate`)
    const e = await storedEvent(page, 'page_view', (p) => p.cid === cid)
    expect(e).toMatchObject({
      action: 'page_view',
      sid: '01022025_fb',
      cid,
      partner: 'affiliate',
      reengagement: 1,
      subscriber: 0,
      user_id: null,
      path: '/stores',
    })
    expect(e.membership_day).toBeGreaterThan(300)
    expect(typeof e.origin).toBe('number')
    expect(typeof e.install_time).toBe('number')
    expect(e.currenturl).toContain(`/stores?sid=01022025_fb&cid=${cid}`)
  })

  test('an unauthenticated attempt is recorded with its path before the full-page load of /login', async ({
    page,
  }) => {
    const cid = unique()
    await page.goto(`/account/profile?cid=${cid}`)
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login')
    const e = await storedEvent(page, 'unauthenticated_attempt', (p) => p.cid === cid)
    expect(e).toMatchObject({
      action: 'unauthenticated_attempt',
      path: `/account/profile?cid=${cid}`,
      sid: await todaySid(page),
      reengagement: 0,
      membership_day: 0,
    })
    expect(e.currenturl).toContain('/account/profile')
  })

  test('a signed-in member’s events carry user_id and subscriber; an invalid token is ignored', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, {
      user_id: 4242,
      subscribed: true,
      webpartner_id: 9,
      created_at: '2024-05-01T00:00:00Z',
    })
    const cid = unique()
    await page.goto(`/stores?cid=${cid}`)
    const e = await storedEvent(page, 'page_view', (p) => p.cid === cid)
    expect(e).toMatchObject({
      user_id: 4242,
      subscriber: 1,
      webpartner_id: 9,
      signup_date: '2024-05-01T00:00:00Z',
    })
  })
})

/** The app's services, reached the way React DevTools reaches a production app (the app exposes no test hook). */
async function exposeServices(page: Page) {
  await page.addInitScript(() => {
    const roots = new Set<unknown>()
    const renderers = new Map<number, unknown>()
    ;(window as unknown as Record<string, unknown>).__roots = roots
    ;(window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      isDisabled: false,
      renderers,
      inject(r: unknown) {
        renderers.set(renderers.size + 1, r)
        return renderers.size
      },
      onCommitFiberRoot(_id: number, root: unknown) {
        roots.add(root)
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    }
  })
}
async function emit(page: Page, name: string, payload: unknown) {
  await page.waitForFunction(() => (window as unknown as { __roots: Set<unknown> }).__roots.size > 0)
  await page.evaluate(
    ({ name, payload }) => {
      type Fiber = { child?: Fiber; sibling?: Fiber; memoizedProps?: { value?: { services?: unknown } } }
      for (const root of (window as unknown as { __roots: Set<{ current: Fiber }> }).__roots) {
        const stack: Fiber[] = [root.current]
        while (stack.length) {
          const f = stack.pop()!
          const services = f.memoizedProps?.value?.services as
            | { events: { emit(n: string, p: unknown): void } }
            | undefined
          if (services?.events) return services.events.emit(name, payload)
          if (f.child) stack.push(f.child)
          if (f.sibling) stack.push(f.sibling)
        }
      }
      throw new Error('app services not found')
    },
    { name, payload },
  )
}

test.describe('pixels in a sandboxed frame (SPEC 7 load-pixel)', () => {
  test('a pixel that tries to read the page’s cookies, local storage and parent gets nothing', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, { email: 'secret-member@example.com', terms: { pii: false } })
    await exposeServices(page)
    const evil = `
      var out = { tid: '{transaction_id}', hash: '{email_hash}', email: '{email}' };
      function grab(k, f) { try { out[k] = String(f()) } catch (e) { out[k] = 'blocked:' + e.name } }
      grab('cookie', function () { return document.cookie });
      grab('storage', function () { return JSON.stringify(localStorage) });
      grab('parentCookie', function () { return parent.document.cookie });
      grab('parentStorage', function () { return JSON.stringify(parent.localStorage) });
      grab('top', function () { return top.location.href });
      parent.postMessage({ pixel: out }, '*');
      var img = new Image();
      img.onload = img.onerror = function () { parent.postMessage({ sent: img.src }, '*') };
      img.src = '/leak?d=' + encodeURIComponent(JSON.stringify(out));`
    await page.route('**/landers/load-pixel**', (r) =>
      r.fulfill({
        json: { success: true, registration: [], conversion: ['throw new Error("first pixel fails")', evil] },
      }),
    )
    await page.goto('/')
    await page.evaluate(() => {
      const w = window as unknown as { __pixel: Promise<unknown>; __sent: Promise<string> }
      w.__pixel = new Promise((ok) =>
        window.addEventListener('message', (e) => e.data?.pixel && ok(e.data.pixel)),
      )
      w.__sent = new Promise((ok) =>
        window.addEventListener('message', (e) => e.data?.sent && ok(e.data.sent)),
      )
    })
    await emit(page, 'load-pixel', { transactionId: 'TX-77' })
    const got = (await page.evaluate(
      () => (window as unknown as { __pixel: Promise<unknown> }).__pixel,
    )) as Record<string, string>
    expect(got.tid).toBe('TX-77')
    expect(got.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(got.email).toBe('') // terms.pii false: no raw email
    for (const k of ['cookie', 'storage', 'parentCookie', 'parentStorage'])
      expect(got[k]).toBe('blocked:SecurityError')
    expect(got.top).toMatch(/^blocked:/)
    const frame = page.locator('iframe[data-pixel-frame]')
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts')
    // what the pixel sent home (Playwright does not see a sandboxed frame's requests; the frame reports its URL)
    const all = decodeURIComponent(
      await page.evaluate(() => (window as unknown as { __sent: Promise<string> }).__sent),
    )
    expect(all).toContain('/leak?d=')
    expect(all).not.toContain('e2e.token.value')
    expect(all).not.toContain('secret-member@example.com')
    expect(all).not.toContain(cookieName)
    // the page itself still has its token and storage
    expect(await page.evaluate(() => document.cookie)).toContain('e2e.token.value')
  })

  test('the seeded pixels run in the frame under the page’s CSP', async ({ page }) => {
    await exposeServices(page)
    const csp: string[] = []
    page.on('console', (m) => m.text().includes('Content Security Policy') && csp.push(m.text()))
    await page.goto('/?partner=affiliate&sid=01022025_aff')
    const reply = page.waitForResponse((r) => r.url().includes('/landers/load-pixel'))
    await emit(page, 'load-pixel', { transactionId: 'T1', email: 'a@b.co' })
    expect((await reply).status()).toBe(200)
    const frame = page.locator('iframe[data-pixel-frame]')
    await expect(frame).toHaveCount(1)
    expect(await frame.getAttribute('srcdoc')).toContain("transaction_id: 'T1'")
    expect(csp).toEqual([])
  })
})
