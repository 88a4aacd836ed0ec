/**
 * The core's node-safe public module: what a plugin's `contract.ts` (shared with the server) may use.
 * No React, no CSS, no browser globals: the server imports the contracts through this file.
 * Plugins import the core only from here and from `src/index.ts`.
 */
export { constants } from './config/constants'
export type { RuntimeConfig } from './config/runtime-types'
export type { Constants } from './config/schemas/constants'
export type { Lander } from './config/schemas/landers'
export { int, paged, str } from './shared/contract-helpers'
export { Offer, OfferReply, OffersReply, OfferTypes } from './shared/offers'
export { type PlanId, PlanIds, Subscription } from './shared/subscriptions'
