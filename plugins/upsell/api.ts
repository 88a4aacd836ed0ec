import type { HttpClient, PlanId, Subscription } from '../../src/index'

export type { PlanId, Subscription }

import type { CardForm } from './forms'

/** Types of the API contract (contract.ts); only types are imported, so no zod reaches the browser. */
export interface Plan {
  plan: PlanId
  price_cents: number
  trial_days: number
  currency: string
}

export async function getPlans(http: HttpClient): Promise<Plan[]> {
  const r = await http.get<{ data?: Plan[] }>('/api/plans')
  return Array.isArray(r?.data) ? r.data : []
}

export function subscribe(http: HttpClient, plan: PlanId, card: CardForm, tpsha1?: string) {
  return http.post<{ success: boolean; data: Subscription; redirect: string }>('/api/upsell/subscribe', {
    plan,
    card_number: card.card_number.trim(),
    zip: card.zip.trim(),
    cvv: card.cvv.trim(),
    exp: card.exp.replace(/ /g, ''),
    ...(tpsha1 ? { tpsha1 } : {}),
  })
}

export function decline(http: HttpClient, plan: PlanId, tpsha1?: string) {
  return http.post<{ success: boolean; redirect: string }>('/api/upsell/decline', {
    plan,
    ...(tpsha1 ? { tpsha1 } : {}),
  })
}

export async function getSubscriptions(http: HttpClient): Promise<Subscription[]> {
  const r = await http.get<{ data?: Subscription[] }>('/api/account/subscriptions')
  return Array.isArray(r?.data) ? r.data : []
}

export function cancelSubscription(http: HttpClient, plan: PlanId) {
  return http.post<{ success: boolean; data: Subscription }>('/api/cancel-subscription', { plan })
}

export interface GiftCard {
  id: number
  brand: string
  amount_cents: number
  code: string
  status: string
  expires_at: string
  redeemed_at: string | null
}

/** POST /api/gift/redeem (plugins/account/contract.ts GiftRedeemRequest/GiftRedeemReply). */
export function redeemGift(http: HttpClient, code: string) {
  return http.post<{ success: boolean; data: GiftCard; cash_balance_cents: number }>('/api/gift/redeem', {
    code: code.trim(),
  })
}
