/**
 * npm run bench — bundle sizes per brand, then the API throughput (scripts/bench-api.ts).
 * - initial JS: what index.html starts the app with, the entry chunks and the chunks its loader
 *   preloads beside them (the route table, the HTTP client), counted together (budget, issue 17: at most
 *   175 KB gzip for home and for a lander; everything else loads on demand);
 * - first view: every JavaScript file a first visit to home loads in Chromium until the network is
 *   idle, from the product's own server (scripts/start.mjs: the page arrives drawn with its data, as a
 *   shopper gets it): entry, preloads, the screen, its texts, the layout's slots and start-up work; at
 *   most 195 KB. Beside it, for comparison, the same from a bare static server (no drawn page: the app
 *   makes every call itself, so axios loads too);
 * - per plugin: the chunks one of its screens adds to the home page's.
 * - the API: throughput (scripts/bench-api.ts) and the history page's API at 10,000 ledger rows for one
 *   member, p50 and p99 (scripts/bench-ledger.ts; budget p99 under 50 ms on the embedded database).
 * - cash back (issue 26): signed postbacks (budget 1,000/s, p99 under 50 ms) and a 100,000-row report
 *   (under 60 s) on the embedded database (scripts/bench-cashback.ts); the click redirect's p99 at 200
 *   requests per second (budget 20 ms; scripts/bench-click.ts).
 * BENCH_BRANDS=default limits the brands; BENCH_BUILD=1 rebuilds; BENCH_API=0 skips the API; BENCH_INP=0 skips the interactions (INP).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { appScripts } from './app-scripts.mjs'
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs'
import {
  FIRST_VIEW_BUDGET,
  MEMBER_FIRST_PAGE,
  MEMBER_FIRST_VIEW_BUDGET,
  memberScripts,
  scriptsOf,
  sizes,
} from './first-view'

const root = join(import.meta.dirname, '..')
const HOME_BUDGET = 175 * 1024
const LANDER_BUDGET = 175 * 1024
const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
}

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    if (u.pathname.startsWith('/api') || u.pathname.startsWith('/landers')) {
      res.writeHead(204).end()
      return
    }
    let f = join(dir, decodeURIComponent(u.pathname))
    if (!f.startsWith(dir) || !existsSync(f) || statSync(f).isDirectory()) f = join(dir, 'index.html')
    res.writeHead(200, { 'content-type': types[extname(f)] ?? 'application/octet-stream' })
    createReadStream(f).pipe(res)
  })
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address()
      ok({ server, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` })
    }),
  )
}

/** The product's server (scripts/start.mjs) for `brand` on a free port, embedded database in memory. */
async function startProduct(brand: string, port: number) {
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, BRAND: brand, PORT: String(port), DATA_DIR: 'memory://', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop: () => child.kill('SIGTERM') }
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  child.kill('SIGTERM')
  throw new Error(`the product server for ${brand} did not start`)
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

const brands = (
  process.env.BENCH_BRANDS?.split(',') ??
  readdirSync(join(root, 'config/brands')).map((f) => f.replace(/\.json$/, ''))
).filter(Boolean)
const exe = ensureChromium()
const browser = await chromium.launch({
  executablePath: exe,
  args: CHROMIUM_ARGS,
})
let failed = false
for (const brand of brands) {
  // DIST_ROOT relative to the root or absolute, as rsbuild.config.ts and the server take it
  const dir = resolve(root, process.env.DIST_ROOT || 'dist', brand)
  if (!existsSync(join(dir, 'index.html')) || process.env.BENCH_BUILD === '1') {
    execFileSync('npx', ['rsbuild', 'build'], {
      cwd: root,
      env: { ...process.env, BRAND: brand },
      stdio: 'ignore',
    })
  }
  const cfg = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        'src/node/config-check/check-cli.ts',
        '--brand',
        brand,
        '--emit',
      ],
      {
        cwd: root,
        encoding: 'utf8',
      },
    ),
  ) as {
    routes: { path: string; screen?: string }[]
    landers: { landers: { paths: string[] }[] } | null
    plugins: string[]
  }
  const { server, url } = await serve(dir)
  const jsOf = (path: string) => scriptsOf(browser, url + path)
  console.log(`\nbrand ${brand} (${cfg.plugins.join(', ')})`)
  const html = readFileSync(join(dir, 'index.html'), 'utf8')
  const { entry, preload: preloads } = appScripts(html)
  const e = sizes(dir, [...entry, ...preloads])
  const homeOk = e.gz <= HOME_BUDGET
  const landerOk = e.gz <= LANDER_BUDGET
  console.log(
    `  initial JS (entry + preloads) ${kb(e.raw).padStart(9)} raw  ${kb(e.gz).padStart(9)} gzip  home budget 175 KB: ${homeOk ? 'ok' : 'OVER'}; lander budget 175 KB: ${landerOk ? 'ok' : 'OVER'}`,
  )
  if (!homeOk || (cfg.landers && !landerOk)) failed = true
  for (const f of entry) console.log(`    ${f.padEnd(38)} ${kb(sizes(dir, [f]).gz).padStart(9)} gzip`)
  for (const f of preloads)
    console.log(
      `    ${f.padEnd(38)} ${kb(sizes(dir, [f]).gz).padStart(9)} gzip  (preloaded beside the entry)`,
    )
  const landerPath = cfg.landers?.landers[0]?.paths.find((p) => !p.includes(':'))
  const product = await startProduct(brand, 3460 + brands.indexOf(brand))
  let drawn: Set<string>
  let lander: Set<string> | undefined
  let member: Set<string> | undefined
  try {
    drawn = await scriptsOf(browser, `${product.url}/`)
    if (landerPath) lander = await scriptsOf(browser, product.url + landerPath)
    if (cfg.plugins.includes('account')) member = await memberScripts(browser, product.url)
  } finally {
    product.stop()
  }
  const h = sizes(dir, drawn)
  const viewOk = h.gz <= FIRST_VIEW_BUDGET
  console.log(
    `  first view of / (npm start)  ${kb(h.raw).padStart(9)} raw  ${kb(h.gz).padStart(9)} gzip (${h.gz} bytes, ${drawn.size} files)  budget 195 KB (${FIRST_VIEW_BUDGET}): ${viewOk ? 'ok' : 'OVER'}`,
  )
  if (!viewOk) failed = true
  if (process.env.BENCH_FILES === '1')
    for (const f of [...drawn].sort())
      console.log(`    ${f.padEnd(50)} ${kb(sizes(dir, [f]).gz).padStart(9)} gzip`)
  const home = await jsOf('/')
  const bare = sizes(dir, home)
  console.log(
    `  first view of / (static files only, no drawn page) ${kb(bare.raw).padStart(9)} raw  ${kb(bare.gz).padStart(9)} gzip  (${home.size} files)`,
  )
  if (member) {
    const m = sizes(dir, member)
    const memberOk = m.gz <= MEMBER_FIRST_VIEW_BUDGET
    console.log(
      `  a member's first view of ${MEMBER_FIRST_PAGE} (signed in, npm start) ${kb(m.raw).padStart(9)} raw  ${kb(m.gz).padStart(9)} gzip  (${member.size} files)  budget 230 KB: ${memberOk ? 'ok' : 'OVER'}`,
    )
    if (!memberOk) failed = true
    if (process.env.BENCH_FILES === '1')
      for (const f of [...member].sort())
        console.log(`    ${f.padEnd(50)} ${kb(sizes(dir, [f]).gz).padStart(9)} gzip`)
  }
  if (landerPath && lander) {
    const l = sizes(dir, lander)
    console.log(
      `  first view of ${landerPath} (npm start) ${kb(l.raw).padStart(9)} raw  ${kb(l.gz).padStart(9)} gzip  (${lander.size} files)`,
    )
  }
  for (const plugin of cfg.plugins) {
    const route = cfg.routes.find(
      (r) => r.screen?.startsWith(`${plugin}/`) && !r.path.includes(':') && !r.path.includes('*'),
    )
    if (!route) continue
    const extra = [...(await jsOf(route.path))].filter((f) => !home.has(f))
    const s = sizes(dir, extra)
    console.log(
      `  ${plugin.padEnd(11)} ${route.path.padEnd(22)} +${extra.length} chunks ${kb(s.raw).padStart(9)} raw ${kb(s.gz).padStart(9)} gzip`,
    )
  }
  server.close()
}
await browser.close()

if (process.env.BENCH_API !== '0') {
  // The API under load (scripts/bench-api.ts: the floor of the stack, the store list, a store page and
  // token sync cached and uncached, a 50-connection mixed run), then the history page's API at 10,000
  // ledger rows for one member (p50/p99; budget: p99 under 50 ms on the embedded database)
  for (const [title, script] of [
    ['API under load (scripts/bench-api.ts)', 'scripts/bench-api.ts'],
    ['History API', 'scripts/bench-ledger.ts'],
    [
      'Cash back: signed postbacks and a 100,000-row report (scripts/bench-cashback.ts)',
      'scripts/bench-cashback.ts',
    ],
    ['Cash back: the click redirect at 200 req/s (scripts/bench-click.ts)', 'scripts/bench-click.ts'],
  ] as const) {
    console.log(`\n${title}`)
    const r = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), script], {
      cwd: root,
      stdio: 'inherit',
    })
    if (r.status !== 0) failed = true
  }
}
if (process.env.BENCH_INP !== '0') {
  // Interactions (issue 30): INP at 4x CPU slowdown with the web-vitals library, in Chromium
  console.log('\nInteraction to Next Paint at 4x CPU slowdown (scripts/bench-inp.ts)')
  const r = spawnSync(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/bench-inp.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (r.status !== 0) failed = true
}
if (failed) {
  console.log('\nA budget is exceeded (see above).')
  process.exitCode = 1
}
