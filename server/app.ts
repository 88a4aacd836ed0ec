import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { z } from 'zod'
import { sandboxCaptcha, siteverifyCaptcha } from './adapters/captcha.ts'
import { outboxMail } from './adapters/mail.ts'
import { sandboxPayment } from './adapters/payment.ts'
import { migrate, openDb } from './db/index.ts'
import { compressReplies } from './lib/compress.ts'
import { HttpError, TtlCache } from './lib/http.ts'
import { securityHeaders } from './lib/security.ts'
import { Sessions } from './lib/session.ts'
import { accountRoutes } from './routes/account.ts'
import { authRoutes } from './routes/auth.ts'
import { catalogRoutes } from './routes/catalog.ts'
import { coinsRoutes } from './routes/coins.ts'
import { coreRoutes } from './routes/core.ts'
import { devRoutes } from './routes/dev.ts'
import { protectionRoutes } from './routes/protection.ts'
import { trackingRoutes } from './routes/tracking.ts'
import { upsellRoutes } from './routes/upsell.ts'
import { seed } from './seed/index.ts'
import type { Limits, Services } from './services.ts'
import { serveSpa } from './static.ts'

// English messages for zod/mini schemas (the browser bundle ships without a locale).
z.config(z.locales.en())

export interface BuildOptions {
  /** Repository root (config/, dist/). Default: the current directory. */
  root?: string
  /** Real PostgreSQL; otherwise PGlite in dataDir. */
  databaseUrl?: string
  /** PGlite folder, or 'memory://'. Default .data/pglite. */
  dataDir?: string
  /** PostgreSQL schema of its own (tests); dropped on close when dropSchema. */
  schema?: string
  dropSchema?: boolean
  brand?: string
  trustGeoHeader?: boolean
  jwtSecret?: string
  production?: boolean
  /** 'small' seeds a smaller data set (tests); false skips seeding. */
  seed?: 'full' | 'small' | false
  limits?: Partial<Limits>
  allowedOrigins?: string[]
  logger?: FastifyServerOptions['logger']
  /** Check every 2xx reply against its contract (tests). */
  checkReplies?: boolean
  /** Serve dist/<brand>. Default true. */
  serveStatic?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
}

function defaultBrand(root: string): string {
  try {
    const app = JSON.parse(readFileSync(join(root, 'config', 'app.json'), 'utf8')) as {
      defaultBrand?: string
    }
    return app.defaultBrand ?? 'default'
  } catch {
    return 'default'
  }
}

export async function buildServer(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const root = resolve(opts.root ?? process.cwd())
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 64 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // Over-long URLs and odd query strings must stay client errors.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })

  const db = await openDb({
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.schema ? { schema: opts.schema } : {}),
    ...(opts.dropSchema ? { dropSchema: true } : {}),
  })
  app.addHook('onClose', async () => {
    await db.close()
  })
  const applied = await migrate(db)
  if (applied.length) app.log.info({ applied }, 'migrations applied')
  if (opts.seed !== false) {
    const t0 = Date.now()
    if (await seed(db, { root, small: opts.seed === 'small' }))
      app.log.info({ ms: Date.now() - t0 }, 'database seeded')
  }

  const sessions = new Sessions(db, [
    'sm_token',
    'local_sm_token',
    'qa1_sm_token',
    'qa2_sm_token',
    'qa3_sm_token',
    'oak_sm_token',
  ])
  await sessions.init(opts.jwtSecret)
  const production = opts.production ?? false
  const captchaSecret = process.env.CAPTCHA_SECRET
  const services: Services = {
    db,
    sessions,
    mail: outboxMail(db),
    captcha: captchaSecret ? siteverifyCaptcha(captchaSecret) : sandboxCaptcha,
    payment: sandboxPayment,
    listCache: new TtlCache(5_000, 2_000),
    limits: { loginPerIp: 50, loginPerEmail: 10, windowSeconds: 900, ...opts.limits },
    trustGeoHeader: opts.trustGeoHeader ?? false,
    production,
    cookiePrefix: '',
    checkReplies: opts.checkReplies ?? false,
  }
  app.decorate('services', services)

  // Beacons arrive as text/plain; forms as urlencoded.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body)
    try {
      done(null, text.trim() ? JSON.parse(text) : undefined)
    } catch {
      done(null, text)
    }
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const out: Record<string, string | string[]> = {}
    for (const [k0, v] of new URLSearchParams(String(body))) {
      const arr = k0.endsWith('[]')
      const k = arr ? k0.slice(0, -2) : k0
      const prev = out[k]
      if (arr || prev !== undefined)
        out[k] = [...(prev === undefined ? [] : Array.isArray(prev) ? prev : [prev]), v]
      else out[k] = v
    }
    done(null, out)
  })

  securityHeaders(app, { allowedOrigins: opts.allowedOrigins ?? [] })
  compressReplies(app)

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ ...err.extra, errors: err.errors })
    }
    const e = err as { code?: string; statusCode?: number; message?: string }
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (e.statusCode === 400 && err instanceof SyntaxError)) {
      return reply.code(400).send({ errors: { body: ['The request body is not valid JSON.'] } })
    }
    if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ errors: { body: ['The request body is empty.'] } })
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ errors: { body: ['Send the body as application/json.'] } })
    }
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ errors: { body: ['The request body is too large.'] } })
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode).send({ errors: { request: [e.message ?? 'Bad request'] } })
    }
    req.log.error({ err }, 'unhandled error')
    return reply.code(500).send({
      errors: {
        server: ["We're sorry, but we are having technical difficulties, please try again in an hour"],
      },
    })
  })

  await coreRoutes(app, services)
  await authRoutes(app, services)
  await trackingRoutes(app, services)
  await catalogRoutes(app, services)
  await coinsRoutes(app, services)
  await accountRoutes(app, services)
  await protectionRoutes(app, services)
  await upsellRoutes(app, services)
  if (!production) await devRoutes(app, services)

  const brand = opts.brand ?? defaultBrand(root)
  if (!/^[a-z0-9-]+$/.test(brand)) throw new Error(`Bad brand name: ${brand}`)
  const dist = join(root, process.env.DIST_ROOT || 'dist', brand)
  if (opts.serveStatic === false) {
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]
      reply.code(404).send({ errors: { route: [`No route for ${req.method} ${path}`] } })
    })
  } else {
    const spa = await serveSpa(app, dist)
    app.setNotFoundHandler(spa.notFound)
  }
  return app
}
