import { randomUUID } from 'node:crypto'

export interface Card {
  number: string
  expMonth: number
  expYear: number
  cvc: string
  zip: string
}

export type ChargeResult =
  | { ok: true; ref: string; last4: string; brand: string }
  | { ok: false; code: 'card_declined' | 'invalid_card'; last4: string }

/**
 * A payment processor. What a real provider implements: `charge` takes the card as the member typed it
 * and an amount in integer cents and resolves with the processor's reference, or with `card_declined` /
 * `invalid_card` (never throws for a refused card; throws only when the processor cannot be reached).
 * `describe` is its line in the startup summary. The sandbox follows the big processors' test cards.
 */
export interface PaymentAdapter {
  charge(card: Card, amountCents: number, description: string): Promise<ChargeResult>
  describe(): string
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

/** 4242 4242 4242 4242 always succeeds, 4000 0000 0000 0002 always declines; other valid numbers succeed. */
export const sandboxPayment: PaymentAdapter = {
  async charge(card) {
    const last4 = card.number.slice(-4)
    if (!luhn(card.number)) return { ok: false, code: 'invalid_card', last4 }
    if (card.number === '4000000000000002') return { ok: false, code: 'card_declined', last4 }
    return { ok: true, ref: `ch_sandbox_${randomUUID()}`, last4, brand: cardBrand(card.number) }
  },
  describe: () => 'sandbox, no money moves',
}

/** The adapters PAYMENT_PROVIDER may name. A real provider adds its entry here. */
export const paymentProviders: Record<string, () => PaymentAdapter> = {
  sandbox: () => sandboxPayment,
}

/** The adapter PAYMENT_PROVIDER names (default: the sandbox); an unknown name stops the start-up. */
export function paymentFromName(name: string | undefined): PaymentAdapter {
  const key = name?.trim() || 'sandbox'
  const make = paymentProviders[key]
  if (!make) {
    throw new Error(
      `Unknown PAYMENT_PROVIDER '${key}'. Known: ${Object.keys(paymentProviders).join(', ')}. ` +
        'A real provider implements PaymentAdapter (server/adapters/payment.ts, see server/README.md).',
    )
  }
  return make()
}
