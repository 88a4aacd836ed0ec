#!/usr/bin/env node
// npm test: every test of the project, in order: lint, types, config, unit and server tests,
// production builds of each brand, bundle checks, then end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium } from './chromium.mjs'

const root = join(import.meta.dirname, '..')
if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' })
}
const npx = (args, env = {}) => ({ cmd: 'npx', args, env })
const steps = [
  ['lint (biome)', npx(['biome', 'check', '.'])],
  ['types (tsc)', npx(['tsc', '--noEmit', '-p', 'tsconfig.json'])],
  ['config:check', npx(['tsx', 'src/config/check-cli.ts'])],
  ['unit and server tests (vitest)', npx(['vitest', 'run', '--project', 'unit', '--project', 'server'])],
  ['build brand default', npx(['rsbuild', 'build'], { BRAND: 'default' })],
  ['build brand shipnow', npx(['rsbuild', 'build'], { BRAND: 'shipnow' })],
  ['build brand cashback', npx(['rsbuild', 'build'], { BRAND: 'cashback' })],
  ['bundle tests (vitest)', npx(['vitest', 'run', '--project', 'build'])],
  ['end-to-end tests (playwright)', { fn: () => ensureChromium(), ...npx(['playwright', 'test']) }],
]
const results = []
for (const [name, step] of steps) {
  console.log(`\n=== ${name}`)
  const started = Date.now()
  let ok = true
  try {
    step.fn?.()
  } catch (e) {
    console.error(String(e.message ?? e))
    ok = false
  }
  if (ok) {
    const r = spawnSync(step.cmd, step.args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    })
    ok = r.status === 0
  }
  results.push({ name, ok, s: ((Date.now() - started) / 1000).toFixed(1) })
}
console.log('\n=== summary')
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`)
const failed = results.filter((r) => !r.ok).length
console.log(`steps: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
