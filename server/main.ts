import { buildServer } from './app.ts'
import { warmUp } from './lib/readiness.ts'
import { catalogCacheMsFromEnv, drainSecondsFromEnv, optionsFromEnv } from './startup.ts'

const env = process.env

let app: Awaited<ReturnType<typeof buildServer>>
let catalogCacheMs: number | undefined
try {
  catalogCacheMs = catalogCacheMsFromEnv(env)
  drainSecondsFromEnv(env)
  app = await buildServer({ ...optionsFromEnv(env), ready: false })
  if (catalogCacheMs !== undefined) app.catalogCache.ttlMs = catalogCacheMs
} catch (e) {
  // a configuration mistake (unknown PAYMENT_PROVIDER or APP_ENV, short JWT_SECRET): one clear line
  console.error(`The server did not start: ${(e as Error).message}`)
  process.exit(1)
}

const port = Number(env.PORT ?? 3000)
const host = env.HOST ?? '127.0.0.1'
await app.listen({ port, host })
// ready for a load balancer (GET /api/health/ready) once the caches are warm
await warmUp(app)
// one plain block beside the JSON log lines, for the person who started it
console.log(app.summary(`http://${host.includes(':') ? `[${host}]` : host}:${port}`))
if (catalogCacheMs !== undefined)
  console.log(
    `  catalog:  ${catalogCacheMs ? `replies cached ${catalogCacheMs / 1000} s` : 'not cached, every request reads the database'} (CATALOG_CACHE_SECONDS)`,
  )

let closing = false
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.once(sig, () => {
    if (closing) return
    closing = true
    // draining: /api/health/ready answers 503 so the balancer stops sending, and what it sent
    // meanwhile is still served; then the server closes (SHUTDOWN_DRAIN_SECONDS, 0 to close at once)
    app.readiness.state = 'draining'
    // a person's Ctrl-C (SIGINT) closes at once
    const drainMs = sig === 'SIGTERM' ? drainSecondsFromEnv(env) * 1000 : 0
    app.log.info({ signal: sig, drainMs }, 'shutting down')
    const force = setTimeout(() => process.exit(1), drainMs + 10_000)
    force.unref()
    new Promise((r) => setTimeout(r, drainMs))
      .then(() => app.close())
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      })
  })
}
