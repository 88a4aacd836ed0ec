import { createHash, randomUUID } from 'node:crypto'
import type { CaptchaAction } from '../../src/shared/captcha.ts'
import type { Db } from '../db/index.ts'
import { fail } from '../lib/http.ts'

/**
 * Captcha check. The sandbox passes any non-empty response (like the providers' test keys); Turnstile
 * (CAPTCHA_SITE_KEY and CAPTCHA_SECRET) asks Cloudflare's siteverify, once per token.
 */
export interface CaptchaAdapter {
  /** Whether the response passes for this form. A provider that cannot be reached throws a 503 (captcha_unavailable). */
  verify(response: string | undefined, ip: string, action?: CaptchaAction): Promise<boolean>
  /** A real provider: register and the password reset link need a response too (the sandbox keeps them optional). */
  required?: boolean
  /** The widget the client shows, given by GET /api/web/captcha and /captcha-frame (absent: the sandbox's box). */
  widget?: { provider: 'turnstile'; siteKey: string }
}

export const sandboxCaptcha: CaptchaAdapter = {
  async verify(response) {
    return typeof response === 'string' && response.length > 0
  },
}

/** Turnstile's siteverify (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
/** The origin of Turnstile's script and frames: what the frame page's CSP allows, exactly. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'
/** How long a Turnstile token is valid (its documentation: 300 seconds). */
export const TURNSTILE_TOKEN_SECONDS = 300

export interface TurnstileOptions {
  siteKey: string
  secret: string
  /** CAPTCHA_VERIFY_URL: another siteverify (the tests' local one); default Cloudflare's. */
  verifyUrl?: string
  /** PUBLIC_URL's host: a token solved on any other host is refused. */
  hostname: string
  db: Db
  /** How long a token lives (Turnstile: 300 s): a seen token is kept that long, so every instance refuses it. */
  tokenSeconds: number
  timeoutMs?: number
}

interface SiteverifyReply {
  success?: boolean
  'error-codes'?: string[]
  hostname?: string
  action?: string
}

const unavailable = () =>
  fail(
    503,
    'g-recaptcha-response',
    'The captcha cannot be checked right now. Please try again.',
    'captcha_unavailable',
  )

/**
 * Cloudflare Turnstile. A token is sent to siteverify once: it is recorded (hashed) in the database
 * first, in rate_limits under captcha:seen:<sha256>, so a token seen before, on any instance, is refused
 * without a call. The reply must say success, our host and the form's action.
 */
export function turnstileCaptcha(o: TurnstileOptions): CaptchaAdapter {
  const url = o.verifyUrl ?? TURNSTILE_VERIFY_URL
  return {
    required: true,
    widget: { provider: 'turnstile', siteKey: o.siteKey },
    async verify(response, ip, action) {
      if (!response) return false
      const key = `captcha:seen:${createHash('sha256').update(response).digest('hex')}`
      // the seen tokens past their lifetime go; this one is kept for its own
      await o.db.query(
        `DELETE FROM rate_limits WHERE key LIKE 'captcha:seen:%' AND window_start < now() - make_interval(secs => $1)`,
        [o.tokenSeconds],
      )
      const fresh = await o.db.one<{ key: string }>(
        `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1) ON CONFLICT (key) DO NOTHING RETURNING key`,
        [key],
      )
      if (!fresh) return false
      let reply: SiteverifyReply
      try {
        const r = await fetch(url, {
          method: 'POST',
          body: new URLSearchParams({
            secret: o.secret,
            response,
            remoteip: ip,
            idempotency_key: randomUUID(),
          }),
          signal: AbortSignal.timeout(o.timeoutMs ?? 5000),
        })
        if (!r.ok) throw new Error(`siteverify answered ${r.status}`)
        reply = (await r.json()) as SiteverifyReply
      } catch {
        // not the member's fault: the token may be tried again
        await o.db.query('DELETE FROM rate_limits WHERE key = $1', [key])
        throw unavailable()
      }
      return reply.success === true && reply.hostname === o.hostname && (!action || reply.action === action)
    },
  }
}
