import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'

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
const virtualPath = join(root, 'node_modules/.virtual/brand.js')

/**
 * Validates config/ for the brand (config:check) and generates the module '@brand' with one static
 * import per enabled plugin, so a disabled plugin's code never enters the bundle. A broken config
 * stops the build with the checker's message.
 */
function brandModule(): string {
  let json: string
  try {
    json = execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/tsx/dist/cli.mjs'),
        join(root, 'src/config/check-cli.ts'),
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
  const config = JSON.parse(json) as { plugins: string[] }
  const imports = config.plugins.map(
    (p, i) => `import p${i} from ${JSON.stringify(resolve(root, 'plugins', p, 'index.ts'))}`,
  )
  return `${imports.join('\n')}\nexport const plugins = [${config.plugins.map((_, i) => `p${i}`).join(', ')}]\nexport const config = ${json}\n`
}

const pluginBrand = (): RsbuildPlugin => ({
  name: 'rewards:brand',
  setup(api) {
    api.modifyRspackConfig((_config, { rspack, appendPlugins }) => {
      appendPlugins(new rspack.experiments.VirtualModulesPlugin({ [virtualPath]: brandModule() }))
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
    api.onAfterBuild(() => {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        )
      for (const file of walk(api.context.distPath)) {
        if (!['.js', '.css', '.svg', '.json', '.html', '.txt'].includes(extname(file))) continue
        if (file.endsWith('index.html') || statSync(file).size < 1024) continue
        const buf = readFileSync(file)
        writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }))
        writeFileSync(`${file}.br`, brotliCompressSync(buf, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))
      }
    })
  },
})

export default defineConfig({
  plugins: [pluginReact(), pluginBrand(), pluginPrecompress()],
  source: {
    entry: { index: './src/main.tsx' },
  },
  resolve: {
    alias: { '@brand': virtualPath },
    aliasStrategy: 'prefer-alias',
  },
  html: {
    title: brandJson.name ?? '',
    template: './src/index.html',
    favicon: brandJson.theme?.logo ? join(root, 'public', brandJson.theme.logo) : undefined,
    meta: { 'theme-color': brandJson.theme?.primary ?? '#ffffff' },
  },
  security: { nonce: 'CSP_NONCE_PLACEHOLDER' },
  output: {
    distPath: { root: `${process.env.DIST_ROOT || 'dist'}/${brand}` },
    copy: [{ from: './public', to: '.' }],
    cleanDistPath: true,
    // SOURCE_MAP=1 for bundle analysis (scripts/bundle-sources.mjs)
    sourceMap: process.env.SOURCE_MAP === '1' ? { js: 'source-map', css: false } : undefined,
  },
  performance: {
    // mobx-react-lite is used by many lazy screens: one chunk of its own, not a copy in each
    chunkSplit: {
      strategy: 'split-by-experience',
      forceSplitting: { 'lib-mobx-react': /node_modules[\\/]mobx-react-lite/ },
    },
  },
  dev: {
    watchFiles: { paths: ['config/**/*.json'] },
  },
  server: {
    port: Number(process.env.DEV_PORT ?? 8080),
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/landers': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
    },
  },
})
