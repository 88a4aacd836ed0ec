import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { type Platforms, secretsFromEnv } from './lib/coins.ts'
import type { Networks } from './lib/networks.ts'
import { isLocalIssuer, type OidcProviderOptions } from './lib/oidc.ts'
import { defaultPublicUrl, isLoopbackHost, normalisePublicUrl } from './lib/public-url.ts'
import type { BuildOptions, Mode } from './types.ts'

/**
 * NODE_ENV -> mode. Only an explicit `development` or `test` turns the development conveniences on
 * (dev routes, dev social login); anything else, and no NODE_ENV at all, is the production-safe profile.
 */
export function modeFromEnv(nodeEnv: string | undefined): Mode {
  return nodeEnv === 'development' || nodeEnv === 'test' ? nodeEnv : 'production'
}

/** The data directory (embedded database) and the outbox folder under it; memory:// gets a temp folder. */
export function outboxDirFor(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? join(tmpdir(), `rewards-outbox-${process.pid}-${Date.now().toString(36)}`)
    : join(dataDir, 'outbox')
}

/** server/main.ts: the environment as build options (README "Environment" lists the variables). */
export function optionsFromEnv(env: NodeJS.ProcessEnv): BuildOptions {
  const mode = modeFromEnv(env.NODE_ENV)
  const dataDir = env.DATA_DIR || '.data/pglite'
  const num = (v: string | undefined) => (v ? Number(v) : undefined)
  const limits = {
    ...(env.LOGIN_LIMIT_PER_IP ? { loginPerIp: num(env.LOGIN_LIMIT_PER_IP)! } : {}),
    ...(env.LOGIN_LIMIT_PER_EMAIL ? { loginPerEmail: num(env.LOGIN_LIMIT_PER_EMAIL)! } : {}),
  }
  const host = env.HOST || '127.0.0.1'
  const loopback = isLoopbackHost(host)
  if (mode === 'production' && !loopback && !env.PUBLIC_URL)
    throw new Error(
      `PUBLIC_URL is not set and HOST ${host} is not a loopback address: set PUBLIC_URL to the address members use (https://...), the one every mail and link is written with.`,
    )
  const publicUrl = normalisePublicUrl(env.PUBLIC_URL || defaultPublicUrl(env.PORT))
  // issue 31 · captcha: Turnstile needs both keys; one without the other stops the start
  for (const [has, lacks] of [
    ['CAPTCHA_SECRET', 'CAPTCHA_SITE_KEY'],
    ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET'],
  ] as const)
    if (env[has] && !env[lacks])
      throw new Error(
        `${has} is set without ${lacks}: set both (Cloudflare Turnstile) or neither (the sandbox).`,
      )
  const oidcProviders = oidcProvidersFromEnv(env)
  // The stand-ins that play a partner (the development survey platform and link provider) pay test
  // money: on by default only on a loopback HOST (and, in production, on the embedded database);
  // elsewhere only when named (DEV_SURVEY_PLATFORM=1, DEV_LINK_PROVIDER=1, DEV_NETWORK=1, DEV_PAYOUT_PROVIDER=1); =0 turns them off anywhere.
  const standIn = (v: string | undefined) =>
    v === '1' || (v !== '0' && loopback && (!env.DATABASE_URL || mode !== 'production'))
  return {
    mode,
    host,
    publicUrl,
    // The demo member only on request, or under npm run dev (SEED_DEMO=0 turns it off there too).
    seedDemo: env.SEED_DEMO === '1' || (mode === 'development' && env.SEED_DEMO !== '0'),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir }),
    // memory://: the server makes a temporary outbox and removes it when it closes
    ...(env.OUTBOX_DIR || !dataDir.startsWith('memory://')
      ? { outboxDir: env.OUTBOX_DIR || outboxDirFor(dataDir) }
      : {}),
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
    ...(env.PAYMENT_PROVIDER ? { paymentProvider: env.PAYMENT_PROVIDER } : {}),
    ...(env.APP_ENV ? { appEnv: env.APP_ENV } : {}),
    ...(env.BRAND ? { brand: env.BRAND } : {}),
    ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}),
    ...(env.ALLOWED_ORIGINS ? { allowedOrigins: env.ALLOWED_ORIGINS.split(',') } : {}),
    trustGeoHeader: env.TRUST_GEO_HEADER === '1',
    coinSecrets: secretsFromEnv(env),
    devSurveyPlatform: standIn(env.DEV_SURVEY_PLATFORM),
    devNetwork: standIn(env.DEV_NETWORK),
    // issue 27 · payouts: PAYOUT_PROVIDER (default: the development payout provider under the stand-in rule)
    ...(env.PAYOUT_PROVIDER ? { payoutProvider: env.PAYOUT_PROVIDER } : {}),
    devPayoutProvider: standIn(env.DEV_PAYOUT_PROVIDER),
    ...(env.GIFT_CARD_PROVIDER ? { giftCardProvider: env.GIFT_CARD_PROVIDER } : {}),
    ...(env.CAPTCHA_SITE_KEY && env.CAPTCHA_SECRET
      ? {
          captcha: {
            siteKey: env.CAPTCHA_SITE_KEY,
            secret: env.CAPTCHA_SECRET,
            ...(env.CAPTCHA_VERIFY_URL ? { verifyUrl: env.CAPTCHA_VERIFY_URL } : {}),
          },
        }
      : {}),
    // issue 31 · SMS: SMS_PROVIDER (default: the outbox) and Twilio's settings
    ...(env.SMS_PROVIDER ? { smsProvider: env.SMS_PROVIDER } : {}),
    ...(Object.keys(env).some((k) => k.startsWith('TWILIO_'))
      ? {
          twilio: {
            ...(env.TWILIO_ACCOUNT_SID ? { accountSid: env.TWILIO_ACCOUNT_SID } : {}),
            ...(env.TWILIO_AUTH_TOKEN ? { authToken: env.TWILIO_AUTH_TOKEN } : {}),
            ...(env.TWILIO_FROM ? { from: env.TWILIO_FROM } : {}),
            ...(env.TWILIO_MESSAGING_SERVICE_SID
              ? { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID }
              : {}),
            ...(env.TWILIO_API_BASE ? { apiBase: env.TWILIO_API_BASE } : {}),
          },
        }
      : {}),
    // issue 31 · social sign-in: OIDC_<PROVIDER>_ISSUER, _CLIENT_ID, _CLIENT_SECRET (none: the dev stand-in outside production)
    ...(oidcProviders.length ? { oidcProviders } : {}),
    ...(env.LINKED_ACCOUNTS_KEY ? { linkedAccountsKey: env.LINKED_ACCOUNTS_KEY } : {}),
    devLinkProvider: standIn(env.DEV_LINK_PROVIDER),
    ...(env.PROTECTION_WATCH_SECONDS ? { protectionWatchSeconds: num(env.PROTECTION_WATCH_SECONDS)! } : {}),
    limits,
    logger: { level: env.LOG_LEVEL ?? 'info' },
  }
}

const OIDC_PARTS = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'] as const

/**
 * Issue 31 · the social sign-in providers: each OIDC_<PROVIDER>_ISSUER with its _CLIENT_ID and
 * _CLIENT_SECRET (GOOGLE, APPLE, or any other name). A provider with one or two of the three stops the
 * start; an issuer must be https (plain http only on localhost, the tests' provider).
 */
export function oidcProvidersFromEnv(env: NodeJS.ProcessEnv): OidcProviderOptions[] {
  const names = new Set<string>()
  for (const k of Object.keys(env)) {
    const m = /^OIDC_([A-Z0-9]{1,20})_(ISSUER|CLIENT_ID|CLIENT_SECRET)$/.exec(k)
    if (m && env[k]) names.add(m[1]!)
  }
  return [...names].sort().map((name) => {
    const missing = OIDC_PARTS.filter((p) => !env[`OIDC_${name}_${p}`])
    if (missing.length)
      throw new Error(
        `Social sign-in ${name} is half configured: set ${missing.map((p) => `OIDC_${name}_${p}`).join(' and ')} too, or none of OIDC_${name}_*.`,
      )
    const issuer = env[`OIDC_${name}_ISSUER`]!
    let url: URL
    try {
      url = new URL(issuer)
    } catch {
      throw new Error(`OIDC_${name}_ISSUER is not a URL: '${issuer}'.`)
    }
    if (url.protocol !== 'https:' && !isLocalIssuer(issuer))
      throw new Error(`OIDC_${name}_ISSUER must be an https address (http only on localhost): '${issuer}'.`)
    return {
      id: name.toLowerCase(),
      issuer,
      clientId: env[`OIDC_${name}_CLIENT_ID`]!,
      clientSecret: env[`OIDC_${name}_CLIENT_SECRET`]!,
    }
  })
}

/**
 * CATALOG_CACHE_SECONDS: how long this process serves a catalog reply (store list and pages,
 * categories, coupons, products, home sections) from memory; default 60 (routes/catalog.ts). 0 turns
 * the cache off: every request reads the database (how the bench measures the uncached path).
 * Undefined when unset; a value that is not 0 to 3600 fails the start.
 */
export function catalogCacheMsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const v = env.CATALOG_CACHE_SECONDS
  if (v === undefined || v === '') return undefined
  const n = Number(v)
  if (!Number.isFinite(n) || n < 0 || n > 3600)
    throw new Error(`CATALOG_CACHE_SECONDS must be a number of seconds from 0 to 3600, not '${v}'.`)
  return Math.round(n * 1000)
}

/**
 * How long a server drains after SIGTERM before it closes (issue 29): /api/health/ready answers 503 so a
 * load balancer stops sending, and the requests it sent meanwhile are served. SHUTDOWN_DRAIN_SECONDS
 * (0 to 120); by default 5 in production, 0 in development and test.
 */
export function drainSecondsFromEnv(env: NodeJS.ProcessEnv): number {
  const v = env.SHUTDOWN_DRAIN_SECONDS
  if (v === undefined || v === '') return !env.NODE_ENV || env.NODE_ENV === 'production' ? 5 : 0
  const n = Number(v)
  if (!Number.isFinite(n) || n < 0 || n > 120)
    throw new Error(`SHUTDOWN_DRAIN_SECONDS must be a number of seconds from 0 to 120, not '${v}'.`)
  return n
}

/** Where the data lives, for people: the embedded folder, memory, or the host of DATABASE_URL (never its password). */
export function describeDatabase(opts: {
  databaseUrl?: string | undefined
  dataDir?: string | undefined
}): string {
  if (opts.databaseUrl) {
    try {
      const u = new URL(opts.databaseUrl)
      return `PostgreSQL at ${u.host}${u.pathname}`
    } catch {
      return 'PostgreSQL (DATABASE_URL)'
    }
  }
  const dir = opts.dataDir ?? '.data/pglite'
  if (dir.startsWith('memory://')) return 'embedded PGlite in memory (lost on exit)'
  return `embedded PGlite in ${resolve(dir)}`
}

export interface SummaryInfo {
  mode: Mode
  database: string
  mail: string
  payments: string
  brand: string
  appEnv: string
  url: string
  /** PUBLIC_URL: what mail and links are written with. */
  publicUrl?: string
  seedDemo: boolean
  /** The coin platforms line (describePlatforms). */
  surveys?: string
  /** The affiliate networks line (describeNetworks). */
  cashback?: string
  /** The protection line: who serves linking, where the key comes from, the watcher. */
  protection?: string
  /** The captcha line: the sandbox (passes any response) or the CAPTCHA_SECRET verification. */
  captcha?: string
  /** The payouts line: the payout provider (PAYOUT_PROVIDER), or none. */
  payouts?: string
  /** The SMS line: the outbox, or the provider SMS_PROVIDER names. */
  sms?: string
  /** The social sign-in line: the OpenID Connect providers, the dev stand-in, or none. */
  social?: string
  /** The stand-ins that play a partner and are on (their money is test money); empty: none. */
  standIns?: string[]
}

/** The start-up line of the stand-ins: which are on, and that what they book is test money. */
export function describeStandIns(on: string[]): string {
  return on.length
    ? `${on.join(', ')} on; the money they book is test money: marked "test" on every screen, never paid out`
    : 'none (no development survey platform, link provider or network)'
}

/** The start-up line of the coin platforms: the development one, and the partners that are on. */
export function describePlatforms(p: Platforms, publicUrl?: string): string {
  const partners = p.list
    .filter((x) => !x.development && p.enabled(x.id))
    .map((x) => (publicUrl ? `${x.label} (postback ${publicUrl}/api/postback/${x.id})` : x.label))
  const parts = [
    p.dev ? 'development platform on (its coins are test money)' : 'development platform off',
    partners.length ? `partners: ${partners.join(', ')}` : 'no partner configured (COINS_SECRET_*)',
  ]
  return parts.join('; ')
}

/** The start-up line of the affiliate networks: the development one, and the networks that are on. */
export function describeNetworks(n: Networks, publicUrl?: string): string {
  const on = n.list
    .filter((x) => !x.development && n.enabled(x.id))
    .map((x) => (publicUrl ? `${x.label} (postback ${publicUrl}/api/networks/${x.id}/postback)` : x.label))
  return [
    n.dev ? 'development network on (its cash back is test money)' : 'development network off',
    on.length ? `networks: ${on.join(', ')}` : 'no affiliate network configured (NETWORK_SECRET_*)',
  ].join('; ')
}

/** The one block the server prints when it is up. */
export function startupSummary(i: SummaryInfo): string {
  const modeLine =
    i.mode === 'production'
      ? 'production (no development routes)'
      : `${i.mode} (development routes on: /dev/mailbox, /api/dev/*, dev social login)`
  return [
    `Rewards server ready at ${i.url}`,
    ...(i.publicUrl
      ? [`  links:    ${i.publicUrl} (PUBLIC_URL: every mail and link is written with it)`]
      : []),
    `  mode:     ${modeLine}`,
    `  database: ${i.database}${i.seedDemo ? ', demo member seeded' : ''}`,
    `  mail:     ${i.mail}`,
    `  payments: ${i.payments}`,
    ...(i.captcha ? [`  captcha:  ${i.captcha}`] : []),
    ...(i.social ? [`  sign-in:  ${i.social}`] : []),
    `  brand:    ${i.brand} (environment ${i.appEnv})`,
    ...(i.surveys ? [`  surveys:  ${i.surveys}`] : []),
    ...(i.cashback ? [`  cash back: ${i.cashback}`] : []),
    ...(i.protection ? [`  protection: ${i.protection}`] : []),
    ...(i.payouts ? [`  payouts:  ${i.payouts}`] : []),
    ...(i.sms ? [`  sms:      ${i.sms}`] : []),
    ...(i.standIns ? [`  stand-ins: ${describeStandIns(i.standIns)}`] : []),
  ].join('\n')
}
