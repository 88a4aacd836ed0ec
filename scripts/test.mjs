#!/usr/bin/env node
// npm test: every test of the project, in order: lint, the import wall, types, config, unit and server
// tests, production builds of each brand, bundle checks, then end-to-end tests in Chromium.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ensureChromium } from './chromium.mjs'

const root = join(import.meta.dirname, '..')
if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' })
}
const npx = (args, env = {}) => ({ cmd: 'npx', args, env })
/**
 * A Vitest step that also writes its results as JSON, so the summary at the end can name the tests
 * that failed: CI shows the end of the output, and a failure of an early step is otherwise
 * thousands of lines above it.
 */
const vitest = (name, projects) => {
  const file = join(root, '.tmp', `vitest-${name}.json`)
  return {
    ...npx([
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]),
    fn: () => rmSync(file, { force: true }),
    results: file,
  }
}
/** The failed tests of a Vitest JSON report, one line each: file, name and the first line of the error. */
function failedTests(file) {
  if (!file || !existsSync(file)) return []
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'))
    return report.testResults.flatMap((f) => {
      const rel = relative(root, f.name)
      const failed = f.assertionResults
        .filter((a) => a.status === 'failed')
        .map((a) => `${rel} > ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0]}`)
      // a file that failed to load has no failed test of its own
      return failed.length || f.status !== 'failed' ? failed : [`${rel}: ${String(f.message).split('\n')[0]}`]
    })
  } catch {
    return []
  }
}
const steps = [
  ['lint (biome)', npx(['biome', 'check', '.'])],
  ['import wall', npx(['tsx', 'scripts/check-layers.ts'])],
  ['types (tsc)', npx(['tsc', '--noEmit', '-p', 'tsconfig.json'])],
  ['config:check', npx(['tsx', 'src/node/config-check/check-cli.ts'])],
  ['unit and server tests (vitest)', vitest('unit-server', ['unit', 'server'])],
  ['build brand default', npx(['rsbuild', 'build'], { BRAND: 'default' })],
  ['build brand shipnow', npx(['rsbuild', 'build'], { BRAND: 'shipnow' })],
  ['build brand cashback', npx(['rsbuild', 'build'], { BRAND: 'cashback' })],
  ['bundle tests (vitest)', vitest('build', ['build'])],
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
  results.push({
    name,
    ok,
    s: ((Date.now() - started) / 1000).toFixed(1),
    failed: ok ? [] : failedTests(step.results),
  })
}
console.log('\n=== summary')
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.s} s)`)
  for (const f of r.failed) console.log(`       failed: ${f}`)
}
const failed = results.filter((r) => !r.ok).length
console.log(`steps: ${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
