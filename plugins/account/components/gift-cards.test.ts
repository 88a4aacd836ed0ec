import { describe, expect, it } from 'vitest'
import { giftStatus, replaceable } from './gift-cards'

const day = 86_400_000
const card = (id: number, status: string, expiresInDays: number, redeemed: string | null = null) => ({
  id,
  brand: 'Amazon',
  amount_cents: 2500,
  code: `GC-${id}`,
  status,
  expires_at: new Date(Date.now() + expiresInDays * day).toISOString(),
  redeemed_at: redeemed,
})

describe('gift cards', () => {
  it('an active card past its expiry is expired, and only expired unredeemed cards are replaceable', () => {
    const cards = [
      card(1, 'active', 10),
      card(2, 'active', -1),
      card(3, 'expired', -5),
      card(4, 'redeemed', -5, new Date().toISOString()),
    ]
    expect(cards.map((c) => giftStatus(c))).toEqual(['active', 'expired', 'expired', 'redeemed'])
    expect(replaceable(cards).map((c) => c.id)).toEqual([2, 3])
  })
})
