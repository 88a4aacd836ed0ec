import type { CaptchaAdapter } from './adapters/captcha.ts'
import type { GiftCardProvider } from './adapters/gift-card.ts'
import type { MailAdapter } from './adapters/mail.ts'
import type { PaymentAdapter } from './adapters/payment.ts'
import type { PayoutProvider } from './adapters/payout.ts'
import type { SmsAdapter } from './adapters/sms.ts'
import type { UploadStore } from './adapters/uploads.ts'
import type { Db } from './db/index.ts'
import type { Platforms } from './lib/coins.ts'
import type { TtlCache } from './lib/http.ts'
import type { Networks } from './lib/networks.ts'
import type { OidcProviders } from './lib/oidc.ts'
import type { Protection } from './lib/protection/setup.ts'
import type { Sessions } from './lib/session.ts'
import type { Limits, Mode } from './types.ts'

export interface Services {
  db: Db
  sessions: Sessions
  mail: MailAdapter
  /** Text messages (phone verification): SMS_PROVIDER's adapter; the outbox folder <outbox>/sms by default. */
  sms: SmsAdapter
  captcha: CaptchaAdapter
  payment: PaymentAdapter
  /**
   * Small public lists (news, offers) kept 5 s. The catalog's store lists and store pages use the reply
   * cache instead (lib/reply-cache.ts: ready bytes, ETag, CATALOG_CACHE_SECONDS).
   */
  listCache: TtlCache<unknown>
  limits: Limits
  trustGeoHeader: boolean
  /** production: no development route or provider (see BuildOptions.mode). */
  mode: Mode
  /** The cookie prefix of the environment served (config/app.json, APP_ENV): '' or e.g. 'local_'. */
  cookiePrefix: string
  /** PUBLIC_URL, normalised (no trailing slash): the start of every absolute URL the server writes (lib/public-url.ts). */
  publicUrl: string
  /** Coin platforms (config/coins.json) and which of them are on (their secret is known). */
  platforms: Platforms
  /** Affiliate networks (config/networks.json) and which of them are on (their secret is known). */
  networks: Networks
  /** Linked accounts: the provider adapter, the token cipher, the watcher's settings. */
  protection: Protection
  /** Validate 2xx replies against their contract schema (tests). */
  checkReplies: boolean
  // issue 27 · payouts and gift cards (helper A): fields below this line
  /** The payout provider (PAYOUT_PROVIDER; the development one under the stand-in rule); null: none, withdrawals wait. */
  payouts: PayoutProvider | null
  /** The gift-card provider of gift-card withdrawals (the development one with the development payout provider). */
  giftCards: GiftCardProvider | null
  // issue 27 · rebate claims (helper C): fields below this line
  /** Files members upload (rebate claim receipts): DATA_DIR/uploads by default, or a bucket. */
  uploads: UploadStore
  // issue 31 · social sign-in
  /** The OpenID Connect providers (OIDC_<PROVIDER>_*); the dev stand-in is routes/auth.ts's, outside production. */
  oidc: OidcProviders
}
