import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'

/**
 * Home's first view (issues 17 and 30): every JavaScript file a first visit loads from the product's
 * own server until it settles, at most 195 KB gzip (level 9). Measured the same way by `npm run bench`
 * (scripts/bench.ts) and by the end-to-end test that guards it (tests/e2e/budget.spec.ts).
 */
export const FIRST_VIEW_BUDGET = 195 * 1024

/**
 * The JavaScript files a first visit to `url` loads until it settles: the page has loaded and no
 * request has started or ended for a second (other hosts refused). Playwright's 'networkidle' is not
 * used: headless Chromium never reports the favicon's request as finished, so it never came.
 */
export async function scriptsOf(browser: Browser, url: string): Promise<Set<string>> {
  const page = await browser.newPage()
  const files = new Set<string>()
  const origin = new URL(url).origin
  let last = Date.now()
  const touch = () => {
    last = Date.now()
  }
  await page.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  )
  page.on('request', touch)
  page.on('requestfinished', touch)
  page.on('requestfailed', touch)
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname
    if (p.endsWith('.js')) files.add(p.slice(1))
  })
  await page.goto(url, { waitUntil: 'load' })
  const end = Date.now() + 30_000
  while (Date.now() - last < 1000 && Date.now() < end) await page.waitForTimeout(200)
  await page.close()
  return files
}

export const sizes = (dir: string, files: Iterable<string>) => {
  let raw = 0
  let gz = 0
  for (const f of files) {
    const buf = readFileSync(join(dir, f))
    raw += buf.length
    gz += gzipSync(buf, { level: 9 }).length
  }
  return { raw, gz }
}
