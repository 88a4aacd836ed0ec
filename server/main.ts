import { buildServer } from './app.ts'
import { catalogCacheMsFromEnv, optionsFromEnv } from './startup.ts'

const env = process.env

let app: Awaited<ReturnType<typeof buildServer>>
let catalogCacheMs: number | undefined
try {
  catalogCacheMs = catalogCacheMsFromEnv(env)
  app = await buildServer(optionsFromEnv(env))
  if (catalogCacheMs !== undefined) app.catalogCache.ttlMs = catalogCacheMs
} catch (e) {
  // a configuration mistake (unknown PAYMENT_PROVIDER or APP_ENV, short JWT_SECRET): one clear line
  console.error(`The server did not start: ${(e as Error).message}`)
  process.exit(1)
}

const port = Number(env.PORT ?? 3000)
const host = env.HOST ?? '127.0.0.1'
await app.listen({ port, host })
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
    app.log.info({ signal: sig }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    app
      .close()
      .then(() => process.exit(0))
      .catch((err) => {
        app.log.error({ err }, 'shutdown failed')
        process.exit(1)
      })
  })
}
