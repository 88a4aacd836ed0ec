import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect } from '@playwright/test'
import { test } from './fixtures'
import { futureExpiry } from './helpers'

/**
 * CONVENTIONS 13 / issue 7 "Done when": a marketer adds a lander by editing JSON alone. A copy of the
 * project (node_modules linked) gets one more entry in config/landers.json and its texts in
 * locales/*\/upsell.json, is built and served on its own port, and the new lander is walked in
 * Chromium from its first step to the accepted page. No code is changed.
 */
const root = resolve(import.meta.dirname, '../..')
const SKIP = new Set(['node_modules', '.git', 'dist', '.tmp', '.data', 'test-results', 'playwright-report'])
let dir = ''
let server: ChildProcess | undefined
let base = ''

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => ok(port))
    })
  })
}

const editJson = (file: string, edit: (j: any) => void) => {
  const j = JSON.parse(readFileSync(file, 'utf8'))
  edit(j)
  writeFileSync(file, JSON.stringify(j, null, 2))
}

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  dir = mkdtempSync(join(tmpdir(), 'lander-e2e-'))
  cpSync(root, dir, {
    recursive: true,
    filter: (src) => !SKIP.has(src.slice(root.length + 1).split('/')[0]!),
  })
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))

  // The marketer's edit: JSON only.
  editJson(join(dir, 'config/landers.json'), (j) => {
    j.landers.push({
      id: 'e2e-spring',
      paths: ['/promo/spring', '/promo/spring/:step'],
      steps: [{ block: 'quiz' }, { block: 'signup' }, { block: 'payment' }, { block: 'offer-terms' }],
      // the plan's numbers (amount, trial days) come from config/plans.json: the lander names the plan
      offer: { plan: 'plus', currencySymbol: '$', firstOrderCashback: 40 },
      copy: { title: 'upsell:landers.e2eSpring.title', badge: 'upsell:landers.e2eSpring.badge' },
      endsOn: { accepted: '/thankyou', declined: '/splnothanq', failure: '/payment-error' },
    })
  })
  editJson(join(dir, 'locales/en/upsell.json'), (j) => {
    j.landers.e2eSpring = { title: 'Spring into {{firstOrderCashback}} cash back', badge: 'Spring offer' }
  })
  editJson(join(dir, 'locales/es/upsell.json'), (j) => {
    j.landers.e2eSpring = {
      title: 'Primavera: {{firstOrderCashback}} de reembolso',
      badge: 'Oferta de primavera',
    }
  })

  const env = { ...process.env, BRAND: 'default', DIST_ROOT: 'dist', NODE_ENV: 'production' }
  execFileSync(process.execPath, [join(dir, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], {
    cwd: dir,
    env,
    stdio: 'pipe',
  })
  const port = await freePort()
  base = `http://127.0.0.1:${port}`
  server = spawn(process.execPath, [join(dir, 'scripts/start.mjs')], {
    cwd: dir,
    env: { ...env, NODE_ENV: 'test', PORT: String(port), SKIP_BUILD: '1', DATA_DIR: 'memory://' },
    stdio: 'ignore',
    detached: true,
  })
  await expect
    .poll(async () => (await fetch(`${base}/`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200)
})

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test('a lander added to config/landers.json is built and walked to its accepted page', async ({ page }) => {
  await page.goto(`${base}/promo/spring`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spring into $40.00 cash back')
  await expect(page.getByText('Spring offer')).toBeVisible()
  await expect(page.getByTestId('offer-terms')).toContainText('$12.99 is billed automatically every month')
  // the step path of the new lander refuses a jump ahead
  await page.goto(`${base}/promo/spring/3`)
  await expect.poll(() => new URL(page.url()).pathname).toBe('/promo/spring/1')
  const quiz = page.getByTestId('quiz')
  for (const answer of ['Every week', 'Electronics', 'Cash back']) {
    await quiz.getByLabel(answer).check()
    await quiz.getByRole('button', { name: /Next|See my result/ }).click()
  }
  await expect.poll(() => new URL(page.url()).pathname).toBe('/promo/spring/2')
  const signup = page.getByTestId('signup')
  await signup.getByLabel('Name').fill('Spring Member')
  await signup.getByLabel('Email').fill(`spring-${Date.now()}@example.com`)
  await signup.getByLabel('Password').fill('purple bicycle morning')
  await signup.getByLabel(/I accept the/).check()
  await signup.getByRole('button', { name: 'Continue' }).click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/promo/spring/3')
  await expect(page.getByTestId('honest-terms')).toContainText('then $12.99 is charged')
  await page.locator('#pay-card').fill('4242 4242 4242 4242')
  await page.locator('#pay-zip').fill('94110')
  await page.locator('#pay-cvv').fill('123')
  await page.locator('#pay-exp').fill(futureExpiry())
  await page.getByRole('button', { name: 'Pay and start' }).click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/thankyou')
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
})
