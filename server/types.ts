import type { FastifyServerOptions } from 'fastify'
import type { TwilioOptions } from './adapters/sms.ts'
import type { OidcProviderOptions } from './lib/oidc.ts'

/**
 * The server's shared types: how a server is built (BuildOptions, its Mode) and its abuse limits. A module
 * of their own, so the files that need them do not import server/app.ts (which imports them all).
 */

/**
 * production: the safe profile (the default, and `npm start` without NODE_ENV): no development route.
 * development (`npm run dev`) and test (the test runs) add the dev mailbox, /api/dev/* and the dev
 * social-login provider.
 */
export type Mode = 'production' | 'development' | 'test'

export interface BuildOptions {
  /** Default 'production': no development route is registered. */
  mode?: Mode
  /** Seed the demo member (demo@example.com). Default false. */
  seedDemo?: boolean
  /** Repository root (config/, dist/). Default: the current directory. */
  root?: string
  /** Real PostgreSQL; otherwise PGlite in dataDir. */
  databaseUrl?: string
  /** PGlite folder, or 'memory://'. Default .data/pglite. */
  dataDir?: string
  /** PGlite only: a copy of a data folder to start from (DbOptions.loadDataDir; the server tests' template). */
  loadDataDir?: Blob
  /** PostgreSQL schema of its own (tests); dropped on close when dropSchema. */
  schema?: string
  dropSchema?: boolean
  brand?: string
  trustGeoHeader?: boolean
  /**
   * false: /api/health/ready answers 503 until the caller warms the caches (server/main.ts, lib/readiness.ts
   * warmUp); by default the server is ready once built (tests).
   */
  ready?: boolean
  jwtSecret?: string
  /** Without smtpUrl, mail goes to this folder (default: <dataDir>/outbox, a temp folder for memory://). */
  outboxDir?: string
  /** smtp://user:pass@host:port: send through nodemailer; the outbox is off. */
  smtpUrl?: string
  mailFrom?: string
  /** PAYMENT_PROVIDER; default 'sandbox'. An unknown name fails the start. */
  paymentProvider?: string
  /** The environment of config/app.json served (its cookie prefix); default its defaultEnvironment. */
  appEnv?: string
  /** 'small' seeds a smaller data set (tests); false skips seeding. */
  seed?: 'full' | 'small' | false
  limits?: Partial<Limits>
  allowedOrigins?: string[]
  logger?: FastifyServerOptions['logger']
  /** Check every 2xx reply against its contract (tests). */
  checkReplies?: boolean
  /** Serve dist/<brand>. Default true. */
  serveStatic?: boolean
  /** Coin platform secrets by platform id (COINS_SECRET_* of config/coins.json); a platform without one is off. */
  coinSecrets?: Record<string, string>
  /** Affiliate network secrets by network id (NETWORK_SECRET_* of config/networks.json); default: read from the environment. */
  networkSecrets?: Record<string, string>
  /**
   * PUBLIC_URL: the origin (and optional path) every absolute URL the server writes starts with. Default
   * http://localhost:3000. Never taken from a request's Host header.
   */
  publicUrl?: string
  /** The address the server listens on (HOST); the stand-ins are on by default only on a loopback one. */
  host?: string
  /**
   * The development survey platform (/dev-platform/*, the `devsurvey` of config/coins.json). Its coins are
   * test money. Default: on only on a loopback host, in development and test modes or on the embedded
   * database (DEV_SURVEY_PLATFORM=1 turns it on elsewhere).
   */
  devSurveyPlatform?: boolean
  /** How long the development platform waits before it calls the postback (ms; default 1000). */
  devPlatformDelayMs?: number
  /**
   * The development network (/dev-network/*, the `development` network of config/networks.json): a
   * stand-in for an affiliate network and its stores; its cash back is test money. Default: the
   * development survey platform's rule (DEV_NETWORK=1 turns it on elsewhere).
   */
  devNetwork?: boolean
  /** How long the development network waits before it sends its postback (ms; default 1000). */
  devNetworkDelayMs?: number
  /** PAYOUT_PROVIDER (server/adapters/payout.ts); default: the development payout provider when it is on, else none. An unknown name fails the start. */
  payoutProvider?: string
  /** The development payout provider (/dev-payout/): default the stand-in rule (DEV_PAYOUT_PROVIDER=1 turns it on elsewhere). */
  devPayoutProvider?: boolean
  /** The development payout provider's webhook signing key (default: a random one per process; tests sign reports with theirs). */
  devPayoutSecret?: string
  /** GIFT_CARD_PROVIDER (server/adapters/gift-card.ts) when the payout provider is a real one; an unknown name fails the start. */
  giftCardProvider?: string
  /** CAPTCHA_SITE_KEY and CAPTCHA_SECRET (both or neither): Cloudflare Turnstile; CAPTCHA_VERIFY_URL another siteverify (tests). Absent: the sandbox. */
  captcha?: { siteKey: string; secret: string; verifyUrl?: string }
  /** SMS_PROVIDER (server/adapters/sms.ts): 'outbox' (the default: <outboxDir>/sms) or 'twilio'. An unknown name fails the start. */
  smsProvider?: string
  /** SMS_PROVIDER=twilio: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID, TWILIO_API_BASE. */
  twilio?: TwilioOptions
  /** OIDC_<PROVIDER>_ISSUER, _CLIENT_ID, _CLIENT_SECRET (issue 31): the social sign-in providers; none by default. */
  oidcProviders?: OidcProviderOptions[]
  /** LINKED_ACCOUNTS_KEY: 32 bytes (base64 or hex) encrypting providers' tokens; see lib/protection/token-cipher.ts. */
  linkedAccountsKey?: string
  /**
   * The development link provider (/dev-provider/*), standing in for every protection provider. Default:
   * the development survey platform's rule (on in development and test modes and on the embedded
   * database; off in production on DATABASE_URL).
   */
  devLinkProvider?: boolean
  /** The protection watcher's period (s); default constants.protection.watchIntervalSeconds; 0: off. */
  protectionWatchSeconds?: number
  /** A member's "check now" at most once per this many seconds; default constants.protection.syncMinSeconds; 0: no limit. */
  protectionSyncMinSeconds?: number
  /** How often (s) held payouts whose hold has ended are sent; default constants.payoutReleaseSeconds; 0: off. */
  payoutReleaseSeconds?: number
  /** How often (s) the job runner looks for due jobs (lib/job-queue.ts); default constants.jobPollSeconds; 0: never (tests call app.jobs.runDueJobs). */
  jobPollSeconds?: number
}

/** Per windowSeconds; defaults from constants.abuseLimits (config/constants.json). */
export interface Limits {
  loginPerIp: number
  /** Sign-in attempts for one address from one IP (an attacker's IP cannot lock the member out). */
  loginPerEmail: number
  /** Failed sign-ins of one address, from any IP, after which a sign-in needs the captcha. */
  loginFailuresBeforeCaptcha: number
  /** Password-reset calls (the link, and the new password with its token) per IP and per address. */
  resetPerIp: number
  resetPerEmail: number
  /** POST /api/contact messages per IP. */
  contactPerIp: number
  windowSeconds: number
  /** POST /api/translation reports per IP per window. */
  translationPerIp: number
  /** The translations table never holds more rows than this. */
  translationRowsMax: number
}
