#!/usr/bin/env node
// npm start: installs what is missing, builds the SPA for BRAND when its sources are newer than the
// build, compiles the API server to build/server/main.mjs when its sources are newer than that
// (scripts/build-server.mjs), then runs it with plain Node (no TypeScript loader), serving the build
// and /api on PORT (default 3000). Without
// NODE_ENV it is the production-safe profile (no development route, no demo member unless SEED_DEMO=1);
// the server prints one summary of what it runs with.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = join(import.meta.dirname, '..')
const run = (cmd, args, env = {}) =>
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installing npm packages (first start)…')
  run('npm', ['install', '--no-audit', '--no-fund'])
}

const app = JSON.parse(readFileSync(join(root, 'config/app.json'), 'utf8'))
const brand = process.env.BRAND || app.defaultBrand

function newest(dir) {
  let t = 0
  if (!existsSync(dir)) return t
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

// DIST_ROOT relative to the root or absolute, as rsbuild.config.ts and the server take it
const index = resolve(root, process.env.DIST_ROOT || 'dist', brand, 'index.html')
const sources = Math.max(
  ...['src', 'plugins', 'config', 'locales', 'public'].map((d) => newest(join(root, d))),
  statSync(join(root, 'rsbuild.config.ts')).mtimeMs,
)
if (process.env.SKIP_BUILD !== '1' && (!existsSync(index) || statSync(index).mtimeMs < sources)) {
  console.log(`Building the app for brand '${brand}'…`)
  run('npx', ['rsbuild', 'build'], { BRAND: brand })
}

// the server: compiled when a source it bundles (server, src, plugins, config) is newer than the bundle
const { buildServer, SERVER_BUNDLE } = await import('./build-server.mjs')
const serverSources = Math.max(
  ...['server', 'src', 'plugins', 'config'].map((d) => newest(join(root, d))),
  statSync(join(root, 'scripts/build-server.mjs')).mtimeMs,
  statSync(join(root, 'package-lock.json')).mtimeMs,
)
if (!existsSync(SERVER_BUNDLE) || statSync(SERVER_BUNDLE).mtimeMs < serverSources) {
  const ms = await buildServer()
  console.log(`Compiled the server in ${ms} ms.`)
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BRAND: brand },
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
