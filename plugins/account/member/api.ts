import type {
  BillingReply,
  CancelReply,
  ContactReply,
  ContactRequest,
  HttpClient,
  ListReply,
  OkReply,
  PaymentProviderReply,
  PlanId,
  Subscription,
  TokenizeReply,
} from '@core'
import type {
  Address,
  NotificationsReply,
  Profile,
  ProfileReply,
  ProfileUpdate,
  Rebate,
  RebatesReply,
  Settings,
  SettingsReply,
  SettingsUpdate,
  TermName,
} from '../contract'
import type { ChatConversationReply, ChatCurrentReply, ChatMessage, ChatMessageReply } from './chat-contract'

/**
 * The shapes are declared once, in the contract of the plugin whose call it is (issue 32): account's
 * own calls in ../contract; the subscription and billing calls (upsell's routes, shown here when upsell
 * is installed) and the contact call (legal's route) in the core's public module, as two plugins need them.
 */
export type { Notification, NotificationsReply } from '../contract'
export type { Address, PlanId, Profile, Rebate, Settings, Subscription, TermName }
export type EmailSetting = keyof Omit<Settings, 'language' | 'terms' | 'unsubscribed'>

/**
 * The account member area's calls (types only from the contracts, so no zod reaches the browser).
 * Subscriptions, billing and the contact call are answered by the server's upsell and core routes;
 * the screens reach them through the API, never through another plugin's code.
 */

/** PUT through the client (its errors are the client's HttpError too). */
const put = <T>(http: HttpClient, url: string, body: unknown): Promise<T> => http.put<T>(url, body)

/** The `data` of a reply, or an error (the screen shows its retry) when the reply has none. */
function dataOf<T>(r: { data?: T } | null | undefined): T {
  const d = r?.data
  if (d === null || typeof d !== 'object') throw new Error('The reply has no data.')
  return d
}

export async function getNotifications(http: HttpClient): Promise<NotificationsReply> {
  const r = await http.get<NotificationsReply>('/api/account/notifications', { params: { per_page: 100 } })
  return { ...r, data: dataOf(r), unread: Number(r?.unread) || 0 }
}
/** Marks the ids read, or every notification when ids is omitted. */
export const markRead = (http: HttpClient, ids?: number[]) =>
  http.post<OkReply>('/api/account/notifications/read', ids ? { ids } : {})

export const getProfile = async (http: HttpClient) =>
  dataOf(await http.get<ProfileReply>('/api/account/profile'))
export const updateProfile = async (http: HttpClient, body: ProfileUpdate) =>
  dataOf(await put<ProfileReply>(http, '/api/account/profile', body))
export const resendVerification = (http: HttpClient) => http.post<OkReply>('/api/verify/resend', {})

export const getSettings = async (http: HttpClient) =>
  dataOf(await http.get<SettingsReply>('/api/account/settings'))
export const updateSettings = async (http: HttpClient, body: SettingsUpdate) =>
  dataOf(await put<SettingsReply>(http, '/api/account/settings', body))

export const getBilling = async (http: HttpClient) =>
  dataOf(await http.get<BillingReply>('/api/account/billing'))
/**
 * The card form's values go to the payment provider's tokenize URL (GET /api/billing/provider), never to
 * our API; the card on file is replaced with the token it answers (a past-due membership is charged at
 * once). The tokenizer's refusals have our API's error shape, so the form shows them as before.
 */
export async function updateCard(
  http: HttpClient,
  card: { card_number: string; exp: string; cvv: string; zip: string },
) {
  const provider = await http.get<PaymentProviderReply>('/api/billing/provider')
  const pm = await http.post<TokenizeReply>(provider.data.tokenize_url, {
    card_number: card.card_number.trim(),
    exp: card.exp.replace(/ /g, ''),
    cvv: card.cvv.trim(),
    zip: card.zip.trim(),
  })
  return http.post<OkReply>('/api/account/payment-method', { payment_method: pm.id })
}

export async function getSubscriptions(http: HttpClient): Promise<Subscription[]> {
  const r = await http.get<Partial<ListReply<Subscription>>>('/api/account/subscriptions')
  return Array.isArray(r?.data) ? r.data : []
}
export const cancelSubscription = async (http: HttpClient, plan: PlanId) =>
  dataOf(await http.post<CancelReply>('/api/cancel-subscription', { plan }))

export const getRebates = async (http: HttpClient, benefitType: string): Promise<Rebate[]> =>
  dataOf(
    await http.get<RebatesReply>('/api/account/rebates', {
      params: { benefit_type: benefitType, per_page: 100 },
    }),
  )

/** The message, with the form's captcha response the server checks (issue 25; the widget's token, issue 31). */
export const sendContact = async (http: HttpClient, form: ContactRequest) =>
  http.post<ContactReply>('/api/contact', {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject.trim(),
    message: form.message.trim(),
    ...(form['g-recaptcha-response'] ? { 'g-recaptcha-response': form['g-recaptcha-response'] } : {}),
  })

export const currentChat = (http: HttpClient) => http.get<ChatCurrentReply>('/api/chat/conversations/current')
export const startChat = async (http: HttpClient) =>
  dataOf(await http.post<ChatConversationReply>('/api/chat/conversations', {}))
export const chatMessages = async (http: HttpClient, id: number, after: number) =>
  dataOf(
    await http.get<ListReply<ChatMessage>>(`/api/chat/conversations/${id}/messages`, { params: { after } }),
  )
export const sendChat = async (http: HttpClient, id: number, body: string) =>
  dataOf(await http.post<ChatMessageReply>(`/api/chat/conversations/${id}/messages`, { body }))
export const endChat = (http: HttpClient, id: number) =>
  http.post<OkReply>(`/api/chat/conversations/${id}/close`, {})
/**
 * The conversation's live events after a message id (server-sent events, read by chat-live.ts): a
 * fetch with the member's token, since EventSource cannot send that header. No timeout: it stays open.
 */
export async function chatEvents(http: HttpClient, id: number, after: number, signal: AbortSignal) {
  const r = await http.request<ReadableStream<Uint8Array>>({
    url: `/api/chat/conversations/${id}/events`,
    method: 'get',
    params: { after },
    headers: { Accept: 'text/event-stream' },
    adapter: 'fetch',
    responseType: 'stream',
    timeout: 0,
    signal,
  })
  if (typeof r.data?.getReader !== 'function') throw new Error('No event stream in this browser.')
  return r.data
}
