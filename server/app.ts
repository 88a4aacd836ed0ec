import { readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify'
import { z } from 'zod'
import { constants } from '../src/config/constants.ts'
import { sandboxCaptcha, TURNSTILE_TOKEN_SECONDS, turnstileCaptcha } from './adapters/captcha.ts'
import { devGiftCardProvider, giftCardFromName } from './adapters/gift-card.ts'
import { createMail } from './adapters/mail.ts'
import { paymentFromName } from './adapters/payment.ts'
import { DEV_PAYOUT_PROVIDER, describePayouts, payoutFromName } from './adapters/payout.ts'
import { smsFromName } from './adapters/sms.ts'
import { defaultUploads } from './adapters/uploads.ts'
import { type Db, migrate, openDb } from './db/index.ts'
import { devNetworkAbsent, devNetworkRoutes } from './dev-network.ts'
import {
  defineDevPayoutJobs,
  devPayoutAbsent,
  devPayoutProvider,
  devPayoutRoutes,
  devPayoutSecret,
} from './dev-payout.ts'
import { devPlatformAbsent, devPlatformRoutes } from './dev-platform.ts'
import { devProviderAbsent, devProviderRoutes } from './dev-provider.ts'
import { defineBillingJobs } from './lib/billing/renewals.ts'
import { cardGuard } from './lib/card-guard.ts'
import { defineCashbackMailJob } from './lib/cashback/notify.ts'
import { defineCashbackPayableJob } from './lib/cashback/payable-job.ts'
import { loadPlatforms } from './lib/coins.ts'
import { compressReplies } from './lib/compress.ts'
import { errorBody, HttpError, TtlCache } from './lib/http.ts'
import { createJobRunner, type JobRunner } from './lib/job-queue.ts'
import { redactUrl, requestSerializer } from './lib/log-redact.ts'
import { defineMailJob, queuedMail } from './lib/mail-queue.ts'
import { loadNetworks, networkSecretsFromEnv } from './lib/networks.ts'
import { createOidcProviders, describeSocial } from './lib/oidc.ts'
import { definePayoutReleaseJob } from './lib/payout-release.ts'
import { definePayoutJobs } from './lib/payouts.ts'
import { setupProtection } from './lib/protection/setup.ts'
import { defineWatcherJob } from './lib/protection/watcher.ts'
import { defaultPublicUrl, isLoopbackHost, normalisePublicUrl } from './lib/public-url.ts'
import type { Readiness } from './lib/readiness.ts'
import { securityHeaders } from './lib/security.ts'
import { Sessions } from './lib/session.ts'
import { accountRoutes } from './routes/account.ts'
import { authRoutes } from './routes/auth.ts'
import { billingRoutes } from './routes/billing.ts'
import { captchaRoutes } from './routes/captcha.ts'
import { catalogRoutes } from './routes/catalog.ts'
import { chatRoutes } from './routes/chat.ts'
import { clickRoutes } from './routes/clicks.ts'
import { coinsRoutes } from './routes/coins.ts'
import { coinsProfileRoutes } from './routes/coins-profile.ts'
import { coreRoutes } from './routes/core.ts'
import { devRoutes } from './routes/dev.ts'
import { emailChangeRoutes } from './routes/email-change.ts'
import { inquiryRoutes } from './routes/inquiries.ts'
import { linkedAccountRoutes } from './routes/linked-accounts.ts'
import { loginCodeRoutes } from './routes/login-code.ts'
import { mailDevRoutes } from './routes/mail-dev.ts'
import { mobileRoutes } from './routes/mobile.ts'
import { networkPostbackRoutes } from './routes/network-postback.ts'
import { oidcRoutes } from './routes/oidc.ts'
import { payoutRoutes } from './routes/payouts.ts'
import { postbackRoutes } from './routes/postback.ts'
import { protectionRoutes } from './routes/protection.ts'
import { rebateClaimRoutes } from './routes/rebate-claims.ts'
import { smsStatusRoutes } from './routes/sms-status.ts'
import { staffAuthRoutes } from './routes/staff/auth.ts'
import { staffChatRoutes } from './routes/staff/chat.ts'
import { staffMemberRoutes } from './routes/staff/members.ts'
import { staffQueueRoutes } from './routes/staff/queues.ts'
import { trackingRoutes } from './routes/tracking.ts'
import { upsellRoutes } from './routes/upsell.ts'
import { seedDemoStaff } from './seed/demo-staff.ts'
import { seed } from './seed/index.ts'
import type { Services } from './services.ts'
import {
  describeDatabase,
  describeNetworks,
  describePlatforms,
  outboxDirFor,
  startupSummary,
} from './startup.ts'
import { serveSpa } from './static.ts'
import type { BuildOptions, Mode } from './types.ts'

// English messages for zod/mini schemas (the browser bundle ships without a locale).
z.config(z.locales.en())

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    /** The start-up summary (mode, database, mail, payments, brand) for the address it listens on. */
    summary(url: string): string
    /** Every route registered (method, url): the tests compare the modes with it. */
    routeTable: { method: string; url: string }[]
    /** The job runner (lib/job-queue.ts): polls from ready to close. */
    jobs: JobRunner
    /** Whether a load balancer may send traffic (lib/readiness.ts, GET /api/health/ready). */
    readiness: Readiness
  }
}

interface AppJson {
  defaultBrand?: string
  defaultEnvironment?: string
  environments?: Record<string, { cookiePrefix?: string }>
}

function readAppJson(root: string): AppJson {
  try {
    return JSON.parse(readFileSync(join(root, 'config', 'app.json'), 'utf8')) as AppJson
  } catch {
    return {}
  }
}

/** The cookie prefix of the environment served, as the client build of that environment uses it. */
export function cookiePrefixOf(app: AppJson, appEnv: string): string {
  if (!app.environments) return '' // no config/app.json (a bare test root): no prefix
  const env = app.environments[appEnv]
  if (!env) {
    const known = Object.keys(app.environments ?? {}).join(', ') || 'none'
    throw new Error(`APP_ENV '${appEnv}' is not an environment of config/app.json (known: ${known}).`)
  }
  return env.cookiePrefix ?? ''
}

/** A request slower than this is logged in production whatever its status. */
export const SLOW_REQUEST_MS = 500
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 }

/**
 * The request log in production (issue 17: what a log line may cost). Fastify's default writes two
 * info lines per request (incoming, completed). Measured by scripts/bench-api.ts (2026-11-25, five
 * runs), one line costs 11 to 38 µs of CPU, against 31 to 51 µs for a whole cached store-list reply
 * (with a line: 60 to 70 µs; LOG_LEVEL=debug), so a line per request at info would cost a fifth to a
 * half of what a core serves. Decision: a request that succeeds (2xx, 3xx) in under SLOW_REQUEST_MS
 * writes nothing at info, and one compact line at debug (LOG_LEVEL=debug shows every request).
 * Always logged, one line each: 5xx and errors (error), the refusals that are security events, 401,
 * 403 and 429 (warn, with the address), slow requests (warn) and other 4xx (info). The path is
 * logged without its query string (no token or search text in the log). Development and test keep
 * Fastify's two lines per request.
 */
export class ProductionRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode
    const ms = Math.round(reply.elapsedTime)
    const refused = status === 401 || status === 403 || status === 429
    const level =
      error || status >= 500
        ? 'error'
        : refused || ms >= SLOW_REQUEST_MS
          ? 'warn'
          : status >= 400
            ? 'info'
            : 'debug'
    if ((LEVELS[reply.log.level] ?? Number.POSITIVE_INFINITY) > (LEVELS[level] ?? 0)) return
    // without the query, and without a one-time link's token (/verify/<token>, …)
    const path = redactUrl(req.url.split('?')[0] ?? '')
    const line = { method: req.method, path, status, ms, ...(level === 'debug' ? {} : { ip: req.ip }) }
    const msg =
      level === 'error'
        ? 'request failed'
        : refused
          ? 'request refused'
          : ms >= SLOW_REQUEST_MS
            ? 'slow request'
            : 'request completed'
    reply.log[level](error ? { ...line, err: error } : line, msg)
  }
}

/**
 * The logger options with the request serializer that redacts one-time links and codes from the URL
 * (Fastify's default writes the full URL in development and test, and at trace in any mode).
 */
function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger
  const o = logger === true ? {} : logger
  return { ...o, serializers: { ...o.serializers, req: requestSerializer } }
}

export async function buildServer(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const root = resolve(opts.root ?? process.cwd())
  const mode: Mode = opts.mode ?? 'production'
  const appJson = readAppJson(root)
  const appEnv = opts.appEnv ?? appJson.defaultEnvironment ?? 'production'
  const cookiePrefix = cookiePrefixOf(appJson, appEnv)
  const makePayment = paymentFromName(opts.paymentProvider)
  // an unknown PAYOUT_PROVIDER stops the start-up before anything opens
  payoutFromName(opts.payoutProvider === DEV_PAYOUT_PROVIDER ? undefined : opts.payoutProvider, undefined)
  const brand = opts.brand ?? appJson.defaultBrand ?? 'default'
  if (!/^[a-z0-9-]+$/.test(brand)) throw new Error(`Bad brand name: ${brand}`)
  const app = Fastify({
    logger: withRedaction(opts.logger ?? false),
    ...(mode === 'production' ? { logController: new ProductionRequestLog() } : {}),
    bodyLimit: 64 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // Over-long URLs and odd query strings must stay client errors.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })

  const routeTable: { method: string; url: string }[] = []
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: r.url })
  })
  app.decorate('routeTable', routeTable)
  app.decorate('readiness', { state: opts.ready === false ? 'starting' : 'ready' } as Readiness)

  // migrations and seed before openDb returns the database: an embedded one created now is opened
  // again after them, which frees what creating and seeding it held (openDb)
  const prepare = async (db: Db) => {
    const applied = await migrate(db)
    if (applied.length) app.log.info({ applied }, 'migrations applied')
    if (opts.seed === false) return
    const t0 = Date.now()
    if (await seed(db, { root, small: opts.seed === 'small', demo: opts.seedDemo === true }))
      app.log.info({ ms: Date.now() - t0 }, 'database seeded')
    // demo staff (published password and TOTP secrets): never in production
    if (opts.seedDemo === true && mode !== 'production') await seedDemoStaff(db)
  }
  const db = await openDb(
    {
      ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
      ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      ...(opts.schema ? { schema: opts.schema } : {}),
      ...(opts.dropSchema ? { dropSchema: true } : {}),
    },
    prepare,
  )
  if (db.reopened) app.log.info('database created, then opened again after its set-up')
  app.addHook('onClose', async () => {
    await db.close()
  })

  const sessions = new Sessions(db, [`${cookiePrefix}${constants.loginCookieName}`])
  await sessions.init(opts.jwtSecret)
  app.addHook('onClose', () => sessions.close())
  const publicUrl = normalisePublicUrl(opts.publicUrl ?? defaultPublicUrl(undefined))
  // stand-ins that play a partner pay test money; by default they are on only on a loopback address
  const standInDefault = isLoopbackHost(opts.host) && (mode !== 'production' || !opts.databaseUrl)
  const devSurveyPlatform = opts.devSurveyPlatform ?? standInDefault
  const platforms = await loadPlatforms(db, {
    secrets: opts.coinSecrets ?? {},
    devPlatform: devSurveyPlatform,
  })
  // the development network (config/networks.json development: true): DEV_NETWORK, the stand-in rule
  const networks = await loadNetworks(db, {
    secrets: opts.networkSecrets ?? networkSecretsFromEnv(process.env),
    devNetwork: opts.devNetwork ?? standInDefault,
  })
  const dataDir = opts.dataDir ?? '.data/pglite'
  const devLinkProvider = opts.devLinkProvider ?? standInDefault
  const protection = await setupProtection(db, {
    mode,
    databaseUrl: opts.databaseUrl,
    dataDir,
    envKey: opts.linkedAccountsKey,
    devProvider: devLinkProvider,
    syncMinSeconds: opts.protectionSyncMinSeconds ?? constants.protection.syncMinSeconds,
    watchSeconds: opts.protectionWatchSeconds ?? constants.protection.watchIntervalSeconds,
  })
  const outboxDir = opts.outboxDir ?? outboxDirFor(dataDir)
  // a temp outbox (memory://, tests) goes with the server
  if (!opts.outboxDir && !opts.smtpUrl && dataDir.startsWith('memory://'))
    app.addHook('onClose', async () => rmSync(outboxDir, { recursive: true, force: true }))
  const mailAdapter = createMail({
    smtpUrl: opts.smtpUrl,
    from: opts.mailFrom,
    outboxDir,
    log: (line) => app.log.info(line),
  })
  // issue 31 · mail: a real mail server's messages wait in the jobs table until it takes them (lib/mail-queue.ts);
  // the embedded outbox folder is written at once, as before
  const mail = opts.smtpUrl ? queuedMail(db, mailAdapter) : mailAdapter
  // issue 31 · SMS: SMS_PROVIDER (default: the outbox folder <outbox>/sms)
  const sms = smsFromName(opts.smsProvider, {
    outboxDir: join(outboxDir, 'sms'),
    publicUrl,
    twilio: opts.twilio,
    log: (line) => app.log.info(line),
  })
  // issue 27 · payouts and gift cards (helper A): set-up below this line
  const devPayouts = opts.devPayoutProvider ?? standInDefault
  const devPayoutKey = opts.devPayoutSecret ?? devPayoutSecret()
  const payouts = payoutFromName(
    opts.payoutProvider,
    devPayouts ? () => devPayoutProvider(db, devPayoutKey) : undefined,
  )
  const giftCards = payouts?.paysTestMoney
    ? devGiftCardProvider(constants.giftCards.lifeDays)
    : giftCardFromName(opts.giftCardProvider)
  // issue 27 · rebate claims (helper C): set-up below this line
  // receipts of rebate claims: DATA_DIR/uploads (memory://: a temporary folder removed on close)
  const uploads = defaultUploads(dataDir)
  app.addHook('onClose', async () => uploads.close())
  const services: Services = {
    db,
    sessions,
    mail,
    sms,
    // issue 31 · captcha: Turnstile with both keys (startup.ts refuses one alone), the sandbox otherwise
    captcha: opts.captcha
      ? turnstileCaptcha({
          ...opts.captcha,
          hostname: new URL(publicUrl).hostname,
          db,
          tokenSeconds: TURNSTILE_TOKEN_SECONDS,
        })
      : sandboxCaptcha,
    payment: makePayment({ db }),
    listCache: new TtlCache(5_000, 2_000),
    limits: {
      loginPerIp: constants.abuseLimits.loginPerIp,
      loginPerEmail: constants.abuseLimits.loginPerAddressAndIp,
      loginFailuresBeforeCaptcha: constants.abuseLimits.loginFailuresBeforeCaptcha,
      resetPerIp: constants.abuseLimits.resetPerIp,
      resetPerEmail: constants.abuseLimits.resetPerAddress,
      contactPerIp: constants.abuseLimits.contactPerIp,
      windowSeconds: constants.abuseLimits.windowSeconds,
      translationPerIp: 60,
      translationRowsMax: 5_000,
      ...opts.limits,
    },
    trustGeoHeader: opts.trustGeoHeader ?? false,
    mode,
    cookiePrefix,
    publicUrl,
    checkReplies: opts.checkReplies ?? false,
    platforms,
    networks,
    protection,
    // issue 27 · payouts and gift cards (helper A): services below this line
    payouts,
    giftCards,
    // issue 27 · rebate claims (helper C): services below this line
    uploads: uploads.store,
    // issue 31 · social sign-in: the OpenID Connect providers OIDC_<PROVIDER>_* name
    oidc: createOidcProviders({ db, publicUrl, providers: opts.oidcProviders ?? [] }),
  }
  app.decorate('services', services)
  const database = describeDatabase({ databaseUrl: opts.databaseUrl, dataDir })
  app.decorate('summary', (url: string) =>
    startupSummary({
      mode,
      database,
      mail: mail.describe(),
      payments: services.payment.describe(),
      captcha: opts.captcha
        ? 'Cloudflare Turnstile (CAPTCHA_SITE_KEY, CAPTCHA_SECRET): each token verified once'
        : 'sandbox: any response passes (set CAPTCHA_SITE_KEY and CAPTCHA_SECRET before real members)',
      brand,
      appEnv,
      url,
      publicUrl,
      seedDemo: opts.seedDemo === true,
      surveys: describePlatforms(platforms, publicUrl),
      cashback: describeNetworks(networks, publicUrl),
      protection: protection.describe(),
      // issue 27 · summary lines (helpers A, B) below this line
      payouts: describePayouts(payouts),
      sms: sms.describe(),
      social: describeSocial(opts.oidcProviders?.length ? services.oidc.describe() : '', mode),
      standIns: [
        ...(platforms.dev ? ['development survey platform (/dev-platform)'] : []),
        ...(devLinkProvider ? ['development link provider (/dev-provider)'] : []),
        ...(networks.dev ? ['development network (/dev-network)'] : []),
        ...(payouts?.id === DEV_PAYOUT_PROVIDER ? ['development payout provider (/dev-payout)'] : []),
      ],
    }),
  )

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
  // issue 27 · card guard (helper E): hooks below this line
  // a card number in a body to /api: 400 card_number_refused before any handler or log (lib/card-guard.ts)
  cardGuard(app)
  compressReplies(app)

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send(err.body())
    const e = err as { code?: string; statusCode?: number; message?: string }
    const send = (status: number, field: string, code: string, message: string) =>
      reply.code(status).send(errorBody(status, { [field]: [message] }, { [field]: code }))
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (e.statusCode === 400 && err instanceof SyntaxError))
      return send(400, 'body', 'invalid_json', 'The request body is not valid JSON.')
    if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return send(400, 'body', 'empty_body', 'The request body is empty.')
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return send(415, 'body', 'unsupported_media_type', 'Send the body as application/json.')
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(413, 'body', 'body_too_large', 'The request body is too large.')
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
      return send(e.statusCode, 'request', 'bad_request', e.message ?? 'Bad request')
    req.log.error({ err }, 'unhandled error')
    return send(
      500,
      'server',
      'server_error',
      "We're sorry, but we are having technical difficulties, please try again in an hour",
    )
  })

  // scheduled work: one job runner per server (lib/job-queue.ts), polling from ready to close
  const jobs = createJobRunner(db, {
    pollSeconds: opts.jobPollSeconds ?? constants.jobPollSeconds,
    log: app.log,
  })
  app.decorate('jobs', jobs)
  defineWatcherJob(jobs, services)
  definePayoutReleaseJob(jobs, services, opts.payoutReleaseSeconds ?? constants.payoutReleaseSeconds)
  defineCashbackPayableJob(jobs, services, constants.jobPollSeconds)
  defineCashbackMailJob(jobs, services)
  // issue 27 · payouts and gift cards (helper A): jobs below this line
  definePayoutJobs(jobs, services)
  if (payouts?.id === DEV_PAYOUT_PROVIDER) defineDevPayoutJobs(jobs, app, db, devPayoutKey)
  // issue 27 · billing (helper B): jobs below this line
  defineBillingJobs(jobs, services)
  // issue 27 · mail (helper D): jobs below this line
  if (opts.smtpUrl) defineMailJob(jobs, db, mailAdapter)
  app.addHook('onReady', async () => jobs.start())
  app.addHook('onClose', async () => jobs.stop())
  // every route module, in registration order; a dev stand-in answers where its dev provider is off
  const routes: Array<(app: FastifyInstance, s: Services) => unknown> = [
    coreRoutes,
    authRoutes,
    trackingRoutes,
    catalogRoutes,
    clickRoutes,
    coinsRoutes,
    coinsProfileRoutes,
    postbackRoutes,
    networkPostbackRoutes,
    platforms.dev
      ? (a, s) => devPlatformRoutes(a, s, { delayMs: opts.devPlatformDelayMs ?? 1000 })
      : devPlatformAbsent,
    networks.dev
      ? (a, s) => devNetworkRoutes(a, s, { delayMs: opts.devNetworkDelayMs ?? 1000 })
      : devNetworkAbsent,
    accountRoutes,
    protectionRoutes,
    linkedAccountRoutes,
    devLinkProvider ? devProviderRoutes : devProviderAbsent,
    upsellRoutes,
    inquiryRoutes,
    chatRoutes,
    mobileRoutes,
    emailChangeRoutes,
    loginCodeRoutes,
    // issue 27 · payouts and gift cards (helper A)
    payoutRoutes,
    payouts?.id === DEV_PAYOUT_PROVIDER ? (a) => devPayoutRoutes(a, db) : devPayoutAbsent,
    // issue 27 · billing (helper B)
    (a, s) => billingRoutes(a, s, { runJobs: () => jobs.runDueJobs() }),
    // issue 27 · rebate claims (helper C)
    rebateClaimRoutes,
    // issue 31 · captcha: the client's captcha and the provider's frame page
    captchaRoutes,
    // issue 31 · SMS delivery-status callbacks
    smsStatusRoutes,
    // issue 31 · social sign-in through OpenID Connect
    oidcRoutes,
    // issue 28 · the staff console (/api/staff, server/lib/staff/route.ts)
    staffAuthRoutes,
    staffQueueRoutes,
    staffChatRoutes,
    staffMemberRoutes,
    // issue 27 · mail (helper D)
    ...(mode !== 'production' ? [mailDevRoutes, devRoutes] : []),
  ]
  for (const register of routes) await register(app, services)

  // DIST_ROOT as rsbuild.config.ts takes it: relative to the root, or absolute
  const dist = resolve(root, process.env.DIST_ROOT || 'dist', brand)
  if (opts.serveStatic === false) {
    app.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?')[0]
      reply
        .code(404)
        .send(errorBody(404, { route: [`No route for ${req.method} ${path}`] }, { route: 'no_route' }))
    })
  } else {
    const spa = await serveSpa(app, dist, { cookiePrefix: services.cookiePrefix })
    app.setNotFoundHandler(spa.notFound)
  }
  return app
}
