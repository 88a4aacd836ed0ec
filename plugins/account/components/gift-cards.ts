import type { GiftCard } from '@core'

/** A card's status as the member sees it: an active card past its expiry date is expired. */
export function giftStatus(card: GiftCard, now = Date.now()): string {
  if (card.status === 'active' && Date.parse(card.expires_at) <= now) return 'expired'
  return card.status
}

/** The cards a member may replace: expired and never redeemed. */
export function replaceable(cards: readonly GiftCard[], now = Date.now()): GiftCard[] {
  return cards.filter((c) => giftStatus(c, now) === 'expired' && !c.redeemed_at)
}
