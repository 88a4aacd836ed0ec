#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile, default simulated throttling, performance only) on a lander
// and on home, against `npm start` for BRAND (default brand), RUNS times each (default 3), with
// Debian's Chromium. Prints each run's score and metrics, and the median. A measurement, not a test:
// scores move with the machine's load, so run it on an idle machine. Lighthouse comes through npx
// (lighthouse@12.8.2, from the npm registry) so it is not a dependency of the app.
// PAGES=/spl/spland1,/ picks the pages; LH_PORT the port (default 3450).
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs'

const root = join(import.meta.dirname, '..')
const port = Number(process.env.LH_PORT ?? 3450)
const runs = Number(process.env.RUNS ?? 3)
const pages = (process.env.PAGES ?? '/spl/spland1,/').split(',').filter(Boolean)
const chrome = ensureChromium()
const flags = ['--headless=new', ...CHROMIUM_ARGS].join(' ')

const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: 'memory://' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stop = () => server.kill('SIGTERM')
process.on('exit', stop)

async function ready() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error('the server did not start within 5 minutes')
}

await ready()
const dir = mkdtempSync(join(tmpdir(), 'lh-'))
try {
  for (const page of pages) {
    const scores = []
    console.log(`\n${page}`)
    for (let i = 0; i < runs; i++) {
      const out = join(dir, `r${i}.json`)
      // Lighthouse sometimes loses the trace (NO_NAVSTART): such a run is tried again, twice at most
      const once = () =>
        execFileSync(
          'npx',
          [
            '-y',
            'lighthouse@12.8.2',
            `http://127.0.0.1:${port}${page}`,
            `--chrome-path=${chrome}`,
            `--chrome-flags=${flags}`,
            '--only-categories=performance',
            '--form-factor=mobile',
            '--output=json',
            `--output-path=${out}`,
            '--quiet',
          ],
          { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
        )
      for (let attempt = 1; ; attempt++) {
        try {
          once()
          break
        } catch (e) {
          if (attempt >= 3) throw e
          console.log(`  run ${i + 1}: Lighthouse failed, trying again`)
        }
      }
      const r = JSON.parse(readFileSync(out, 'utf8'))
      const a = r.audits
      const score = Math.round(r.categories.performance.score * 100)
      scores.push(score)
      const m = (k) => a[k].displayValue
      console.log(
        `  run ${i + 1}: ${score}  FCP ${m('first-contentful-paint')}  LCP ${m('largest-contentful-paint')}  TBT ${m('total-blocking-time')}  CLS ${m('cumulative-layout-shift')}  SI ${m('speed-index')}`,
      )
    }
    const sorted = [...scores].sort((x, y) => x - y)
    console.log(`  median ${sorted[Math.floor(sorted.length / 2)]} (runs: ${scores.join(', ')}; budget 95)`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
  stop()
}
