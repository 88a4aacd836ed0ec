import { z } from 'zod/mini'

/**
 * Gift cards: the account plugin's routes answer the calls (its contract re-exports these), and the
 * upsell plugin's /gift page redeems a code through the same call; neither may import the other, so
 * the core's node-safe public module owns the shapes (issue 32).
 */
export const GiftCard = z.object({
  id: z.number(),
  brand: z.string(),
  amount_cents: z.number(),
  code: z.string(),
  status: z.string(),
  expires_at: z.string(),
  redeemed_at: z.nullable(z.string()),
})
export type GiftCard = z.infer<typeof GiftCard>
/** The longest code POST /api/gift/redeem accepts. */
export const GIFT_CODE_MAX = 40
export const GiftRedeemRequest = z.object({
  code: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please enter the gift card code.'), z.maxLength(GIFT_CODE_MAX)),
})
export const GiftRedeemReply = z.object({
  success: z.boolean(),
  data: GiftCard,
  cash_balance_cents: z.number(),
})
export type GiftRedeemReply = z.infer<typeof GiftRedeemReply>
