// Issue 31 · the default-brand end-to-end server with a real OpenID Provider: starts the tests'
// oidc-provider (server/oidc-test-provider.ts) on a free loopback port first, then `npm start`'s
// scripts/start.mjs with OIDC_LOCAL_ISSUER, _CLIENT_ID and _CLIENT_SECRET pointing at it (the sign-in
// dialog then shows "Continue with Local"; tests/e2e/oidc.spec.ts signs in through it). Run by
// playwright.config.ts's webServer command; it ends with the server.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { startTestProvider } from '../../server/oidc-test-provider.ts'

const publicUrl = process.env.PUBLIC_URL
if (!publicUrl) throw new Error('PUBLIC_URL is not set')
const op = await startTestProvider({ redirectUris: [`${publicUrl}/auth/local/callback`] })
const server = spawn(process.execPath, [join(import.meta.dirname, '../../scripts/start.mjs')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    OIDC_LOCAL_ISSUER: op.issuer,
    OIDC_LOCAL_CLIENT_ID: op.clientId,
    OIDC_LOCAL_CLIENT_SECRET: op.clientSecret,
  },
})
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => {
  void op.close().finally(() => process.exit(code ?? 0))
})
