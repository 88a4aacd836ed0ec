import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'
import { sheetIndex, sheetsFor } from './src/node/paint-css'

const root = import.meta.dirname
const app = JSON.parse(readFileSync(join(root, 'config/app.json'), 'utf8')) as {
  defaultBrand: string
  defaultEnvironment: string
}
const brand = process.env.BRAND || app.defaultBrand
const brandJson = (() => {
  try {
    return JSON.parse(readFileSync(join(root, 'config/brands', `${brand}.json`), 'utf8')) as {
      name?: string
      theme?: { logo?: string; primary?: string }
    }
  } catch {
    return {} // config:check reports it
  }
})()
const environment = process.env.APP_ENV || app.defaultEnvironment
const virtualDir = join(root, 'node_modules/.virtual')
const distRoot = process.env.DIST_ROOT || 'dist'

/**
 * Validates config/ for the brand (config:check) and generates the module '@brand' with one import
 * per enabled plugin, so a disabled plugin's code never enters the bundle. A broken config stops the
 * build with the checker's message. Node builds import the plugins statically (`plugins`); the
 * browser's module gives a step per plugin that evaluates it (`pluginSteps`).
 *
 * For the browser the route table (routes, landers, redirects and the absent paths: about 15 KB,
 * the largest part of the config) is not in the entry: it is a chunk of its own, 'brand-routes', that
 * index.html preloads (performance.preload below), so it arrives beside the entry chunks, and
 * `loadConfig()` completes `config` with it before the app starts (src/main.tsx). Node builds (the
 * first paints) get the whole config in the module itself.
 */
interface BrandSources {
  /** '@brand' for the browser, and its route-table chunk. */
  web: { main: string; routes: string }
  /** '@brand' for Node, with the whole config. */
  node: string
}
const ROUTE_KEYS = ['routes', 'redirects', 'landers', 'absent'] as const
let brandSources: BrandSources | undefined
function brandModule(): BrandSources {
  brandSources ??= makeBrandModule()
  return brandSources
}
function makeBrandModule(): BrandSources {
  let json: string
  try {
    json = execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        join(root, 'src/node/config-check/check-cli.ts'),
        '--brand',
        brand,
        '--env',
        environment,
        '--emit',
      ],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
  } catch (e) {
    const msg = String((e as { stderr?: string }).stderr || (e as Error).message)
    const err = new Error(msg)
    err.stack = `The build stopped because config/ has problems (brand ${brand}).\n${msg}`
    throw err
  }
  const config = JSON.parse(json) as Record<string, unknown> & { plugins: string[] }
  const files = config.plugins.map((p) => JSON.stringify(resolve(root, 'plugins', p, 'index.ts')))
  const head =
    `${files.map((f, i) => `import p${i} from ${f}`).join('\n')}\n` +
    `export const plugins = [${config.plugins.map((_, i) => `p${i}`).join(', ')}]\n` +
    `export const pluginSteps = plugins.map((p) => () => Promise.resolve({ default: p }))\n`
  // The browser's plugins are in the entry's chunks, each evaluated when its step is called (an eager
  // import makes no chunk and no request): the app calls them one per task (src/start.tsx), the first
  // evaluating the core's public module too. With static imports the core and every plugin ran in one
  // task of 100 ms on a phone.
  const webHead = `export const pluginSteps = [${files.map((f) => `() => import(/* webpackMode: "eager" */ ${f})`).join(', ')}]\n`
  const rest: Record<string, unknown> = {}
  const table: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(config)) {
    if ((ROUTE_KEYS as readonly string[]).includes(k)) table[k] = v
    else rest[k] = v
  }
  // JSON.parse of a string literal: V8 parses it faster than the same object as a literal
  const literal = (v: unknown) => `JSON.parse(${JSON.stringify(JSON.stringify(v))})`
  return {
    web: {
      main:
        `${webHead}export const config = ${JSON.stringify(rest)}\n` +
        `let complete\n` +
        `export function loadConfig() {\n` +
        `  complete ??= import(/* webpackChunkName: "brand-routes" */ ${JSON.stringify(join(virtualDir, 'brand-routes.js'))})` +
        `.then((m) => Object.assign(config, m.table))\n` +
        `  return complete\n}\n`,
      routes: `export const table = ${literal(table)}\n`,
    },
    node: `${head}export const config = ${json}\nexport const loadConfig = () => Promise.resolve(config)\n`,
  }
}

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  )

/**
 * Renders the first paints (src/node/first-paint.tsx, built for Node as the environment
 * 'firstpaint') and writes them to first-paint.json beside index.html: per path and language, the
 * markup and the stylesheets of the web build that define its classes (the ones index.html does not
 * already link). The server puts them in the page (server/static.ts).
 */
const pluginFirstPaint = (): RsbuildPlugin => ({
  name: 'rewards:first-paint',
  setup(api) {
    api.onAfterBuild(async ({ environments }) => {
      const web = environments.web?.distPath
      const node = environments.firstpaint?.distPath
      if (!web || !node) return
      const entry = walk(node).find((f) => /first-paint\.(c|m)?js$/.test(f))
      if (!entry) throw new Error(`The first-paint build wrote no first-paint.js in ${node}`)
      const mod = (await import(pathToFileURL(entry).href)) as {
        renderFirstPaints?: () => Promise<FirstPaintOut[]>
        default?: { renderFirstPaints: () => Promise<FirstPaintOut[]> }
      }
      const render = mod.renderFirstPaints ?? mod.default?.renderFirstPaints
      if (!render) throw new Error(`${entry} exports no renderFirstPaints`)
      const paints = await render()
      const sheets = sheetIndex(web, readFileSync(join(web, 'index.html'), 'utf8'))
      const out: Record<string, Record<string, { html: string; css: string[]; copies: string[] }>> = {}
      for (const p of paints) {
        const css = sheetsFor(p.classes, sheets)
        // the same sheets under other chunks' names: the server marks them as in the page (server/static.ts)
        const copies = css.flatMap((u) => sheets.others.find((o) => o.url === u)?.copies ?? [])
        out[p.path] ??= {}
        out[p.path]![p.language] = { html: p.html, css, copies }
      }
      writeFileSync(join(web, 'first-paint.json'), JSON.stringify(out))
    })
  },
})
interface FirstPaintOut {
  path: string
  language: string
  html: string
  classes: string[]
}

const pluginBrand = (): RsbuildPlugin => ({
  name: 'rewards:brand',
  setup(api) {
    api.modifyRspackConfig((config, { rspack, appendPlugins, target }) => {
      const sources = brandModule()
      // one file per kind of build, so a browser and a Node build never share a virtual module
      const modules: Record<string, string> =
        target === 'node'
          ? { [join(virtualDir, 'brand.node.js')]: sources.node }
          : {
              [join(virtualDir, 'brand.js')]: sources.web.main,
              [join(virtualDir, 'brand-routes.js')]: sources.web.routes,
            }
      appendPlugins(new rspack.experiments.VirtualModulesPlugin(modules))
      if (target !== 'node') {
        // The plugins' start-up imports (setup, layout slots) share one chunk, 'start'
        // (scripts/start-chunk-loader.cjs).
        config.module ??= {}
        config.module.rules ??= []
        config.module.rules.push({
          test: /[\\/]plugins[\\/][^\\/]+[\\/]index\.ts$/,
          enforce: 'pre',
          use: [{ loader: join(root, 'scripts/start-chunk-loader.cjs') }],
        })
        // the constants only the server reads stay out of the browser (scripts/client-constants-loader.cjs)
        config.module.rules.push({
          test: /[\\/]config[\\/]constants\.json$/,
          use: [{ loader: join(root, 'scripts/client-constants-loader.cjs') }],
        })
      }
      config.resolve ??= {}
      config.resolve.alias = {
        ...(config.resolve.alias as Record<string, string>),
        '@brand': join(virtualDir, target === 'node' ? 'brand.node.js' : 'brand.js'),
      }
    })
  },
})

/**
 * Writes a .br and a .gz copy beside every text asset of the build, so the server sends compressed
 * files without compressing on each request (@fastify/static's preCompressed).
 */
const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'rewards:precompress',
  setup(api) {
    api.onAfterBuild(({ environments }) => {
      const web = environments.web?.distPath
      if (!web) return
      for (const file of walk(web)) {
        if (!['.js', '.css', '.svg', '.json', '.html', '.txt'].includes(extname(file))) continue
        if (file.endsWith('index.html') || statSync(file).size < 1024) continue
        const buf = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }))
        writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))
      }
    })
  },
})

/**
 * The app's scripts are asked for once the page has painted. index.html carries no script tag and no
 * script preload: one small inline script (id "app-loader", its lists read by scripts/app-scripts.mjs)
 * adds the entry scripts (in order) and the preloads of the chunks every page needs at start. On a
 * page that arrives drawn (#first-paint: a page paint or a lander's first paint) it waits for the next
 * frame, so the browser paints the drawn page before any script is fetched or run: with the scripts in
 * the head, a fast connection had them downloaded before the first frame and their evaluation pushed
 * the first paint back (a trace on home: scripts in at 190 ms, first paint at 260 ms), and Lighthouse's
 * simulation then counted their download into the LCP (2.0 s instead of 0.8 s). After a drawn page
 * each tag is added in a task of its own: adding one costs 2 to 5 ms of a core (10 to 20 ms at CPU x4),
 * and the six in one task were a long task of 70 to 115 ms at CPU x4 in the take-over (issue 30;
 * order is kept: scripts added with async false run in the order they were added). A page with nothing
 * drawn, or a tab in the background (no frames), loads them at once, in one task.
 */
const pluginScriptsAfterPaint = (): RsbuildPlugin => ({
  name: 'rewards:scripts-after-paint',
  setup(api) {
    api.modifyHTMLTags((tags, { environment }) => {
      if (environment.name !== 'web') return tags
      const entry: string[] = []
      const preload: string[] = []
      const headTags = tags.headTags.filter((t) => {
        const a = t.attrs ?? {}
        if (t.tag === 'script' && typeof a.src === 'string') {
          entry.push(a.src)
          return false
        }
        if (t.tag === 'link' && a.rel === 'preload' && a.as === 'script' && typeof a.href === 'string') {
          preload.push(a.href)
          return false
        }
        return true
      })
      const code =
        `(function(d){var s=${JSON.stringify(entry)},p=${JSON.stringify(preload)},n=d.currentScript&&d.currentScript.nonce;` +
        'function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];if(n)e.nonce=n;d.head.appendChild(e)}' +
        "function go(step){var q=[];p.forEach(function(h){q.push(['link',{rel:'preload',as:'script',href:h}])});" +
        's.forEach(function(h){q.push(["script",{src:h,async:false}])});' +
        '(function next(){var x=q.shift();if(!x)return;add(x[0],x[1]);if(step)setTimeout(next,0);else next()})()}' +
        "if(d.getElementById('first-paint')&&d.visibilityState!=='hidden')requestAnimationFrame(function(){setTimeout(function(){go(1)},0)});else go(0)})(document)"
      return {
        headTags,
        bodyTags: [...tags.bodyTags, { tag: 'script', attrs: { id: 'app-loader' }, children: code }],
      }
    })
  },
})

export default defineConfig(({ command }) => ({
  plugins: [pluginReact(), pluginScriptsAfterPaint(), pluginBrand(), pluginFirstPaint(), pluginPrecompress()],
  // '@brand' is aliased per build by pluginBrand (the browser's and Node's modules differ)
  resolve: {
    aliasStrategy: 'prefer-alias',
    // the core's two public modules, by one name at any folder depth (tsconfig.json's paths say the same)
    alias: {
      '@core$': join(root, 'src/index.ts'),
      '@core/contract$': join(root, 'src/contract.ts'),
      // React Router 7's package exports name only its development build (remix-run/react-router#12532),
      // whose dev warnings the minifier cannot drop: its production build, the same code without them
      'react-router$': join(root, 'node_modules/react-router/dist/production/index.mjs'),
      'react-router/dom$': join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
    },
  },
  // A built class name is its hash alone (rsbuild's default puts the source's name before it): each CSS
  // module's class map is in the JavaScript of the screens that use it, 0.5 KB gzip of home's first
  // view. Both builds name a class alike (the hash is of its file and name), so the server's drawn
  // pages and the browser's styles agree; `rsbuild dev` keeps the readable names.
  ...(command === 'build' ? { output: { cssModules: { localIdentName: '[hash:base64:6]' } } } : {}),
  environments: {
    web: {
      source: {
        entry: { index: './src/main.tsx' },
      },
      html: {
        title: brandJson.name ?? '',
        template: './src/index.html',
        favicon: brandJson.theme?.logo ? join(root, 'public', brandJson.theme.logo) : undefined,
        meta: { 'theme-color': brandJson.theme?.primary ?? '#ffffff' },
      },
      security: { nonce: 'CSP_NONCE_PLACEHOLDER' },
      output: {
        distPath: { root: `${distRoot}/${brand}` },
        copy: [{ from: './public', to: '.' }],
        // only a build replaces dist/<brand>: `rsbuild dev` serves from memory and must not empty the
        // build that `npm start` serves
        cleanDistPath: command === 'build',
        // SOURCE_MAP=1 for bundle analysis (scripts/bundle-sources.mjs)
        sourceMap: process.env.SOURCE_MAP === '1' ? { js: 'source-map', css: false } : undefined,
        // SWC's minifier compresses three times over (what one pass makes foldable, the next folds):
        // 0.5 KB gzip off home's first view, whose budget is 195 KB
        minify: { js: true, css: true, jsOptions: { minimizerOptions: { compress: { passes: 3 } } } },
        // eight hex digits of content hash (rsbuild's default is longer): the runtime carries one per
        // lazy chunk in its chunk-name maps (about 330 JavaScript and 200 CSS chunks), 0.5 KB gzip of
        // home's first view; 8 digits tell the versions of one chunk apart as well for caching
        filenameHash: 'contenthash:8',
      },
      performance: {
        // mobx-react-lite is used by many lazy screens: one chunk of its own, not a copy in each.
        // axios is only needed once the first call goes out to the network: a chunk of its own that
        // the HTTP client loads then (src/http/client.ts); a drawn page's first calls are answered
        // from the page, so a visitor's first view of home does not load it.
        chunkSplit: {
          strategy: 'split-by-experience',
          forceSplitting: {
            'lib-mobx-react': /node_modules[\\/]mobx-react-lite/,
            'lib-axios': /node_modules[\\/]axios[\\/]/,
          },
        },
        // Chunks every page needs at start but not in the entry: the app loader preloads them so they
        // arrive beside the entry chunks (the route table and the HTTP client).
        preload: { type: 'async-chunks', include: [/[\\/](brand-routes|http)\.[\w]+\.js$/] },
      },
    },
    // The first paints for Node, in a build only: rendered at build time (src/node/first-paint.tsx)
    // and drawn by the server at request time (src/node/page-paint.tsx, loaded by server/static.ts)
    ...(command === 'build'
      ? {
          firstpaint: {
            source: {
              entry: {
                'first-paint': './src/node/first-paint.tsx',
                'page-paint': './src/node/page-paint.tsx',
              },
            },
            output: {
              target: 'node' as const,
              distPath: { root: `${distRoot}/.first-paint/${brand}` },
              cleanDistPath: true,
              minify: false,
            },
          },
        }
      : {}),
  },
  dev: {
    watchFiles: { paths: ['config/**/*.json'] },
  },
  server: {
    port: Number(process.env.DEV_PORT ?? 8080),
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/landers': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      // the development mailbox and events pages of the API server (npm run dev only)
      '/dev/': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      // the development survey platform's pages (server/dev-platform.ts)
      '/dev-platform/': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
    },
  },
}))
