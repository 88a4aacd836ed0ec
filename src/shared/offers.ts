import { z } from 'zod/mini'
import { paged } from './contract-helpers'

/**
 * Offers (coupon, APP, GAME, CASHBACK): a shape two plugins share (coins serves them, the catalog
 * shows them on its pages), so it lives in the core's node-safe public module (src/contract.ts).
 */
export const OfferTypes = ['coupon', 'APP', 'GAME', 'CASHBACK'] as const
export const Offer = z.object({
  offer_id: z.number(),
  offer_type: z.string(),
  offer_code: z.nullable(z.string()),
  offer_description: z.string(),
  merchant_name: z.nullable(z.string()),
  merchant_logo_url: z.nullable(z.string()),
  merchant_internal_name: z.nullable(z.string()),
  redirect_url: z.string(),
  display_name: z.string(),
  display_description: z.string(),
  image_url: z.string(),
  coins_advertised: z.number(),
  click_url: z.string(),
  for_ios: z.number(),
  app_container: z.nullable(z.string()),
  campaign: z.nullable(z.string()),
})
export type Offer = z.infer<typeof Offer>

export const OffersReply = paged(Offer)
export type OffersReply = z.infer<typeof OffersReply>
export const OfferReply = z.object({ data: Offer })
export type OfferReply = z.infer<typeof OfferReply>

/**
 * POST /api/offers/:offer_id/start: the click URL of an offer, for a member with a verified email
 * (coins and the catalog start offers). APP and GAME offers run on a platform (offers.network): they
 * also carry attempt_id (the subid of its postback), like coins' StartReply.
 */
export const OfferStartReply = z.object({
  data: z.object({ click_url: z.string(), attempt_id: z.optional(z.string()) }),
})
export type OfferStartReply = z.infer<typeof OfferStartReply>
