/**
 * The plans the app sells. No zod here: the browser's contracts (src/shared/subscriptions.ts, zod/mini)
 * and the config schema (./plans.ts, full zod) both read this list, and the arrow points from src/shared
 * to src/config, never back.
 */
export const PlanIds = ['plus', 'shipping'] as const
export type PlanId = (typeof PlanIds)[number]
