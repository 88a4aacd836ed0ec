import { z } from 'zod/mini'
import { int } from '../../src/contract'

/** API contract of the protection plugin: linked accounts and claims (shipping, price, hotel, car rental, package). */

export const ClaimKinds = ['shipping', 'price', 'hotel', 'carrental', 'package'] as const
export const Claim = z.object({
  id: z.number(),
  kind: z.enum(ClaimKinds),
  merchant: z.string(),
  amount_cents: z.number(),
  reference: z.string(),
  status: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
})
export type Claim = z.infer<typeof Claim>
export const ClaimsQuery = z.object({ kind: z.optional(z.enum(ClaimKinds)) })
export const ClaimsReply = z.object({ data: z.array(Claim) })
export type ClaimsReply = z.infer<typeof ClaimsReply>
export const ClaimRequest = z.object({
  kind: z.enum(ClaimKinds),
  merchant: z.string().check(z.trim(), z.minLength(1, 'Please enter the store.'), z.maxLength(100)),
  amount_cents: z.number().check(z.int(), z.minimum(0), z.maximum(10_000_000)),
  reference: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please enter the order or tracking number.'), z.maxLength(100)),
  details: z.optional(z.record(z.string().check(z.maxLength(50)), z.string().check(z.maxLength(500)))),
})
export type ClaimRequest = z.infer<typeof ClaimRequest>
export const ClaimReply = z.object({ success: z.boolean(), data: Claim })

export const LinkedAccount = z.object({
  id: z.number(),
  provider: z.string(),
  account_email: z.string(),
  status: z.string(),
  created_at: z.string(),
})
export const LinkedAccountsReply = z.object({ data: z.array(LinkedAccount) })
export type LinkedAccountsReply = z.infer<typeof LinkedAccountsReply>
export const LinkAccountRequest = z.object({
  provider: z.enum([
    'doordash',
    'ubereats',
    'grubhub',
    'instacart',
    'uber',
    'lyft',
    'netflix',
    'spotify',
    'amazon',
  ]),
  account_email: z.email().check(z.maxLength(254)),
})
export const LinkedAccountParams = z.object({ id: int(1, 2_147_483_647) })
