import type { GiftCard, GiftRedeemReply, HttpClient, PlanId, Subscription } from '../../src/index'
import type { DeclineReply, Plan, PlansReply, SubscribeReply } from './contract'
import type { CardForm } from './forms'

/** Types of the API contract (contract.ts); only types are imported, so no zod reaches the browser. */
export type { GiftCard, Plan, PlanId, Subscription }

export async function getPlans(http: HttpClient): Promise<Plan[]> {
  const r = await http.get<Partial<PlansReply>>('/api/plans')
  return Array.isArray(r?.data) ? r.data : []
}

export function subscribe(http: HttpClient, plan: PlanId, card: CardForm, tpsha1?: string) {
  return http.post<SubscribeReply>('/api/upsell/subscribe', {
    plan,
    card_number: card.card_number.trim(),
    zip: card.zip.trim(),
    cvv: card.cvv.trim(),
    exp: card.exp.replace(/ /g, ''),
    ...(tpsha1 ? { tpsha1 } : {}),
  })
}

export function decline(http: HttpClient, plan: PlanId, tpsha1?: string) {
  return http.post<DeclineReply>('/api/upsell/decline', {
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

/** POST /api/gift/redeem (the core's GiftRedeemRequest/GiftRedeemReply, answered by account's route). */
export function redeemGift(http: HttpClient, code: string) {
  return http.post<GiftRedeemReply>('/api/gift/redeem', {
    code: code.trim(),
  })
}
