import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import constants from '../../config/constants.json' with { type: 'json' }
import { registerByApi, restoreSession } from './helpers'
import { watchTakeOver } from './observers'

// Issue 17: home, the store list, a category and a store page arrive drawn in the HTML (the server's
// page paints, src/node/page-paint.tsx) with the main layout, in the visitor's language; the app
// takes over without fetching that data again and without moving anything.

type Named = { name: string; internal_name: string }

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const r = await request.get(url)
  expect(r.ok(), url).toBe(true)
  return (await r.json()) as T
}
const topStores = async (request: APIRequestContext, lang: string) =>
  (await api<{ data: { top_stores: Named[] } }>(request, `/api/home?lang=${lang}`)).data.top_stores.slice(
    0,
    6,
  )

/** Opens `path` with scripts off (the HTML as the server sent it) and runs `look` on it. */
async function withoutScripts<T>(
  browser: Browser,
  baseURL: string | undefined,
  path: string,
  look: (page: Page, status: number) => Promise<T>,
  cookies: { name: string; value: string }[] = [],
): Promise<T> {
  const ctx = await browser.newContext({ baseURL, javaScriptEnabled: false })
  try {
    if (cookies.length) await ctx.addCookies(cookies.map((c) => ({ ...c, url: baseURL! })))
    const page = await ctx.newPage()
    const res = await page.goto(path)
    return await look(page, res?.status() ?? 0)
  } finally {
    await ctx.close()
  }
}

test('home’s first HTML holds the header and the top stores, in English, before any script runs', async ({
  browser,
  baseURL,
  request,
}) => {
  const stores = await topStores(request, 'en')
  expect(stores.length).toBeGreaterThan(0)
  await withoutScripts(browser, baseURL, '/', async (page, status) => {
    expect(status).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Rewards home' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Stores' })).toBeAttached()
    await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cash back at the stores you love')
    const top = page.getByRole('region', { name: 'Top stores' })
    for (const s of stores) await expect(top.getByText(s.name, { exact: true })).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })
})

test('home’s first HTML is in Spanish for ?lang=es and for a visitor who chose Spanish (cookie)', async ({
  browser,
  baseURL,
  request,
}) => {
  const stores = await topStores(request, 'es')
  const spanish = async (page: Page, status: number) => {
    expect(status).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Reembolsos en las tiendas que te encantan',
    )
    const top = page.getByRole('region', { name: 'Tiendas principales' })
    for (const s of stores) await expect(top.getByText(s.name, { exact: true })).toBeVisible()
  }
  await withoutScripts(browser, baseURL, '/?lang=es', spanish)
  await withoutScripts(browser, baseURL, '/', spanish, [{ name: constants.languageCookieName, value: 'es' }])
})

test('the store list, a category and a store page arrive drawn in the HTML', async ({
  browser,
  baseURL,
  request,
}) => {
  const all = await api<{ data: Named[] }>(request, '/api/stores?lang=en&page=1&per_page=24&sort=popular')
  await withoutScripts(browser, baseURL, '/stores', async (page, status) => {
    expect(status).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All stores')
    for (const s of all.data.slice(0, 4)) await expect(page.getByText(s.name, { exact: true })).toBeVisible()
  })
  const cats = await api<{ data: { slug: string; names: { en: string } }[] }>(request, '/api/categories')
  const cat = cats.data[0]!
  const inCat = await api<{ data: Named[] }>(
    request,
    `/api/stores?category=${cat.slug}&lang=en&page=1&per_page=24&sort=popular`,
  )
  await withoutScripts(browser, baseURL, `/stores/${cat.slug}`, async (page, status) => {
    expect(status).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cat.names.en)
    await expect(page.getByText(inCat.data[0]!.name, { exact: true }).first()).toBeVisible()
  })
  const store = all.data[0]!
  await withoutScripts(browser, baseURL, `/${store.internal_name}-coupons`, async (page, status) => {
    expect(status).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.name)
    await expect(page.getByTestId('store-rate')).toBeVisible()
  })
})

test('a redirect of redirects.json without a guard is answered by the server, so its page arrives drawn', async ({
  browser,
  baseURL,
  request,
}) => {
  const all = await api<{ data: Named[] }>(request, '/api/stores?lang=es&page=1&per_page=24&sort=popular')
  const store = all.data[0]!
  // SPEC 2.6: /{merchant} goes to /{merchant}-coupons; the query (attribution, language) goes along
  const first = await request.get(`/${store.internal_name}?sid=x&lang=es`, {
    headers: { accept: 'text/html' },
    maxRedirects: 0,
  })
  expect(first.status()).toBe(302)
  expect(first.headers().location).toBe(`/${store.internal_name}-coupons?sid=x&lang=es`)
  await withoutScripts(browser, baseURL, `/${store.internal_name}?lang=es`, async (page, status) => {
    expect(status).toBe(200)
    expect(new URL(page.url()).pathname).toBe(`/${store.internal_name}-coupons`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.name)
    await expect(page.getByTestId('store-rate')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  })
  // /category/{category} goes to /stores/{category}
  const cats = await api<{ data: { slug: string; names: { en: string } }[] }>(request, '/api/categories')
  await withoutScripts(browser, baseURL, `/category/${cats.data[0]!.slug}`, async (page, status) => {
    expect(status).toBe(200)
    expect(new URL(page.url()).pathname).toBe(`/stores/${cats.data[0]!.slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cats.data[0]!.names.en)
  })
  // a guarded one needs the member's session: the app decides (the page itself, no redirect)
  const settings = await request.get('/settings', { headers: { accept: 'text/html' }, maxRedirects: 0 })
  expect(settings.status()).toBe(200)
})

test('a store or category that does not exist is a 404 with the not-found page in the first HTML', async ({
  browser,
  baseURL,
}) => {
  await withoutScripts(browser, baseURL, '/no-such-store-anywhere-coupons', async (page, status) => {
    expect(status).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store not found')
    await expect(page.getByRole('banner')).toBeVisible()
  })
  await withoutScripts(browser, baseURL, '/stores/no-such-category', async (_page, status) => {
    expect(status).toBe(404)
  })
  await withoutScripts(browser, baseURL, '/Bad_Name!-coupons', async (_page, status) => {
    expect(status).toBe(404)
  })
  // a path no route has: the core's not-found page, a 404 too
  await withoutScripts(browser, baseURL, '/no/such/page/here', async (page, status) => {
    expect(status).toBe(404)
    await expect(page.getByTestId('not-found')).toBeVisible()
  })
})

test('a search with markup or 2,000 characters is escaped in the HTML and answered at once', async ({
  browser,
  baseURL,
  request,
}) => {
  const markup = '<script>window.injected=1</script><img src=x onerror="window.injected=2">'
  const r = await request.get(`/stores?q=${encodeURIComponent(markup)}`, { headers: { accept: 'text/html' } })
  expect(r.status()).toBe(200)
  const html = await r.text()
  expect(html).not.toContain('<script>window.injected')
  expect(html).not.toContain('<img src=x')
  expect(html).toContain('&lt;script&gt;window.injected=1&lt;/script&gt;')

  const long = 'shoes '.repeat(400).slice(0, 2000)
  const started = Date.now()
  const big = await request.get(`/stores?q=${encodeURIComponent(long)}`, { headers: { accept: 'text/html' } })
  expect(big.status()).toBe(200)
  expect(Date.now() - started).toBeLessThan(1000)

  await withoutScripts(browser, baseURL, `/stores?q=${encodeURIComponent(markup)}`, async (page) => {
    await expect(page.getByTestId('store-search')).toHaveValue(markup)
    expect(
      await page.evaluate(
        () => document.querySelectorAll('#first-paint script, #first-paint img[src="x"]').length,
      ),
    ).toBe(0)
  })
})

test('a member’s first HTML shows no visitor buttons; the app then shows the member’s header', async ({
  browser,
  baseURL,
  request,
}) => {
  const m = await registerByApi(request)
  await withoutScripts(
    browser,
    baseURL,
    '/',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Join' })).toHaveCount(0)
    },
    [{ name: constants.loginCookieName, value: m.token }],
  )
  const ctx = await browser.newContext({ baseURL })
  await restoreSession(ctx, baseURL!, m)
  const page = await ctx.newPage()
  // the visitor's buttons never appear, not even for a frame
  await page.addInitScript(() => {
    const w = window as unknown as { sawSignIn: boolean }
    w.sawSignIn = false
    new MutationObserver(() => {
      for (const b of document.querySelectorAll('header button'))
        if (b.textContent?.trim() === 'Sign in') w.sawSignIn = true
    }).observe(document, { subtree: true, childList: true })
  })
  await page.goto('/')
  await expect(page.getByTestId('cash-balance')).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { sawSignIn: boolean }).sawSignIn)).toBe(false)
  await ctx.close()
})

for (const path of ['/', '/stores']) {
  test(`the app takes over ${path} from the HTML without fetching its data again or moving anything`, async ({
    browser,
    baseURL,
  }) => {
    const ctx = await browser.newContext({ baseURL })
    const page = await ctx.newPage()
    const calls: string[] = []
    const sheets: string[] = []
    page.on('request', (r) => {
      const u = new URL(r.url())
      if (['/api/home', '/api/stores', '/api/categories', '/api/offers'].includes(u.pathname))
        calls.push(u.pathname + u.search)
      if (r.resourceType() === 'stylesheet') sheets.push(u.pathname)
    })
    const measured = await watchTakeOver(page)
    await page.goto(path)
    const heading = page.getByRole('heading', { level: 1 })
    await expect(heading).toBeVisible()
    await expect(page.locator('#first-paint')).toHaveCount(0)
    await page.waitForTimeout(500)
    const m = await measured()
    expect(m.revealedAt).toBeGreaterThan(0)
    expect(m.shift).toBeLessThan(0.01)
    // the data the page was drawn from answered the app's first calls
    expect(calls).toEqual([])
    // nor does it fetch a stylesheet whose text the page carries already (under its own or another
    // chunk's name), which would restyle the whole page once more (issue 30)
    const carried = await page.$$eval('style', (els) => els.map((e) => e.textContent ?? ''))
    for (const sheet of sheets) {
      const text = await (await ctx.request.get(sheet)).text()
      expect(carried.includes(text), `${sheet} was in the page already`).toBe(false)
    }
    await ctx.close()
  })
}

test('a member’s purchase history arrives drawn with their own rows and menu; a visitor’s or a bad login’s does not', async ({
  browser,
  baseURL,
  request,
}) => {
  const m = await registerByApi(request)
  const booked = await request.post('/api/dev/ledger/purchase', {
    data: { email: m.email, amount_cents: 1234 },
  })
  expect(booked.ok()).toBe(true)
  const path = '/account/purchase-history'
  // the member's own page, as the server sent it, before any script
  await withoutScripts(
    browser,
    baseURL,
    path,
    async (page, status) => {
      expect(status).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeVisible()
      await expect(page.getByTestId('ledger-row')).toHaveCount(1)
      await expect(page.getByTestId('total-pending')).toContainText('$12.34')
      await expect(page.getByTestId('menu-account')).toBeVisible()
    },
    [{ name: constants.loginCookieName, value: m.token }],
  )
  // nobody else's: a visitor's request and one with a login that is not valid get the page undrawn
  for (const cookies of [[], [{ name: constants.loginCookieName, value: `${m.token}x` }]]) {
    await withoutScripts(
      browser,
      baseURL,
      path,
      async (page) => {
        await expect(page.locator('#first-paint')).toHaveCount(0)
        await expect(page.getByTestId('ledger-row')).toHaveCount(0)
      },
      cookies,
    )
  }
  // the member's page is private to their browser
  const res = await request.get(path, {
    headers: { accept: 'text/html', cookie: `${constants.loginCookieName}=${m.token}` },
  })
  expect(res.headers()['cache-control']).toBe('private, no-cache')
})

test('the app takes over a member’s drawn purchase history without fetching it again or moving anything, and loads it anew after a navigation', async ({
  browser,
  baseURL,
  request,
}) => {
  const m = await registerByApi(request)
  expect(
    (await request.post('/api/dev/ledger/purchase', { data: { email: m.email, amount_cents: 500 } })).ok(),
  ).toBe(true)
  const ctx = await browser.newContext({ baseURL })
  await restoreSession(ctx, baseURL!, m)
  const page = await ctx.newPage()
  const calls: string[] = []
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (['/api/account/ledger', '/api/account/purchase-history'].includes(u.pathname)) calls.push(u.pathname)
  })
  const measured = await watchTakeOver(page)
  await page.goto('/account/purchase-history')
  await expect(page.locator('#first-paint')).toHaveCount(0)
  await expect(page.getByTestId('ledger-row')).toHaveCount(1)
  await page.waitForTimeout(500)
  const seen = await measured()
  expect(seen.revealedAt).toBeGreaterThan(0)
  expect(seen.shift).toBeLessThan(0.01)
  // the replies the page was drawn from were the app's first state
  expect(calls).toEqual([])
  // a second purchase, then away and back: the list is the member's latest, not the drawn one
  expect(
    (await request.post('/api/dev/ledger/purchase', { data: { email: m.email, amount_cents: 700 } })).ok(),
  ).toBe(true)
  await page.getByTestId('menu-account').getByRole('link', { name: 'Missing cash back' }).click()
  await expect(page).toHaveURL(/missing-cashback/)
  await page.goBack()
  await expect(page.getByTestId('ledger-row')).toHaveCount(2)
  expect(calls).toContain('/api/account/ledger')
  await ctx.close()
})

for (const who of ['visitor', 'member'] as const) {
  test(`/surveys arrives drawn for a ${who}, and the app takes it over without fetching the surveys again or moving anything`, async ({
    browser,
    baseURL,
    request,
  }) => {
    const ctx = await browser.newContext({ baseURL })
    if (who === 'member') await restoreSession(ctx, baseURL!, await registerByApi(request))
    const page = await ctx.newPage()
    const calls: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/surveys') calls.push(r.url())
    })
    const measured = await watchTakeOver(page)
    const res = await page.request.get('/surveys', { headers: { accept: 'text/html' } })
    expect(await res.text()).toContain('data-testid="survey-list"')
    await page.goto('/surveys')
    await expect(page.locator('#first-paint')).toHaveCount(0)
    await expect(page.getByTestId('survey-list')).toBeVisible()
    // the visitor's line says a sign-in is needed to start; a member's page has none
    await expect(page.getByText('Sign in to start a survey')).toHaveCount(who === 'visitor' ? 1 : 0)
    await page.waitForTimeout(500)
    const seen = await measured()
    expect(seen.revealedAt).toBeGreaterThan(0)
    expect(seen.shift).toBeLessThan(0.01)
    expect(calls).toEqual([])
    await ctx.close()
  })
}
