import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import networksJson from '../../config/networks.json'
import { type Network, type NetworksConfig, networksConfigSchema } from '../../src/config/schemas/networks.ts'
import type { Db } from '../db/index.ts'
import type { ConversionInput } from './cashback/conversions.ts'

/**
 * Affiliate networks (config/networks.json, issue 26): where cash back comes from. A network is on when
 * its secret is known (the environment variable its `secretEnv` names); the development network of this
 * server (development: true) when the stand-in flag is on, its secret then generated once and kept in
 * `settings` unless its variable is set.
 */
export const networksConfig: NetworksConfig = networksConfigSchema.parse(networksJson)
export type { Network }

export interface Networks {
  list: Network[]
  get(id: string): Network | undefined
  /** The network's secret, or undefined when it is off. */
  secret(id: string): string | undefined
  enabled(id: string): boolean
  /** The development network's id when it runs on this server, else undefined. */
  dev: string | undefined
}

/** The secrets named by config/networks.json, read from an environment. */
export function networkSecretsFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const n of networksConfig.networks) {
    const v = env[n.secretEnv]
    if (v) out[n.id] = v
  }
  return out
}

export async function loadNetworks(
  db: Db,
  opts: { secrets: Record<string, string>; devNetwork: boolean },
  list: Network[] = networksConfig.networks,
): Promise<Networks> {
  const secrets = new Map<string, string>()
  let dev: string | undefined
  for (const n of list) {
    if (n.development) {
      if (!opts.devNetwork) continue
      dev = n.id
      let secret = opts.secrets[n.id]
      if (!secret) {
        // like the JWT secret: generated once, the same for every process on this database
        const key = `network_secret_${n.id}`
        await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
          key,
          randomBytes(32).toString('base64url'),
        ])
        secret = (await db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]))!.value
      }
      secrets.set(n.id, secret)
    } else if (opts.secrets[n.id]) secrets.set(n.id, opts.secrets[n.id] as string)
  }
  const byId = new Map(list.map((n) => [n.id, n]))
  return {
    list,
    get: (id) => byId.get(id),
    secret: (id) => secrets.get(id),
    enabled: (id) => secrets.has(id),
    dev,
  }
}

/** Hex HMAC-SHA256 of a raw body (the hmac-sha256-body scheme). */
export function signBody(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}

/** Constant-time check of a hex signature over a raw body. */
export function bodySignatureOk(body: Buffer | string, secret: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-fA-F]{64}$/.test(given)) return false
  const want = Buffer.from(signBody(body, secret), 'hex')
  const got = Buffer.from(given.toLowerCase(), 'hex')
  return got.length === want.length && timingSafeEqual(got, want)
}

/** The largest amount taken (cents): a sale or commission of more than $20 million is a mistake. */
const MAX_CENTS = 2_000_000_000

/**
 * An amount as integer cents, exactly (no floating point): whole cents ("1999"), or decimal dollars
 * ("19.99", "19.9", "19", "1,234.50" is refused). More than two decimals round half up ("0.125" -> 13).
 * A leading minus (a network's correction row) is dropped: the conversion's status says it is reversed.
 * Undefined when it is not a number.
 */
export function parseCents(raw: string, unit: 'dollars' | 'cents'): number | undefined {
  const v = raw.trim().replace(/^[-+]/, '')
  let cents: number
  if (unit === 'cents') {
    if (!/^\d{1,10}$/.test(v)) return undefined
    cents = Number(v)
  } else {
    const m = /^(\d{1,8})(?:\.(\d*))?$/.exec(v)
    if (!m) return undefined
    const frac = m[2] ?? ''
    if (frac.length > 12) return undefined
    cents = Number(m[1]) * 100 + Number(`${frac}00`.slice(0, 2))
    if ((frac[2] ?? '0') >= '5') cents += 1
  }
  return cents <= MAX_CENTS ? cents : undefined
}

/** The event time: ISO 8601, or seconds since 1970 (decimals allowed). Undefined when not a time. */
export function parseEventTime(raw: string, kind: 'iso' | 'unix'): Date | undefined {
  const v = raw.trim()
  let d: Date
  if (kind === 'unix') {
    if (!/^\d{1,12}(\.\d+)?$/.test(v)) return undefined
    d = new Date(Math.round(Number(v) * 1000))
  } else {
    // a date, or a date and time (with or without a zone; without one, UTC)
    if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i.test(v))
      return undefined
    const zoned =
      /T|\s/.test(v) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(v) ? `${v.replace(' ', 'T')}Z` : v.replace(' ', 'T')
    d = new Date(zoned)
  }
  return Number.isNaN(d.getTime()) ? undefined : d
}

/** The conversion status a network's status means (case-insensitive), or undefined when unknown. */
export function statusOf(n: Network, raw: string): ConversionInput['status'] | undefined {
  const v = raw.trim().toLowerCase()
  for (const k of ['pending', 'confirmed', 'reversed'] as const)
    if (n.statuses[k].some((s) => s.toLowerCase() === v)) return k
  return undefined
}

export type ParseResult = { ok: true; input: ConversionInput } | { ok: false; code: string; message: string }

/** The names of a conversion's fields in a network's postback or report. */
export interface FieldNames {
  clickId: string
  orderId: string
  sale: string
  commission: string
  currency?: string | undefined
  status: string
  eventTime: string
  program?: string | undefined
}

/**
 * One conversion from a network's fields (postback parameters or a report row), or why it cannot be
 * one. The click id may be missing (the conversion is parked); so may the commission (0), the currency
 * (USD) and the event time (now).
 */
export function parseConversion(
  n: Network,
  get: (name: string) => string | undefined,
  names: FieldNames = n.fields,
  now: Date = new Date(),
): ParseResult {
  const bad = (code: string, message: string) => ({ ok: false as const, code, message })
  const orderId = get(names.orderId)?.trim()
  if (!orderId) return bad('missing_parameter', `The field ${names.orderId} is missing.`)
  if (orderId.length > 200) return bad('bad_order_id', 'The order id is too long.')
  const rawStatus = get(names.status)
  if (!rawStatus) return bad('missing_parameter', `The field ${names.status} is missing.`)
  const status = statusOf(n, rawStatus)
  if (!status) return bad('bad_status', `The status ${rawStatus.slice(0, 60)} is not one of this network's.`)
  const rawSale = get(names.sale)
  if (rawSale === undefined || rawSale === '')
    return bad('missing_parameter', `The field ${names.sale} is missing.`)
  const saleCents = parseCents(rawSale, n.amounts)
  if (saleCents === undefined) return bad('bad_amount', `The field ${names.sale} is not an amount.`)
  const rawCommission = get(names.commission)
  const commissionCents = rawCommission ? parseCents(rawCommission, n.amounts) : 0
  if (commissionCents === undefined)
    return bad('bad_amount', `The field ${names.commission} is not an amount.`)
  const rawTime = get(names.eventTime)
  const orderedAt = rawTime ? parseEventTime(rawTime, n.eventTime) : now
  if (!orderedAt) return bad('bad_time', `The field ${names.eventTime} is not a time.`)
  const currency = ((names.currency && get(names.currency)?.trim()) || 'USD').toUpperCase()
  if (!/^[A-Z]{3}$/.test(currency)) return bad('bad_currency', 'The currency is not an ISO 4217 code.')
  const clickId = get(names.clickId)?.trim() || null
  if (clickId && clickId.length > 100) return bad('bad_click_id', 'The click id is too long.')
  const program = (names.program && get(names.program)?.trim()) || null
  return {
    ok: true,
    input: {
      network: n.id,
      orderId,
      clickId,
      saleCents,
      commissionCents,
      currency,
      status,
      orderedAt,
      program: program ? program.slice(0, 200) : null,
    },
  }
}
