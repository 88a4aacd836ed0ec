import type { CaptchaAdapter } from './adapters/captcha.ts'
import type { MailAdapter } from './adapters/mail.ts'
import type { PaymentAdapter } from './adapters/payment.ts'
import type { Db } from './db/index.ts'
import type { TtlCache } from './lib/http.ts'
import type { Sessions } from './lib/session.ts'

export interface Limits {
  loginPerIp: number
  loginPerEmail: number
  windowSeconds: number
}

export interface Services {
  db: Db
  sessions: Sessions
  mail: MailAdapter
  captcha: CaptchaAdapter
  payment: PaymentAdapter
  /** Public lists, cached for a few seconds (the store-list budget needs it on PGlite). */
  listCache: TtlCache<unknown>
  limits: Limits
  trustGeoHeader: boolean
  production: boolean
  /** Cookie names with the environment prefix variants, e.g. sm_landers and local_sm_landers. */
  cookiePrefix: string
  /** Validate 2xx replies against their contract schema (tests). */
  checkReplies: boolean
}
