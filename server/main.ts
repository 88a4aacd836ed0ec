import { buildServer } from './app.ts'

const env = process.env
const production = env.NODE_ENV === 'production'

const app = await buildServer({
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR || '.data/pglite' }),
  ...(env.BRAND ? { brand: env.BRAND } : {}),
  ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}),
  ...(env.ALLOWED_ORIGINS ? { allowedOrigins: env.ALLOWED_ORIGINS.split(',') } : {}),
  trustGeoHeader: env.TRUST_GEO_HEADER === '1',
  limits: {
    ...(env.LOGIN_LIMIT_PER_IP ? { loginPerIp: Number(env.LOGIN_LIMIT_PER_IP) } : {}),
    ...(env.LOGIN_LIMIT_PER_EMAIL ? { loginPerEmail: Number(env.LOGIN_LIMIT_PER_EMAIL) } : {}),
  },
  production,
  logger: { level: env.LOG_LEVEL ?? 'info' },
})

const port = Number(env.PORT ?? 3000)
const host = env.HOST ?? '127.0.0.1'
await app.listen({ port, host })

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
