import type {
  CancelReply,
  GiftCard,
  GiftRedeemReply,
  HttpClient,
  ListReply,
  PlanId,
  Subscription,
} from '@core'
import type {
  DeclineReply,
  PaymentProviderReply,
  Plan,
  SubscribeReply,
  TokenizeReply,
  UpdateMethodInfoReply,
  UpdateMethodReply,
} from './contract'
import type { CardForm } from './forms'

/** Types of the API contract (contract.ts); only types are imported, so no zod reaches the browser. */
export type { GiftCard, Plan, PlanId, Subscription }

export async function getPlans(http: HttpClient): Promise<Plan[]> {
  const r = await http.get<Partial<ListReply<Plan>>>('/api/plans')
  return Array.isArray(r?.data) ? r.data : []
}

/**
 * The card goes to the payment provider's tokenize URL (GET /api/billing/provider), never to our API;
 * the provider answers a payment-method token with the brand and last four digits. Its refusals have
 * our API's error shape (422 field errors, 402 declined), so the card form shows them as before.
 */
export async function tokenizeCard(http: HttpClient, card: CardForm): Promise<TokenizeReply> {
  const provider = await http.get<PaymentProviderReply>('/api/billing/provider')
  return http.post<TokenizeReply>(provider.data.tokenize_url, {
    card_number: card.card_number.trim(),
    zip: card.zip.trim(),
    cvv: card.cvv.trim(),
    exp: card.exp.replace(/ /g, ''),
  })
}

/** Subscribe with the card's payment-method token (tokenizeCard). */
export function subscribe(http: HttpClient, plan: PlanId, paymentMethod: string, tpsha1?: string) {
  return http.post<SubscribeReply>('/api/upsell/subscribe', {
    plan,
    payment_method: paymentMethod,
    ...(tpsha1 ? { tpsha1 } : {}),
  })
}

/** The membership a mailed /updatepay_method link is for. */
export async function getUpdateMethod(http: HttpClient, token: string) {
  return (await http.get<UpdateMethodInfoReply>('/api/billing/update-method', { params: { token } })).data
}

/** A new card (its token) for the membership of the link; a past-due membership is charged at once. */
export async function updateMethod(http: HttpClient, token: string, paymentMethod: string) {
  return (
    await http.post<UpdateMethodReply>('/api/billing/update-method', { token, payment_method: paymentMethod })
  ).data
}

export function decline(http: HttpClient, plan: PlanId, tpsha1?: string) {
  return http.post<DeclineReply>('/api/upsell/decline', {
    plan,
    ...(tpsha1 ? { tpsha1 } : {}),
  })
}

export async function getSubscriptions(http: HttpClient): Promise<Subscription[]> {
  const r = await http.get<Partial<ListReply<Subscription>>>('/api/account/subscriptions')
  return Array.isArray(r?.data) ? r.data : []
}

export function cancelSubscription(http: HttpClient, plan: PlanId) {
  return http.post<CancelReply>('/api/cancel-subscription', { plan })
}

/** POST /api/gift/redeem (the core's GiftRedeemRequest/GiftRedeemReply, answered by account's route). */
export function redeemGift(http: HttpClient, code: string) {
  return http.post<GiftRedeemReply>('/api/gift/redeem', {
    code: code.trim(),
  })
}
