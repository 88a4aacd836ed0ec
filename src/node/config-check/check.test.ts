import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configCheckCli } from '../../../tests/fixtures/config-check-cli'
import { landing } from '../../routing/navigation'
import { routeTable } from '../../routing/resolve'
import { formatProblem } from '../../shared/config-problem'
import { checkConfig, discoverPlugins } from './check'
import type { PluginInfo } from './context'

const root = resolve(import.meta.dirname, '../../..')
let plugins: Map<string, PluginInfo>
const dirs: string[] = []

beforeAll(async () => {
  plugins = await discoverPlugins(root)
})
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** A copy of config/ (public/ linked) with one file changed. */
function brokenCopy(file: string, edit: (json: any) => any | string) {
  const dir = mkdtempSync(join(tmpdir(), 'config-'))
  dirs.push(dir)
  cpSync(join(root, 'config'), join(dir, 'config'), { recursive: true })
  symlinkSync(join(root, 'public'), join(dir, 'public'))
  const path = join(dir, 'config', file)
  const out = edit(JSON.parse(readFileSync(path, 'utf8')))
  writeFileSync(path, typeof out === 'string' ? out : JSON.stringify(out, null, 2))
  return dir
}

/** networks.json with each network's program feed changed (the development network's is the first). */
type FeedJson = { columns: Record<string, string | undefined> } & Record<string, unknown>
const withFeed = (edit: (feed: FeedJson) => FeedJson) => (j: { networks: { feed?: FeedJson }[] }) => ({
  ...j,
  networks: j.networks.map((n) => (n.feed ? { ...n, feed: edit(n.feed) } : n)),
})

async function problemsOf(dir: string) {
  const r = await checkConfig(dir, { plugins })
  return r.problems.map(formatProblem)
}

describe('config:check', () => {
  it('passes on the real config for every brand', async () => {
    const r = await checkConfig(root, { plugins })
    expect(r.problems.map(formatProblem)).toEqual([])
    expect([...r.configs.keys()].sort()).toEqual(['cashback', 'default', 'shipnow'])
  })

  const cases: [string, string, (j: any) => any, RegExp][] = [
    [
      'app.json',
      'unknown default brand',
      (j) => ({ ...j, defaultBrand: 'nope' }),
      /config\/app\.json at defaultBrand: There is no brand 'nope'/,
    ],
    [
      'constants.json',
      'a negative number',
      (j) => ({ ...j, minimumAge: -1 }),
      /config\/constants\.json at minimumAge: /,
    ],
    [
      'constants.json',
      'a missing constant',
      (j) => ({ ...j, loginLifeDays: undefined }),
      /constants\.json at loginLifeDays: This field is required/,
    ],
    [
      'brands/default.json',
      'an unknown plugin',
      (j) => ({ ...j, plugins: [...j.plugins, 'coupons'] }),
      /brands\/default\.json at plugins\[\d+\]: There is no plugin 'coupons'/,
    ],
    [
      'brands/shipnow.json',
      'a bad colour',
      (j) => ({ ...j, theme: { ...j.theme, primary: 'blue' } }),
      /shipnow\.json at theme\.primary: A colour is written '#rrggbb'/,
    ],
    [
      'brands/default.json',
      'an app page that is not a page of the site',
      (j) => ({ ...j, app: { ...j.app, pages: [...j.app.pages, { path: '/nowhere/at/all' }] } }),
      /default\.json at app\.pages\[\d+\]\.path: '\/nowhere\/at\/all' is not a page/,
    ],
    [
      'brands/default.json',
      'an app scheme with a colon',
      (j) => ({ ...j, app: { ...j.app, scheme: 'rewardsapp://' } }),
      /default\.json at app\.scheme: An app scheme is lower-case letters/,
    ],
    [
      'routes.json',
      'a screen no plugin gives',
      (j) => ({ ...j, routes: [...j.routes, { path: '/x', screen: 'legal/NopePage' }] }),
      /routes\.json at routes\[\d+\]\.screen: Plugin 'legal' has no screen 'NopePage'/,
    ],
    [
      'routes.json',
      'an unknown guard',
      (j) => ({ ...j, routes: [...j.routes, { path: '/y', screen: 'legal/TermsPage', guard: 'vip' }] }),
      /routes\.json at routes\[\d+\]\.guard: No enabled plugin .* gives the guard 'vip'/,
    ],
    [
      'routes.json',
      'a duplicate path',
      (j) => ({ ...j, routes: [...j.routes, { path: '/terms', screen: 'legal/TermsPage' }] }),
      /The path '\/terms' is already used by config\/routes\.json/,
    ],
    [
      'routes.json',
      'a misspelt field',
      (j) => ({ ...j, routes: [{ path: '/z', screen: 'legal/TermsPage', gaurd: 'auth' }, ...j.routes] }),
      /routes\.json at routes\[0\]/,
    ],
    [
      'redirects.json',
      'a redirect to nowhere',
      (j) => ({ ...j, redirects: [...j.redirects, { from: '/old', to: '/nowhere/at/all' }] }),
      /redirects\.json at redirects\[\d+\]\.to: '\/nowhere\/at\/all' is not a page/,
    ],
    [
      'redirects.json',
      'a redirect loop',
      (j) => ({ ...j, redirects: [...j.redirects, { from: '/a1', to: '/b1' }, { from: '/b1', to: '/a1' }] }),
      /Redirect loop/,
    ],
    [
      'redirects.json',
      'a param the source lacks',
      (j) => ({ ...j, redirects: [...j.redirects, { from: '/deals', to: '/coupons/:category' }] }),
      /uses :category, but '\/deals' has no :category/,
    ],
    [
      'landers.json',
      'an unknown step block',
      (j) => ({ ...j, landers: [{ ...j.landers[0], steps: [{ block: 'lottery' }] }] }),
      /landers\.json at landers\[0\]\.steps\[0\]\.block: A step block is one of/,
    ],
    [
      'landers.json',
      'display text instead of a key',
      (j) => ({ ...j, landers: [{ ...j.landers[0], copy: { title: 'Save now!' } }] }),
      /landers\.json at landers\[0\]\.copy\.title: A text is a translation key/,
    ],
    [
      'landers.json',
      'a payment step without a plan',
      (j) => ({ ...j, landers: [{ ...j.landers[0], offer: { trialDays: 7 } }, ...j.landers.slice(1)] }),
      /landers\.json at landers\[0\]\.offer\.plan: The 'payment' step shows the price of a plan: name it with "plan"/,
    ],
    [
      'landers.json',
      'a plan that config/plans.json does not have',
      (j) => ({ ...j, landers: [{ ...j.landers[0], offer: { plan: 'gold' } }, ...j.landers.slice(1)] }),
      /landers\.json at landers\[0\]\.offer\.plan: There is no plan 'gold' in config\/plans\.json \(plans: plus, shipping\)/,
    ],
    [
      'landers.json',
      'a headline amount its plan does not charge',
      (j) => ({
        ...j,
        landers: [{ ...j.landers[0], offer: { plan: 'plus', planAmount: 9.99 } }, ...j.landers.slice(1)],
      }),
      /landers\.json at landers\[0\]\.offer\.planAmount: This lander says 9\.99 a month, but its plan 'plus' in config\/plans\.json charges 12\.99/,
    ],
    [
      'landers.json',
      'trial days its plan does not give',
      (j) => ({
        ...j,
        landers: [{ ...j.landers[0], offer: { plan: 'plus', trialDays: 14 } }, ...j.landers.slice(1)],
      }),
      /landers\.json at landers\[0\]\.offer\.trialDays: This lander says a 14-day trial, but its plan 'plus' in config\/plans\.json gives 7 days/,
    ],
    [
      'landers.json',
      'a trial price its plan does not charge',
      (j) => ({
        ...j,
        landers: [{ ...j.landers[0], offer: { plan: 'plus', price: 1 } }, ...j.landers.slice(1)],
      }),
      /landers\.json at landers\[0\]\.offer\.price: This lander says 1 today, but its plan 'plus' in config\/plans\.json charges 0 today/,
    ],
    [
      'landers.json',
      'a currency symbol that is not its plan currency',
      (j) => ({
        ...j,
        landers: [{ ...j.landers[0], offer: { plan: 'plus', currencySymbol: '€' } }, ...j.landers.slice(1)],
      }),
      /landers\.json at landers\[0\]\.offer\.currencySymbol: This lander shows '€', but its plan 'plus' in config\/plans\.json is in USD \('\$'\)/,
    ],
    [
      'landers.json',
      'a step that sells another plan than the offer names',
      (j) => ({
        ...j,
        landers: [
          {
            ...j.landers[0],
            steps: [{ block: 'payment', props: { plan: 'shipping' } }],
            offer: { plan: 'plus' },
          },
          ...j.landers.slice(1),
        ],
      }),
      /landers\.json at landers\[0\]\.steps\[0\]\.props\.plan: This step sells the plan 'shipping', but the offer names 'plus'/,
    ],
    [
      'plans.json',
      'a plan the app sells missing',
      (j) => ({ ...j, plans: j.plans.filter((p: { id: string }) => p.id !== 'shipping') }),
      /plans\.json at plans: The plan 'shipping' is sold by the app: add it/,
    ],
    [
      'plans.json',
      'a plan listed twice',
      (j) => ({ ...j, plans: [...j.plans, j.plans[0]] }),
      /plans\.json at plans\[2\]\.id: The plan 'plus' is listed twice/,
    ],
    [
      'plans.json',
      'an amount in dollars instead of cents',
      (j) => ({ ...j, plans: [{ ...j.plans[0], amountCents: 12.99 }, ...j.plans.slice(1)] }),
      /plans\.json at plans\[0\]\.amountCents: An amount is whole cents/,
    ],
    [
      'plans.json',
      'a currency that is not an ISO code',
      (j) => ({ ...j, plans: [{ ...j.plans[0], currency: 'usd' }, ...j.plans.slice(1)] }),
      /plans\.json at plans\[0\]\.currency: A currency is its three-letter ISO code/,
    ],
    [
      'landers.json',
      'a wheel without the cash back it awards',
      (j) => ({
        ...j,
        landers: [
          ...j.landers,
          { ...j.landers[0], id: 'w', paths: ['/w'], steps: [{ block: 'wheel' }], offer: {} },
        ],
      }),
      /landers\.json at landers\[\d+\]\.offer\.firstOrderCashback: The 'wheel' step shows the offer field/,
    ],
    [
      'landers.json',
      'a path another lander already uses',
      (j) => ({ ...j, landers: [...j.landers, { ...j.landers[0], id: 'copy', paths: ['/spl/spinv'] }] }),
      /landers\.json at landers\[\d+\]\.paths\[0\]: The path '\/spl\/spinv' is already used by config\/landers\.json at landers\[2\]\.paths\[0\]/,
    ],
    [
      'landers.json',
      'a path a route already uses',
      (j) => ({ ...j, landers: [...j.landers, { ...j.landers[0], id: 'copy', paths: ['/plus'] }] }),
      /landers\.json at landers\[\d+\]\.paths\[0\]: The path '\/plus' is already used by config\/routes\.json/,
    ],
    [
      'landers.json',
      'an end page that does not exist',
      (j) => ({
        ...j,
        landers: [{ ...j.landers[0], endsOn: { accepted: '/thanks/a/lot/now' } }, ...j.landers.slice(1)],
      }),
      /landers\.json at landers\[0\]\.endsOn\.accepted: '\/thanks\/a\/lot\/now' is not a page/,
    ],
    [
      'catalogs/AU.json',
      'mobilephone in AU',
      (j) => ({ ...j, categories: { ...j.categories, mobilephone: j.categories.grocery } }),
      /catalogs\/AU\.json at categories\.mobilephone: Mobile phone is not offered in AU or NZ/,
    ],
    [
      'catalogs/CA.json',
      'fuel outside the US',
      (j) => ({ ...j, categories: { ...j.categories, fuel: j.categories.grocery } }),
      /catalogs\/CA\.json at categories\.fuel: Fuel is offered in the US only/,
    ],
    [
      'catalogs/US.json',
      'a missing category',
      (j) => ({ ...j, categories: { ...j.categories, fuel: undefined } }),
      /US must list merchants for 'fuel'/,
    ],
    [
      'catalogs/NZ.json',
      'a logo that does not exist',
      (j) => ({
        ...j,
        categories: { ...j.categories, grocery: [{ id: 'x', name: 'X', logo: 'missing-logo.svg' }] },
      }),
      /public\/catalog-logos\/missing-logo\.svg does not exist/,
    ],
    [
      'benefits.json',
      'five images for one benefit',
      (j) => ({ themes: { theme1: { shipping: ['a.svg', 'b.svg', 'c.svg', 'd.svg', 'e.svg'] } } }),
      /benefits\.json at themes\.theme1\.shipping: A benefit has at most 4 images/,
    ],
    [
      'benefits.json',
      'an unknown theme',
      (j) => ({ themes: { theme9: j.themes.theme1 } }),
      /benefits\.json at themes: Unknown field 'theme9': check the spelling or remove it/,
    ],
    [
      'partners.json',
      'a partner without has_extension',
      (j) => ({ partners: [{ id: 'shipnow', partner_name: 'S', kind: 'shipping' }] }),
      /partners\.json at partners\[0\]\.has_extension: This field is required/,
    ],
    [
      'coins.json',
      'a platform listed twice',
      (j) => ({ ...j, platforms: [...j.platforms, j.platforms[1]] }),
      /coins\.json at platforms\[4\]\.id: The platform 'cint' is listed twice/,
    ],
    [
      'coins.json',
      'a secret variable that is not an environment variable name',
      (j) => ({ ...j, platforms: [{ ...j.platforms[0], secretEnv: 'my secret' }, ...j.platforms.slice(1)] }),
      /coins\.json at platforms\[0\]\.secretEnv: An environment variable name, like COINS_SECRET_CINT/,
    ],
    [
      'networks.json',
      'a program feed without its program id column',
      withFeed((f) => ({ ...f, columns: { ...f.columns, program: undefined } })),
      /networks\.json at networks\[0\]\.feed\.columns\.program: This field is required/,
    ],
    [
      'networks.json',
      'a misspelt program feed field',
      withFeed((f) => ({ ...f, columns: { ...f.columns, trackingLink: 'link' } })),
      /networks\.json at networks\[0\]\.feed\.columns: Unknown field 'trackingLink': check the spelling/,
    ],
    [
      'networks.json',
      "a program feed category mapped to a name that is not a category's slug",
      withFeed((f) => ({ ...f, categoryMap: { 'Apparel & Shoes': 'Fashion' } })),
      /networks\.json at networks\[0\]\.feed\.categoryMap\.Apparel & Shoes: A store category is written as its slug/,
    ],
    [
      'networks.json',
      'a program feed whose rates are written neither as units nor as decimals',
      withFeed((f) => ({ ...f, rates: 'percent' })),
      /networks\.json at networks\[0\]\.feed\.rates: Rates are 'units'/,
    ],
  ]
  it.each(cases)('%s: %s fails with file, path and a sentence', async (file, _what, edit, expected) => {
    const problems = await problemsOf(brokenCopy(file, edit))
    expect(problems.join('\n')).toMatch(expected)
  })

  it("a lander's headline numbers come from the plan it names (config/plans.json is the one source)", async () => {
    const dir = brokenCopy('plans.json', (j) => ({
      ...j,
      plans: j.plans.map((p: { id: string }) =>
        p.id === 'plus' ? { ...p, amountCents: 1499, trialDays: 14 } : p,
      ),
    }))
    const r = await checkConfig(dir, { plugins, brands: ['default'] })
    expect(r.problems.map(formatProblem)).toEqual([])
    const landers = r.configs.get('default')!.landers!.landers
    const real = JSON.parse(readFileSync(join(root, 'config/landers.json'), 'utf8')) as {
      landers: { id: string; offer: { plan?: string } }[]
    }
    const plusLander = real.landers.find((l) => l.offer.plan === 'plus')!
    const shippingLander = real.landers.find((l) => l.offer.plan === 'shipping')!
    expect(landers.find((l) => l.id === plusLander.id)!.offer).toMatchObject({
      plan: 'plus',
      planAmount: 14.99,
      trialDays: 14,
      price: 0,
      currencySymbol: '$',
    })
    expect(landers.find((l) => l.id === shippingLander.id)!.offer).toMatchObject({
      plan: 'shipping',
      planAmount: 4.99,
      trialDays: 0,
    })
  })

  it("a lander may still write its numbers when they are its plan's", async () => {
    const dir = brokenCopy('landers.json', (j) => ({
      ...j,
      landers: [
        { ...j.landers[0], offer: { ...j.landers[0].offer, planAmount: 12.99, trialDays: 7, price: 0 } },
        ...j.landers.slice(1),
      ],
    }))
    expect(await problemsOf(dir)).toEqual([])
  })

  it('a file that is not JSON says so', async () => {
    const problems = await problemsOf(brokenCopy('routes.json', () => '{ "routes": [ }'))
    expect(problems.join('\n')).toMatch(
      /config\/routes\.json: This is not valid JSON .*missing comma, quote or bracket/,
    )
  })

  it('a route of a plugin the brand disables is left out for that brand, not an error', async () => {
    const r = await checkConfig(root, { plugins, brands: ['shipnow'] })
    expect(r.problems).toEqual([])
    const cfg = r.configs.get('shipnow')!
    expect(cfg.routes.some((x) => 'screen' in x && x.screen.startsWith('coins/'))).toBe(false)
    expect(cfg.landers).toBeNull()
    expect(r.notes.some((n) => n.includes("plugin 'coins' is not enabled"))).toBe(true)
  })

  it("a one-segment page of a plugin the brand does not ship is not found, not taken by '/:merchant'", async () => {
    const r = await checkConfig(root, { plugins, brands: ['shipnow'] })
    const cfg = r.configs.get('shipnow')!
    const table = routeTable(cfg)
    // '/plus' (upsell), '/surveys' (coins) and a lander path ('/thankyou') are not shipnow's pages
    for (const path of ['/plus', '/surveys', '/thankyou']) {
      expect(cfg.absent).toContain(path)
      expect(table.resolve(path), path).toBeNull()
    }
    // a store slug of the same shape still ends on the store page
    const store = landing(table, '/amazon')
    expect(store.end === 'page' && store.hit.entry).toMatchObject({
      kind: 'screen',
      path: '/:merchant-coupons',
    })
  })

  /** The real plugins, one of them changed. */
  function withPlugin(name: string, change: (info: PluginInfo) => Partial<PluginInfo>) {
    const out = new Map(plugins)
    out.set(name, { ...plugins.get(name)!, ...change(plugins.get(name)!) })
    return out
  }

  it('every side-menu entry and link of the real plugins names a route (they are seen)', () => {
    expect(plugins.get('account')?.menus?.get('account')).toContain('account-purchase-history')
    expect(plugins.get('auth')?.links?.map((l) => l.route)).toContain('login')
  })

  it('a menu entry whose route name no route has fails, saying what to do', async () => {
    const changed = withPlugin('account', (p) => ({
      menus: new Map([['account', [...(p.menus?.get('account') ?? []), 'account-nowhere']]]),
    }))
    const r = await checkConfig(root, { plugins: changed, brands: ['default'] })
    expect(r.problems.map(formatProblem).join('\n')).toMatch(
      /plugins\/account\/index\.ts at menus\.account: The menu entry links to the route named 'account-nowhere', which no route of config\/routes\.json or config\/redirects\.json has: add "name": "account-nowhere" to that route, or fix the name\./,
    )
  })

  it('a link in plugin code whose route name no route has fails, naming the file', async () => {
    const changed = withPlugin('catalog', (p) => ({
      links: [...(p.links ?? []), { route: 'stores-gone', file: 'plugins/catalog/screens/HomePage.tsx' }],
    }))
    const r = await checkConfig(root, { plugins: changed, brands: ['default'] })
    expect(r.problems.map(formatProblem).join('\n')).toMatch(
      /plugins\/catalog\/screens\/HomePage\.tsx: The link to the route named 'stores-gone' goes nowhere: no route of config\/routes\.json or config\/redirects\.json has that name\. Add "name": "stores-gone" to that route, or fix the name\./,
    )
  })

  it('renaming a route in routes.json without its links fails for every menu entry and link to it', async () => {
    const dir = brokenCopy('routes.json', (j) => ({
      ...j,
      routes: j.routes.map((r: { name?: string }) =>
        r.name === 'account-rebates' ? { ...r, name: 'account-my-rebates' } : r,
      ),
    }))
    const problems = (await problemsOf(dir)).join('\n')
    expect(problems).toMatch(/plugins\/account\/index\.ts at menus\.account: .*'account-rebates'/)
    expect(problems).toMatch(
      /plugins\/account\/screens\/RebatesPage\.tsx: The link to the route named 'account-rebates'/,
    )
  })

  it("a menu entry to a route of a plugin the brand does not enable fails while the menu's plugin is enabled", async () => {
    const changed = withPlugin('account', (p) => ({
      menus: new Map([['account', [...(p.menus?.get('account') ?? []), 'surveys']]]),
    }))
    const r = await checkConfig(root, { plugins: changed, brands: ['shipnow'] })
    expect(r.problems.map(formatProblem).join('\n')).toMatch(
      /plugins\/account\/index\.ts at menus\.account: The menu entry links to the route named 'surveys', a page of plugin 'coins', which brand 'shipnow' does not enable: enable 'coins' for the brand or move the entry to plugin 'coins'\./,
    )
  })

  it('two routes with the same name fail', async () => {
    const dir = brokenCopy('routes.json', (j) => ({
      ...j,
      routes: j.routes.map((r: { name?: string }) => (r.name === 'coupons' ? { ...r, name: 'stores' } : r)),
    }))
    expect((await problemsOf(dir)).join('\n')).toMatch(
      /config\/routes\.json at routes\[\d+\]\.name: The name 'stores' is already used by config\/routes\.json at routes\[\d+\]\.name: give each route a name of its own\./,
    )
  })

  it('the CLI (npm run config:check, also run by the build) prints each problem and exits 1', () => {
    const dir = brokenCopy('redirects.json', (j) => ({
      ...j,
      redirects: [...j.redirects, { from: '/old', to: '/gone/away' }],
    }))
    symlinkSync(join(root, 'plugins'), join(dir, 'plugins'))
    const r = configCheckCli(dir)
    expect(r.status).toBe(1)
    expect(r.stderr).toMatch(
      /config:check found 1 problem:\n {2}- config\/redirects\.json at redirects\[\d+\]\.to: '\/gone\/away' is not a page/,
    )
  }, 30_000)
})
