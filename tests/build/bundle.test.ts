import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { appScripts } from '../../scripts/app-scripts.mjs'

const root = resolve(import.meta.dirname, '../..')
/** A brand's build: DIST_ROOT relative to the root or absolute, as rsbuild.config.ts and the server take it. */
const distOf = (brand: string) => resolve(root, process.env.DIST_ROOT || 'dist', brand)

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  )
}
function js(brand: string): string {
  const dir = distOf(brand)
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`Build brand ${brand} first: BRAND=${brand} npm run build`)
  return files(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
}
const brandPlugins = (b: string) =>
  (JSON.parse(readFileSync(join(root, 'config/brands', `${b}.json`), 'utf8')) as { plugins: string[] })
    .plugins

/** A string only a plugin's own code carries: its definePlugin name. */
const marker = (plugin: string) => new RegExp(`name:\\s*["']${plugin}["']`)

describe('brand bundling (ARCHITECTURE: a disabled plugin is not in the brand output)', () => {
  const all = brandPlugins('default')
  const ship = brandPlugins('shipnow')
  const disabled = all.filter((p) => !ship.includes(p))

  it('the fixture brand disables some plugins', () => {
    expect(disabled.length).toBeGreaterThan(0)
  })
  it('the default brand carries every plugin it enables', () => {
    const code = js('default')
    for (const p of all) expect(code, p).toMatch(marker(p))
  })
  it.each(disabled)('shipnow ships none of plugin %s', (p) => {
    const code = js('shipnow')
    expect(code).not.toMatch(marker(p))
    // nor its texts
    const en = readFileSync(join(root, 'locales/en', `${p}.json`), 'utf8')
    const sample = JSON.stringify(JSON.parse(en)).match(/"([^"]{20,})"/)?.[1]
    if (sample) expect(code).not.toContain(sample)
  })
  it('shipnow ships no coins code: no survey, attempt or coin offer call and no coin text, which the default brand has', () => {
    // strings only the coins screens carry (their API paths and the header balance's text)
    const coinsOnly = [
      '/api/coins/attempt',
      '/api/surveys',
      '/api/offers/incomplete',
      'Coin balance: {{value}}',
    ]
    const def = js('default')
    const ship = js('shipnow')
    for (const x of coinsOnly) {
      expect(def, x).toContain(x)
      expect(ship, x).not.toContain(x)
    }
  })
  it('a brand without protection (cashback) ships no protection code, text or account-menu entry, which the default and shipnow brands have', () => {
    expect(brandPlugins('cashback')).not.toContain('protection')
    // the plugin's own calls, its account-menu label key and its linking call
    const protectionOnly = ['/api/protection/overview', '/accounts/authorize', 'protection-menu:protection']
    const lite = js('cashback')
    expect(lite).not.toMatch(marker('protection'))
    for (const b of ['default', 'shipnow']) {
      const code = js(b)
      expect(code, b).toMatch(marker('protection'))
      for (const x of protectionOnly) expect(code, `${b}: ${x}`).toContain(x)
    }
    for (const x of protectionOnly) expect(lite, x).not.toContain(x)
    const en = JSON.stringify(JSON.parse(readFileSync(join(root, 'locales/en/protection.json'), 'utf8')))
    for (const sample of [...en.matchAll(/"([^"{}]{25,})"/g)].slice(0, 5).map((m) => m[1]!))
      expect(lite, sample).not.toContain(sample)
  })
  it('the constants only the server reads are not in the browser bundle, and no browser code reads them', () => {
    const { SERVER_ONLY } = createRequire(import.meta.url)('../../scripts/client-constants-loader.cjs') as {
      SERVER_ONLY: string[]
    }
    expect(SERVER_ONLY.length).toBeGreaterThan(0)
    const constantsJson = JSON.parse(readFileSync(join(root, 'config/constants.json'), 'utf8'))
    const browserCode = ['src', 'plugins']
      .flatMap((d) => files(join(root, d)))
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes(`${join('src', 'config')}`))
      .map((f) => [f, readFileSync(f, 'utf8')] as const)
    for (const key of SERVER_ONLY) {
      expect(constantsJson, key).toHaveProperty(key)
      for (const [f, text] of browserCode)
        expect(text.includes(`constants.${key}`), `${f} reads ${key}`).toBe(false)
      // the key with its value, as the bundled JSON writes it (a text of a namespace may share the key's name);
      // a dotted key is a part of a group: its last name with its value
      const leaf = key.split('.').at(-1)!
      const value = key.split('.').reduce((o, k) => o[k], constantsJson)
      const pair = JSON.stringify({ [leaf]: value }).slice(1, -1)
      for (const b of ['default', 'shipnow', 'cashback'])
        expect(js(b).includes(pair), `${b}: ${pair}`).toBe(false)
    }
    // the rest of the file is still there
    expect(js('default')).toContain(`"minimumPasswordLength":${constantsJson.minimumPasswordLength}`)
  })

  it('no full zod in the browser bundle', () => {
    for (const b of ['default', 'shipnow', 'cashback']) {
      const code = js(b)
      // full zod carries its whole error map; zod/mini does not
      expect(code).not.toContain('Too big: expected')
      expect(code).not.toContain('ZodEffects')
    }
  })
})

describe('first paints (src/first-paint: a lander’s hero is in the page before any script runs)', () => {
  const read = (brand: string) => {
    const file = join(distOf(brand), 'first-paint.json')
    expect(existsSync(file), file).toBe(true)
    return JSON.parse(readFileSync(file, 'utf8')) as Record<
      string,
      Record<string, { html: string; css: string[] }>
    >
  }
  it('the default brand has every lander path without parameters, in English and Spanish', () => {
    const paints = read('default')
    const landers = JSON.parse(readFileSync(join(root, 'config/landers.json'), 'utf8')) as {
      landers: { paths: string[] }[]
    }
    const staticPaths = landers.landers.flatMap((l) => l.paths).filter((p) => !p.includes(':'))
    expect(Object.keys(paints).sort()).toEqual([...staticPaths].sort())
    const spl = paints['/spl/spland1']!
    expect(spl.en!.html).toContain('<h1>Get $25.00 cash back on your first order</h1>')
    expect(spl.es!.html).toContain('<h1>Obtén $25.00 de reembolso en tu primer pedido</h1>')
  })
  it('links stylesheets of the build that define every class the markup uses', () => {
    const dist = distOf('default')
    const index = readFileSync(join(dist, 'index.html'), 'utf8')
    const linked = [...index.matchAll(/href="([^"]+\.css)"/g)].map((m) => m[1]!)
    for (const [path, byLang] of Object.entries(read('default'))) {
      const fp = byLang.en!
      expect(fp.css.length, path).toBeGreaterThan(0)
      const css = [...linked, ...fp.css].map((u) => readFileSync(join(dist, u), 'utf8')).join('')
      const classes = [...fp.html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' '))
      for (const c of classes) expect(css, `${path} .${c}`).toContain(`.${c}`)
    }
  })
  it('a brand without landers has none', () => {
    expect(read('shipnow')).toEqual({})
  })
})

describe('the staff console (issue 28: lazy-loaded, none of its code in a shopper\'s first load)', () => {
  /** What a shopper's first load runs: the entry, its preloads, and the start-up chunks boot loads (start, member). */
  const firstLoad = (brand: string) => {
    const dir = distOf(brand)
    const { entry, preload } = appScripts(readFileSync(join(dir, 'index.html'), 'utf8'))
    const startUp = files(dir)
      .filter((f) => /[\\/](start|member)(\.[\w-]+)*\.js$/.test(f))
      .map((f) => f.slice(dir.length + 1))
    expect(startUp.length, 'the start-up chunk').toBeGreaterThan(0)
    return [...entry, ...preload, ...startUp].map((f) => readFileSync(join(dir, f), 'utf8')).join('\n')
  }
  // what only the console's screens, calls and texts carry
  const staffOnly = () => {
    const texts = JSON.stringify(JSON.parse(readFileSync(join(root, 'locales/en/staff.json'), 'utf8')))
    return ['/api/staff/me', '/api/staff/sign-in', ...[...texts.matchAll(/"([^"{}]{25,})"/g)].slice(0, 5).map((m) => m[1]!)]
  }

  it('the default brand has the console, and its first load carries none of its screens, calls or texts', () => {
    const all = js('default')
    const first = firstLoad('default')
    for (const x of staffOnly()) {
      expect(all, x).toContain(x)
      expect(first, x).not.toContain(x)
    }
  })
  it('the brands without the staff plugin (shipnow, cashback) ship none of it', () => {
    for (const b of ['shipnow', 'cashback']) {
      expect(brandPlugins(b)).not.toContain('staff')
      const code = js(b)
      expect(code, b).not.toMatch(marker('staff'))
      for (const x of staffOnly()) expect(code, `${b}: ${x}`).not.toContain(x)
    }
  })
})

describe('initial JS (issue 17: at most 175 KB gzip of what index.html starts the app with; axios with the first call)', () => {
  const brands = ['default', 'shipnow', 'cashback']
  const page = (brand: string) => {
    const dir = distOf(brand)
    const html = readFileSync(join(dir, 'index.html'), 'utf8')
    const { entry, preload: preloads } = appScripts(html)
    const text = (files: string[]) => files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n')
    return { dir, html, entry, preloads, text }
  }
  it.each(brands)(
    '%s: the entry chunks and the chunks preloaded beside them are at most 175 KB gzip together',
    (brand) => {
      const { dir, entry, preloads } = page(brand)
      expect(entry.length).toBeGreaterThan(0)
      const gz = [...entry, ...preloads].reduce(
        (n, f) => n + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length,
        0,
      )
      expect(gz / 1024).toBeLessThanOrEqual(175)
    },
  )
  it.each(brands)(
    '%s: no script is in the HTML before the page paints: the loader asks for them (no script tag, no script preload)',
    (brand) => {
      const { html } = page(brand)
      expect(html).not.toMatch(/<script[^>]+\bsrc=/)
      expect(html).not.toMatch(/rel="preload"[^>]*as="script"|as="script"[^>]*rel="preload"/)
      // the loader waits for a frame on a drawn page, and comes after the app root
      expect(html.indexOf('id="app-loader"')).toBeGreaterThan(html.indexOf('<div id="root">'))
      expect(html).toContain("d.getElementById('first-paint')")
      expect(html).toContain('requestAnimationFrame')
    },
  )
  it.each(brands)(
    '%s: the route table and the HTTP client are preloaded chunks, not in the entry; axios is in neither',
    (brand) => {
      const { entry, preloads, text } = page(brand)
      expect(preloads.map((f) => f.replace(/^.*\/|\.\w+\.js$/g, '')).sort()).toEqual(['brand-routes', 'http'])
      const routes = JSON.parse(readFileSync(join(root, 'config/routes.json'), 'utf8')) as {
        routes: { path: string }[]
      }
      // a route's pattern only the table has (paths with params are not in any plugin's code)
      const pattern = routes.routes.map((r) => r.path).find((p) => p.includes(':'))!
      const axiosOnly = 'There is no suitable adapter'
      const initial = text(entry)
      expect(initial).not.toContain(pattern)
      expect(initial).not.toContain(axiosOnly)
      const preloaded = text(preloads)
      expect(preloaded).toContain(pattern)
      expect(preloaded).not.toContain(axiosOnly)
    },
  )
})
