import { createHash, randomBytes } from 'node:crypto'
import type { ProviderId } from '../../../plugins/protection/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { type Decision, PROVIDERS, ProviderError, type ProviderOrder, type Snapshot } from './providers.ts'

/**
 * The development provider's data and behaviour ("another site": its own tables, dev_provider_*).
 * The HTML pages (server/dev-provider.ts) and the server's dev adapter both call these functions; the
 * tests call them to stage events and to script an order stream.
 */

const DAY = 86_400_000
const CODE_MINUTES = 5
const rand = (n = 24) => randomBytes(n).toString('base64url')
const hash = (code: string) => createHash('sha256').update(code).digest('hex')
const iso = (ms: number) => new Date(ms).toISOString()

export interface DevAccount {
  id: string
  provider: ProviderId
  email: string
  orders: ProviderOrder[]
  outage: boolean
}

const RETAIL_ITEMS: Record<string, [string, number][]> = {
  amazon: [
    ['Noise-cancelling headphones', 19999],
    ['Stainless steel water bottle', 2499],
    ['Robot vacuum', 27999],
  ],
  walmart: [
    ['Air fryer, 6 quart', 8900],
    ['Bath towel set', 3497],
    ['Smart TV, 50 inch', 29800],
  ],
  target: [
    ['Desk lamp', 3999],
    ['Throw blanket', 2500],
    ['Coffee maker', 7999],
  ],
  bestbuy: [
    ['Wireless earbuds', 12999],
    ['USB-C charger', 3999],
    ['Laptop, 14 inch', 84999],
  ],
}

/** The order stream of a new account, dated from `now`. */
export function initialOrders(provider: ProviderId, now = Date.now()): ProviderOrder[] {
  const name = PROVIDERS[provider].name
  const ref = () => `${provider.slice(0, 3).toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`
  const base = { current_cents: null, starts_at: null, ends_at: null, refundable: true, parcel_events: [] }
  if (provider === 'expedia')
    return [
      {
        ...base,
        external_id: rand(9),
        kind: 'hotel',
        merchant: 'Harbor View Hotel',
        title: 'Harbor View Hotel, 2 nights',
        reference: ref(),
        ordered_at: iso(now - 5 * DAY),
        paid_cents: 42000,
        current_cents: 42000,
        shipping_cents: 0,
        promised_at: null,
        delivered_at: null,
        starts_at: iso(now + 30 * DAY),
        ends_at: iso(now + 32 * DAY),
        carrier: null,
        tracking_number: null,
      },
      {
        ...base,
        external_id: rand(9),
        kind: 'carrental',
        merchant: 'Coastline Car Rental',
        title: 'Compact car, 4 days',
        reference: ref(),
        ordered_at: iso(now - 3 * DAY),
        paid_cents: 31600,
        current_cents: 31600,
        shipping_cents: 0,
        promised_at: null,
        delivered_at: null,
        starts_at: iso(now + 45 * DAY),
        ends_at: iso(now + 49 * DAY),
        carrier: null,
        tracking_number: null,
        refundable: false,
      },
    ]
  const items = RETAIL_ITEMS[provider]
  if (!items) return []
  const [a, b, c] = items as [[string, number], [string, number], [string, number]]
  const purchase = (item: [string, number], orderedAgo: number, carrier: string, shipping: number) => ({
    ...base,
    external_id: rand(9),
    kind: 'purchase' as const,
    merchant: name,
    title: item[0],
    reference: ref(),
    ordered_at: iso(now - orderedAgo),
    paid_cents: item[1],
    current_cents: item[1],
    shipping_cents: shipping,
    delivered_at: null,
    carrier,
    tracking_number: `${carrier === 'UPS' ? '1Z' : ''}${randomBytes(8).toString('hex').toUpperCase()}`,
  })
  return [
    {
      ...purchase(a, 20 * DAY, 'UPS', 599),
      promised_at: iso(now - 15 * DAY),
      delivered_at: iso(now - 16 * DAY),
      parcel_events: [
        { status: 'label_created', at: iso(now - 20 * DAY), location: null },
        { status: 'in_transit', at: iso(now - 18 * DAY), location: 'Louisville, KY' },
        { status: 'out_for_delivery', at: iso(now - 16 * DAY - 6 * 3_600_000), location: 'Columbus, OH' },
        { status: 'delivered', at: iso(now - 16 * DAY), location: 'Columbus, OH' },
      ],
    },
    {
      ...purchase(b, 4 * DAY, 'USPS', 0),
      promised_at: iso(now + 2 * DAY),
      parcel_events: [
        { status: 'label_created', at: iso(now - 4 * DAY), location: null },
        { status: 'in_transit', at: iso(now - 3 * DAY), location: 'Memphis, TN' },
        { status: 'in_transit', at: iso(now - DAY), location: 'Nashville, TN' },
      ],
    },
    {
      ...purchase(c, 2 * 3_600_000, 'FedEx', 799),
      promised_at: iso(now + 5 * DAY),
      parcel_events: [{ status: 'label_created', at: iso(now - 3_600_000), location: null }],
    },
  ]
}

type AccountRow = Omit<DevAccount, 'orders'> & { orders: ProviderOrder[] }
const ACCOUNT_COLS = 'id, provider, email, orders, outage'

export const devAccount = (db: Db, id: string) =>
  db.one<AccountRow>(`SELECT ${ACCOUNT_COLS} FROM dev_provider_accounts WHERE id = $1`, [id])

/** The account of that e-mail at that provider (created with its order stream on the first consent). */
export async function ensureAccount(db: Db, provider: ProviderId, email: string): Promise<DevAccount> {
  await db.query(
    `INSERT INTO dev_provider_accounts (id, provider, email, orders) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (provider, email) DO NOTHING`,
    [rand(), provider, email.toLowerCase(), JSON.stringify(initialOrders(provider))],
  )
  return (await db.one<AccountRow>(
    `SELECT ${ACCOUNT_COLS} FROM dev_provider_accounts WHERE provider = $1 AND email = $2`,
    [provider, email.toLowerCase()],
  ))!
}

/** A one-time authorization code (kept hashed), valid for a few minutes for that redirect address only. */
export async function createCode(db: Db, accountId: string, redirectUri: string): Promise<string> {
  const code = rand(32)
  await db.query(
    `INSERT INTO dev_provider_codes (code_hash, account_id, redirect_uri, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [hash(code), accountId, redirectUri, CODE_MINUTES],
  )
  return code
}

export async function exchangeCode(db: Db, code: string, redirectUri: string) {
  const acc = await db.one<{ account_id: string; email: string }>(
    `UPDATE dev_provider_codes c SET used_at = now() FROM dev_provider_accounts a
     WHERE c.code_hash = $1 AND c.used_at IS NULL AND c.expires_at > now() AND c.redirect_uri = $2
       AND a.id = c.account_id
     RETURNING c.account_id, a.email`,
    [hash(code), redirectUri],
  )
  if (!acc) throw new ProviderError('invalid_grant', 'The authorization code is unknown, expired or used.')
  const token = rand(32)
  await db.query('INSERT INTO dev_provider_tokens (token, account_id) VALUES ($1, $2)', [
    token,
    acc.account_id,
  ])
  return { accessToken: token, accountId: acc.account_id, accountEmail: acc.email }
}

async function accountOfToken(db: Db, token: string): Promise<AccountRow> {
  const a = await db.one<AccountRow>(
    `SELECT a.id, a.provider, a.email, a.orders, a.outage FROM dev_provider_tokens t
     JOIN dev_provider_accounts a ON a.id = t.account_id WHERE t.token = $1 AND t.revoked_at IS NULL`,
    [token],
  )
  if (!a) throw new ProviderError('unauthorized', 'The access token was revoked or is unknown.')
  if (a.outage)
    throw new ProviderError('unavailable', `${PROVIDERS[a.provider].name} is not answering right now.`)
  return a
}

export async function snapshotOf(db: Db, token: string): Promise<Snapshot> {
  const a = await accountOfToken(db, token)
  const kind = PROVIDERS[a.provider].kind
  if (kind === 'retailer' || kind === 'travel') return { orders: a.orders }
  return {
    orders: [],
    note: `${PROVIDERS[a.provider].name} ${kind} orders have no price, delivery or parcel to watch.`,
  }
}

export const NON_REFUNDABLE = 'Non-refundable rate: the booking cannot be rebooked at the lower rate.'

export async function decideClaim(
  db: Db,
  token: string,
  claim: { kind: string; external_id: string },
): Promise<Decision> {
  const a = await accountOfToken(db, token)
  const order = a.orders.find((o) => o.external_id === claim.external_id)
  if (!order) return { approved: false, reason: 'We could not find that order on this account.' }
  if ((claim.kind === 'hotel' || claim.kind === 'carrental') && !order.refundable)
    return { approved: false, reason: NON_REFUNDABLE }
  return { approved: true }
}

export async function revokeToken(db: Db, token: string) {
  await db.query(
    'UPDATE dev_provider_tokens SET revoked_at = now() WHERE token = $1 AND revoked_at IS NULL',
    [token],
  )
}

/** Replace an account's order stream (tests script one). */
export async function setOrders(db: Db, accountId: string, orders: ProviderOrder[]) {
  await db.query('UPDATE dev_provider_accounts SET orders = $2::jsonb WHERE id = $1', [
    accountId,
    JSON.stringify(orders),
  ])
}

export const DEV_EVENTS = [
  'drop_price',
  'late_delivery',
  'lose_parcel',
  'outage_start',
  'outage_end',
] as const
export type DevEvent = (typeof DEV_EVENTS)[number]

/** What the account page's buttons do; the same for tests. Returns false when there was nothing to change. */
export async function stageEvent(
  db: Db,
  accountId: string,
  event: DevEvent,
  now = Date.now(),
): Promise<boolean> {
  const a = await devAccount(db, accountId)
  if (!a) return false
  if (event === 'outage_start' || event === 'outage_end') {
    await db.query('UPDATE dev_provider_accounts SET outage = $2 WHERE id = $1', [
      accountId,
      event === 'outage_start',
    ])
    return true
  }
  const orders = a.orders
  const purchases = orders.filter((o) => o.kind === 'purchase')
  const newest = (list: ProviderOrder[]) =>
    [...list].sort((x, y) => Date.parse(y.ordered_at) - Date.parse(x.ordered_at))[0]
  const undelivered = purchases.filter((o) => !o.delivered_at)
  let changed: ProviderOrder[] = []
  if (event === 'drop_price') {
    changed =
      a.provider === 'expedia'
        ? orders.filter((o) => o.kind !== 'purchase')
        : [newest(purchases)].filter((o) => !!o)
    for (const o of changed) o.current_cents = Math.round((o.current_cents ?? o.paid_cents) * 0.85)
  } else if (event === 'late_delivery') {
    const o =
      undelivered.find((x) => x.parcel_events.some((e) => e.status === 'in_transit')) ?? undelivered[0]
    if (o) {
      o.promised_at = iso(now - DAY)
      changed = [o]
    }
  } else if (event === 'lose_parcel') {
    const o = newest(undelivered)
    if (o) {
      const t0 = now - (constants.protection.parcelLostDays + 3) * DAY
      o.ordered_at = iso(t0)
      o.promised_at = iso(now + DAY)
      o.parcel_events = [
        { status: 'label_created', at: iso(t0 + 2 * 3_600_000), location: null },
        { status: 'in_transit', at: iso(t0 + DAY), location: 'Indianapolis, IN' },
        { status: 'exception', at: iso(t0 + 2 * DAY), location: 'Indianapolis, IN' },
      ]
      changed = [o]
    }
  }
  if (!changed.length) return false
  await setOrders(db, accountId, orders)
  return true
}
