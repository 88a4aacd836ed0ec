import { randomBytes } from 'node:crypto'

/**
 * A gift-card provider (issue 27): a gift-card withdrawal buys a store's card of the payout's value.
 * `issue` is called once per payout by scheduled work, and once per replacement of an expired card (the
 * member's request), with an idempotency key the provider honours, and answers the card's code and
 * expiry. A real provider adds its entry to `giftCardProviders` (GIFT_CARD_PROVIDER names it). The
 * development provider makes a code itself: test money.
 */
export interface GiftCardIssue {
  /** The gift-card withdrawal it pays; null for a replacement of a card that no withdrawal paid. */
  payoutId: number | null
  brand: string
  amountCents: number
  idempotencyKey: string
  /** The code of the expired card this one replaces (absent for a withdrawal's card). */
  replacesCode?: string
}

export interface IssuedGiftCard {
  code: string
  expiresAt: Date
}

export interface GiftCardProvider {
  id: string
  describe(): string
  issue(r: GiftCardIssue): Promise<IssuedGiftCard>
  paysTestMoney: boolean
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** The development provider: a code of 16 characters (4 groups), valid `lifeDays`. */
export function devGiftCardProvider(lifeDays: number): GiftCardProvider {
  return {
    id: 'development',
    describe: () => 'development gift-card provider (issues test codes on this server)',
    paysTestMoney: true,
    async issue() {
      const bytes = randomBytes(16)
      const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')
      const code = `DEV-${chars.match(/.{4}/g)!.join('-')}`
      return { code, expiresAt: new Date(Date.now() + lifeDays * 86_400_000) }
    },
  }
}

export const giftCardProviders: Record<string, () => GiftCardProvider> = {}

/** The provider GIFT_CARD_PROVIDER names (none without a name: gift-card withdrawals wait); an unknown name stops the start-up. */
export function giftCardFromName(name: string | undefined): GiftCardProvider | null {
  const key = name?.trim()
  if (!key) return null
  const make = giftCardProviders[key]
  if (!make)
    throw new Error(
      `Unknown GIFT_CARD_PROVIDER '${key}'. Known: ${Object.keys(giftCardProviders).join(', ') || 'none'}. A real provider implements GiftCardProvider (server/adapters/gift-card.ts).`,
    )
  return make()
}
