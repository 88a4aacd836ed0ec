import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS } from './scripts/chromium.mjs'
import { e2eServerLog } from './tests/e2e/log-secrets'

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const launchOptions = {
  executablePath: chromium,
  args: [...CHROMIUM_ARGS, '--disable-quic'],
}
// E2E_PORT lets two test runs share a machine: the default brand on it, shipnow on the next port.
const base = Number(process.env.E2E_PORT ?? 3100)
// Each server's stdout and stderr go to .tmp/e2e-server-<brand>-<port>.log (a piped stream is not
// readable by the tests): tests/e2e/global-teardown.ts fails the run when a line carries a one-time
// link, code or token (issue 25).
// The default brand's server starts behind the tests' OpenID Provider (issue 31, tests/e2e/oidc.spec.ts):
// tests/e2e/with-oidc-provider.ts starts it on a free port, then the server with OIDC_LOCAL_* set.
const server = (brand: string, port: number) => ({
  command: `mkdir -p .tmp && exec node ${brand === 'default' ? '--import tsx tests/e2e/with-oidc-provider.ts' : 'scripts/start.mjs'} > '${e2eServerLog(brand, port)}' 2>&1`,
  url: `http://127.0.0.1:${port}/`,
  env: {
    BRAND: brand,
    PORT: String(port),
    // the address the browser uses: mail links and the linked-accounts callback are written with it
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SKIP_BUILD: '1',
    DATA_DIR: 'memory://',
    TRUST_GEO_HEADER: '1',
    // test mode: the dev routes the specs read (/api/dev/outbox, /api/dev/events) and the dev social
    // login; SEED_DEMO: the specs sign in as the demo member
    NODE_ENV: 'test',
    SEED_DEMO: '1',
    // every member the suite registers comes from 127.0.0.1: the per-address limit of sign-ups and
    // sign-ins (50 per 15 minutes, tested in server/auth.test.ts) would refuse the later specs
    LOGIN_LIMIT_PER_IP: '100000',
    // every request in the log the teardown reads
    LOG_LEVEL: 'debug',
  },
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
})

/** End-to-end: Debian's Chromium against `npm start` (the production build and the real API server). */
export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: { trace: 'off', screenshot: 'only-on-failure', launchOptions },
  projects: [
    {
      name: 'default',
      testIgnore: /(shipnow|mobile)\//,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${base}`, launchOptions },
    },
    // the pages inside the app (issue 16) on phone profiles, in Chromium (no WebKit download here)
    ...(['iPhone 14', 'Pixel 7'] as const).map((device) => ({
      name: device === 'iPhone 14' ? 'iphone' : 'pixel',
      testMatch: /mobile\/.*\.spec\.ts/,
      // the iOS-only flows (ios-*.spec.ts) run on the iPhone alone
      ...(device === 'Pixel 7' ? { testIgnore: /mobile\/ios-[^/]*\.spec\.ts/ } : {}),
      use: {
        ...devices[device],
        browserName: 'chromium' as const,
        baseURL: `http://127.0.0.1:${base}`,
        launchOptions,
      },
    })),
    {
      name: 'shipnow',
      testMatch: /shipnow\/.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${base + 1}`, launchOptions },
    },
  ],
  webServer: [server('default', base), server('shipnow', base + 1)],
})
