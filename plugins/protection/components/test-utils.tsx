import { type HttpClient, HttpError, type Services, type Session } from '@core'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import protectionEn from '../../../locales/en/protection.json'
import protectionEs from '../../../locales/es/protection.json'
import { fakeSession, renderInApp, testI18n, testServices } from '../../../tests/unit/kit'
import type { Claim, LinkedAccount, OverviewReply, Parcel, Provider, WatchedOrder } from '../contract'
import { ProtectionStore, type ProtectionStoreInstance } from '../model'

export { type Call, type FakeRoutes, fakeHttp, fakeSession } from '../../../tests/unit/kit'

/** An i18next instance with the real English and Spanish texts of protection and core. */
export const makeI18n = (lng: 'en' | 'es' = 'en') =>
  testI18n(lng, { protection: [protectionEn, protectionEs] })

export const config = {
  plugins: ['auth', 'protection'],
  brand: { name: 'Rewards' },
  app: { languages: ['en', 'es'], linkedAccountsBaseUrl: '/api/linked' },
}

/** A refusal as the server sends it: status, code and message. */
export function refusal(status: number, code: string, message = 'Refused', field = 'order_id') {
  const errors = { [field]: [message] }
  return new HttpError(`Request failed with status code ${status}`, 'status', status, errors, {
    code,
    errors,
    codes: { [field]: code },
  })
}

/** The protection store on the fake HTTP client (its load calls GET {base}/accounts). */
export const makeStore = (http: HttpClient, session: Session = fakeSession().session) =>
  ProtectionStore.create({}, { http, config, session } as unknown as Services)

/** Renders at `path` with the texts, a router and the app context (the protection store, the fake http). */
export function renderWith(
  ui: ReactNode,
  {
    i18n,
    http,
    session = fakeSession().session,
    store = makeStore(http, session),
    path = '/',
  }: { i18n: I18n; http: HttpClient; session?: Session; store?: ProtectionStoreInstance; path?: string },
) {
  const { services } = testServices({ http, session, config })
  const r = renderInApp(ui, { i18n, services, store: { protection: store }, path, pattern: '*', where: true })
  return { ...r, store }
}

/** "Now" for the fixtures: taken once (to the minute) so the same fixture built twice is equal. */
const NOW = Math.floor(Date.now() / 60_000) * 60_000
const DAY_MS = 86_400_000

/** The moment `n` days from now (negative: ago) as an ISO datetime; `n` may be fractional. */
export const daysFromNow = (n: number): string => new Date(NOW + n * DAY_MS).toISOString()

/** The calendar day (UTC) `n` days from now (negative: ago) as 'YYYY-MM-DD'. */
export const dayFromNow = (n: number): string => daysFromNow(n).slice(0, 10)

export const provider = (
  id: Provider['id'],
  name: string,
  kind: Provider['kind'],
  available = true,
): Provider => ({
  id,
  name,
  kind,
  available,
})

export const providers: Provider[] = [
  provider('amazon', 'Amazon', 'retailer'),
  provider('walmart', 'Walmart', 'retailer'),
  provider('doordash', 'DoorDash', 'delivery'),
  provider('uber', 'Uber', 'rideshare'),
  provider('netflix', 'Netflix', 'streaming', false),
  provider('expedia', 'Expedia', 'travel'),
]

export const linked = (
  id: number,
  p: LinkedAccount['provider'],
  over: Partial<LinkedAccount> = {},
): LinkedAccount => ({
  id,
  provider: p,
  account_email: `dana+${p}@example.com`,
  status: 'connected',
  created_at: daysFromNow(-80),
  last_synced_at: daysFromNow(-0.25),
  sync_error: null,
  manage_url: `https://provider.example.com/${p}/account`,
  ...over,
})

/** A purchase ordered 30 days ago, delivered on the promised day, its price watched 30 more days. */
export const order = (id: number, over: Partial<WatchedOrder> = {}): WatchedOrder => ({
  id,
  provider: 'amazon',
  kind: 'purchase',
  merchant: 'Amazon',
  title: 'Noise-cancelling headphones',
  reference: `112-${id}`,
  ordered_at: dayFromNow(-30),
  paid_cents: 19999,
  current_cents: 16999,
  watch_until: dayFromNow(30),
  promised_at: dayFromNow(-27),
  delivered_at: dayFromNow(-27),
  starts_at: null,
  ends_at: null,
  carrier: 'UPS',
  tracking_number: '1Z999',
  ...over,
})

export const claim = (id: number, over: Partial<Claim> = {}): Claim => ({
  id,
  kind: 'price',
  order_id: 1,
  merchant: 'Amazon',
  reference: '112-1',
  amount_cents: 3000,
  status: 'paid',
  evidence: { old_cents: 19999, new_cents: 16999 },
  decline_reason: null,
  test: false,
  timeline: [
    { status: 'found', at: dayFromNow(-21), note: null },
    { status: 'filed', at: dayFromNow(-20), note: null },
    { status: 'approved', at: dayFromNow(-17), note: null },
    { status: 'paid', at: dayFromNow(-16), note: null },
  ],
  created_at: daysFromNow(-21),
  ...over,
})

export const overview = (over: Partial<OverviewReply> = {}): OverviewReply => ({
  orders: [order(1)],
  claims: [claim(5)],
  recovered_year_cents: 3000,
  linked: 1,
  checked_at: daysFromNow(-0.25),
  notice: null,
  ...over,
})

/** A parcel in transit whose expected day has passed (override expected_at for one still ahead). */
export const parcel = (orderId: number, over: Partial<Parcel> = {}): Parcel => ({
  order_id: orderId,
  merchant: 'Amazon',
  title: 'Running shoes',
  carrier: 'UPS',
  tracking_number: `1Z${orderId}`,
  status: 'in_transit',
  // expected two days ago and not delivered: overdue, so it may be reported missing
  expected_at: dayFromNow(-2),
  delivered_at: null,
  events: [
    { status: 'label_created', at: daysFromNow(-6), location: 'Seattle, WA' },
    { status: 'in_transit', at: daysFromNow(-4.5), location: 'Reno, NV' },
  ],
  claim: null,
  ...over,
})
