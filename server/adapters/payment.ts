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

/** A payment processor. The sandbox follows the big processors' test cards. */
export interface PaymentAdapter {
  charge(card: Card, amountCents: number, description: string): Promise<ChargeResult>
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
}
