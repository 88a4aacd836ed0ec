import { captchaResponse, type HttpClient, type PlanId, type Subscription } from '../../../src/index'

export type { PlanId, Subscription }

import type { ChatConversation, ChatMessage } from './chat-contract'

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

export interface Notification {
  id: number
  title: string
  body: string
  read: boolean
  created_at: string
}
export interface NotificationsPage {
  data: Notification[]
  unread: number
  total: number
}
export async function getNotifications(http: HttpClient): Promise<NotificationsPage> {
  const r = await http.get<NotificationsPage>('/api/account/notifications', { params: { per_page: 100 } })
  return { ...r, data: dataOf(r), unread: Number(r?.unread) || 0 }
}
/** Marks the ids read, or every notification when ids is omitted. */
export const markRead = (http: HttpClient, ids?: number[]) =>
  http.post<{ success: boolean }>('/api/account/notifications/read', ids ? { ids } : {})
export async function unreadCount(http: HttpClient): Promise<number> {
  const r = await http.get<{ unread?: number }>('/api/account/notifications', { params: { per_page: 1 } })
  return Number(r?.unread) || 0
}

export interface Address {
  line1: string
  line2?: string
  city: string
  region: string
  postal_code: string
  country: string
}
export interface Profile {
  user_id: number
  name: string
  email: string
  phone: string | null
  country_code: string
  is_verified: boolean
  created_at: string
  rebate_address: Address | null
}
export const getProfile = async (http: HttpClient) =>
  dataOf(await http.get<{ data: Profile }>('/api/account/profile'))
export const updateProfile = async (
  http: HttpClient,
  body: { name?: string; phone?: string | null; rebate_address?: Address | null },
) => dataOf(await put<{ data: Profile }>(http, '/api/account/profile', body))
export const resendVerification = (http: HttpClient) =>
  http.post<{ success: boolean }>('/api/verify/resend', {})

export type TermName = 'stats' | 'cookies' | 'firefox' | 'pii'
export type EmailSetting = 'email_offers' | 'email_rebates' | 'sms'
export interface Settings {
  email_offers: boolean
  email_rebates: boolean
  sms: boolean
  language: 'en' | 'es'
  terms: Record<TermName, boolean>
}
export const getSettings = async (http: HttpClient) =>
  dataOf(await http.get<{ data: Settings }>('/api/account/settings'))
export const updateSettings = async (
  http: HttpClient,
  body: Partial<Omit<Settings, 'terms'>> & { terms?: Record<TermName, boolean> },
) => dataOf(await put<{ data: Settings }>(http, '/api/account/settings', body))

export interface Card {
  id: number
  brand: string
  last4: string
  exp_month: number
  exp_year: number
}
export interface Payment {
  id: number
  amount_cents: number
  status: string
  description: string
  card_last4: string
  created_at: string
}
export const getBilling = async (http: HttpClient) =>
  dataOf(await http.get<{ data: { payment_methods: Card[]; payments: Payment[] } }>('/api/account/billing'))
export interface CardForm {
  card_number: string
  exp: string
  cvv: string
  zip: string
}
export const updateCard = (http: HttpClient, card: CardForm) =>
  http.post<{ success: boolean }>('/api/account/payment-method', {
    card_number: card.card_number.trim(),
    exp: card.exp.replace(/ /g, ''),
    cvv: card.cvv.trim(),
    zip: card.zip.trim(),
  })

export async function getSubscriptions(http: HttpClient): Promise<Subscription[]> {
  const r = await http.get<{ data?: Subscription[] }>('/api/account/subscriptions')
  return Array.isArray(r?.data) ? r.data : []
}
export const cancelSubscription = async (http: HttpClient, plan: PlanId) =>
  dataOf(await http.post<{ success: boolean; data: Subscription }>('/api/cancel-subscription', { plan }))

export interface Rebate {
  id: number
  benefit_type: string
  amount_cents: number
  status: string
  created_at: string
}
export const getRebates = async (http: HttpClient, benefitType: string): Promise<Rebate[]> =>
  dataOf(
    await http.get<{ data: Rebate[] }>('/api/account/rebates', {
      params: { benefit_type: benefitType, per_page: 100 },
    }),
  )

export interface ContactForm {
  name: string
  email: string
  subject: string
  message: string
}
/** The message, with the captcha response the server checks (issue 25). */
export const sendContact = async (http: HttpClient, form: ContactForm) =>
  http.post<{ success: boolean; code: string; message: string }>('/api/contact', {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject.trim(),
    message: form.message.trim(),
    'g-recaptcha-response': await captchaResponse(),
  })

export const currentChat = (http: HttpClient) =>
  http.get<{ data: ChatConversation | null; open: boolean }>('/api/chat/conversations/current')
export const startChat = async (http: HttpClient) =>
  dataOf(await http.post<{ data: ChatConversation }>('/api/chat/conversations', {}))
export const chatMessages = async (http: HttpClient, id: number, after: number) =>
  dataOf(
    await http.get<{ data: ChatMessage[] }>(`/api/chat/conversations/${id}/messages`, { params: { after } }),
  )
export const sendChat = async (http: HttpClient, id: number, body: string) =>
  dataOf(await http.post<{ data: ChatMessage }>(`/api/chat/conversations/${id}/messages`, { body }))
export const endChat = (http: HttpClient, id: number) =>
  http.post<{ success: boolean }>(`/api/chat/conversations/${id}/close`, {})
