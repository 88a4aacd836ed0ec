import { randomBytes } from 'node:crypto'
import type { Db } from '../db/index.ts'

/** What the provider knows of a payment-method token: never the number. */
export interface MethodInfo {
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

export type ChargeResult = { ok: true; ref: string } | { ok: false; code: 'card_declined' | 'invalid_method' }

export interface ChargeRequest {
  /** The provider's payment-method token (what the card form got from `tokenizeUrl`). */
  method: string
  amountCents: number
  description: string
  /** The same key for a retried call: the provider charges once per key. */
  idempotencyKey: string
}

/**
 * A payment processor (issue 27: card numbers never reach this server). The member's browser posts the
 * card to the provider's `tokenizeUrl` and sends us only the token it answers; we keep the token with
 * its brand, last four digits and expiry. What a real provider implements:
 * - `tokenizeUrl`: where the card form posts the card (the provider's origin; add it to the SPA's CSP);
 * - `charge`: charges a token an amount in integer cents under an idempotency key and resolves with the
 *   processor's reference or `card_declined` / `invalid_method` (never throws for a refused card; throws
 *   only when the processor cannot be reached: the caller retries with the same key);
 * - `methodInfo`: the brand, last four digits and expiry of a token (null for a token it does not know);
 * - `describe`: its line in the start-up summary.
 */
export interface PaymentAdapter {
  id: string
  tokenizeUrl: string
  charge(req: ChargeRequest): Promise<ChargeResult>
  methodInfo(token: string): Promise<MethodInfo | null>
  describe(): string
}

/** What a provider is made with when the server starts. */
export interface PaymentContext {
  db: Db
}

export function cardBrand(n: string): string {
  if (/^4/.test(n)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(n)) return 'mastercard'
  if (/^3[47]/.test(n)) return 'amex'
  if (/^6(011|5)/.test(n)) return 'discover'
  return 'card'
}

export function luhn(n: string): boolean {
  let sum = 0
  let dbl = false
  for (let i = n.length - 1; i >= 0; i--) {
    let d = n.charCodeAt(i) - 48
    if (dbl) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    dbl = !dbl
  }
  return n.length >= 12 && sum % 10 === 0
}

/** How a sandbox test card behaves once tokenized. */
export type SandboxBehaviour = 'succeed' | 'decline' | 'decline_charges'

/**
 * The sandbox's test cards, as the big processors have them: 4000 0000 0000 0002 is declined on every
 * charge (the zero authorisation of a trial included); 4000 0000 0000 0341 is accepted (a trial starts)
 * but every charge of money is declined (a renewal goes past due); any other number passing Luhn
 * succeeds (4242 4242 4242 4242).
 */
export function sandboxBehaviourOf(number: string): SandboxBehaviour {
  if (number === '4000000000000002') return 'decline'
  if (number === '4000000000000341') return 'decline_charges'
  return 'succeed'
}

export const SANDBOX_TOKENIZE_PATH = '/sandbox-pay/v1/tokens'

/**
 * The sandbox provider: its tokenization endpoint runs on this server outside /api
 * (server/lib/billing/sandbox-routes.ts), and it keeps its own records in the sandbox_* tables (what a
 * real provider keeps on its side): per token the brand, last four digits, expiry and behaviour, and its
 * charges by idempotency key (a repeated key answers the first result, charging nothing again).
 */
export function sandboxPayment(ctx: PaymentContext): PaymentAdapter {
  const { db } = ctx
  return {
    id: 'sandbox',
    tokenizeUrl: SANDBOX_TOKENIZE_PATH,
    async charge({ method, amountCents, idempotencyKey }) {
      const pm = await db.one<{ behaviour: SandboxBehaviour }>(
        'SELECT behaviour FROM sandbox_payment_methods WHERE token = $1',
        [method],
      )
      const ok =
        !!pm && pm.behaviour !== 'decline' && !(pm.behaviour === 'decline_charges' && amountCents > 0)
      const code = !pm ? 'invalid_method' : ok ? null : 'card_declined'
      const row = await db.one<{ ok: boolean; ref: string; code: string | null }>(
        `WITH made AS (
           INSERT INTO sandbox_charges (idempotency_key, token, amount_cents, ok, ref, code)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING ok, ref, code)
         SELECT ok, ref, code FROM made UNION ALL
         SELECT ok, ref, code FROM sandbox_charges WHERE idempotency_key = $1 LIMIT 1`,
        [idempotencyKey, method, amountCents, ok, `ch_sandbox_${randomBytes(12).toString('hex')}`, code],
      )
      // the same key made by a call running at once (its row committed after this statement began)
      const first =
        row ??
        (await db.one<{ ok: boolean; ref: string; code: string | null }>(
          'SELECT ok, ref, code FROM sandbox_charges WHERE idempotency_key = $1',
          [idempotencyKey],
        ))
      if (!first) throw new Error('sandbox charge not recorded')
      return first.ok
        ? { ok: true, ref: first.ref }
        : { ok: false, code: first.code === 'invalid_method' ? 'invalid_method' : 'card_declined' }
    },
    async methodInfo(token) {
      const pm = await db.one<{ brand: string; last4: string; exp_month: number; exp_year: number }>(
        'SELECT brand, last4, exp_month, exp_year FROM sandbox_payment_methods WHERE token = $1',
        [token],
      )
      return pm ? { brand: pm.brand, last4: pm.last4, expMonth: pm.exp_month, expYear: pm.exp_year } : null
    },
    describe: () => 'sandbox, no money moves',
  }
}

/** The adapters PAYMENT_PROVIDER may name. A real provider adds its entry here. */
export const paymentProviders: Record<string, (ctx: PaymentContext) => PaymentAdapter> = {
  sandbox: sandboxPayment,
}

/**
 * The maker of the adapter PAYMENT_PROVIDER names (default: the sandbox); an unknown name stops the
 * start-up before anything else is opened.
 */
export function paymentFromName(name: string | undefined): (ctx: PaymentContext) => PaymentAdapter {
  const key = name?.trim() || 'sandbox'
  const make = paymentProviders[key]
  if (!make) {
    throw new Error(
      `Unknown PAYMENT_PROVIDER '${key}'. Known: ${Object.keys(paymentProviders).join(', ')}. ` +
        'A real provider implements PaymentAdapter (server/adapters/payment.ts, see server/README.md).',
    )
  }
  return make
}
