/**
 * A payout provider (issue 27, "Payouts"): what sends a member's withdrawal to PayPal, a bank account, ...
 * and tells us how it ended. A real provider implements this interface and adds its entry to
 * `payoutProviders`; PAYOUT_PROVIDER names it.
 *
 * - `send` is called once per payout by scheduled work (server/lib/payouts.ts), outside any transaction,
 *   with an idempotency key the provider must honour (a retried send after a crash pays once). It answers
 *   `sent` (the result comes later), or at once `paid` / `failed`. It throws only when the provider cannot
 *   be reached (the job retries).
 * - The result arrives through `POST /api/payouts/webhook/<id>`: `verifyWebhook` checks the provider's
 *   signature over the raw body and reads it; a provider without webhooks implements `poll` instead,
 *   asked every constants.payouts.pollSeconds for the payouts it has.
 * - `paysTestMoney`: true only for the development provider, a stand-in that moves no money. No other
 *   provider ever receives test money (money booked by a stand-in).
 */
export type PayoutMethod = 'paypal' | 'bank' | 'giftcard'

export interface PayoutRequest {
  payoutId: number
  amountCents: number
  method: PayoutMethod | string
  destination: string
  idempotencyKey: string
}

export type PayoutStatus = 'sent' | 'paid' | 'failed'

export interface PayoutResult {
  ref: string
  status: PayoutStatus
  reason?: string
}

export interface PayoutProvider {
  id: string
  /** Its line in the start-up summary. */
  describe(): string
  send(p: PayoutRequest): Promise<PayoutResult>
  /** The current result of a payout sent earlier (providers without webhooks). */
  poll?(ref: string): Promise<PayoutResult>
  /** The webhook's result when its signature is good; undefined otherwise (403, nothing changes). */
  verifyWebhook?(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): PayoutResult | undefined
  paysTestMoney: boolean
}

/**
 * The providers PAYOUT_PROVIDER may name. `development` is filled in by the server (server/dev-payout.ts:
 * it runs on this server). A real provider adds its entry here; tests register fakes.
 */
export const payoutProviders: Record<string, () => PayoutProvider> = {}

export const DEV_PAYOUT_PROVIDER = 'development'

/**
 * The provider PAYOUT_PROVIDER names; without a name, the development provider when the stand-in rule
 * has it on (`dev`), else none (withdrawals wait, the start-up summary says so). An unknown name stops
 * the start-up.
 */
export function payoutFromName(
  name: string | undefined,
  dev: (() => PayoutProvider) | undefined,
): PayoutProvider | null {
  const key = name?.trim() || (dev ? DEV_PAYOUT_PROVIDER : '')
  if (!key) return null
  if (key === DEV_PAYOUT_PROVIDER) {
    if (!dev)
      throw new Error(
        'PAYOUT_PROVIDER development needs the development payout provider on (DEV_PAYOUT_PROVIDER=1).',
      )
    return dev()
  }
  const make = payoutProviders[key]
  if (!make) {
    throw new Error(
      `Unknown PAYOUT_PROVIDER '${key}'. Known: ${[DEV_PAYOUT_PROVIDER, ...Object.keys(payoutProviders)].join(', ')}. ` +
        'A real provider implements PayoutProvider (server/adapters/payout.ts, see server/README.md).',
    )
  }
  return make()
}

/** The start-up summary's `payouts:` line. */
export function describePayouts(p: PayoutProvider | null): string {
  return p
    ? `${p.describe()}${p.paysTestMoney ? '' : ' (test money is never sent to it)'}`
    : 'no payout provider (set PAYOUT_PROVIDER before real members): withdrawals wait to be sent'
}
