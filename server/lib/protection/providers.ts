import { z } from 'zod/mini'
import {
  type OrderKind,
  type ParcelStatus,
  type ProviderId,
  ProviderIds,
  type ProviderKind,
  ProviderKinds,
} from '../../../plugins/protection/contract.ts'
import providersJson from './providers.json'

/**
 * The providers a member can link: their own (brand) names and what kind of account each is
 * (providers.json; every provider of the contract, checked when the server loads it).
 */
export const PROVIDERS: Record<ProviderId, { name: string; kind: ProviderKind }> = z
  .record(z.enum(ProviderIds), z.object({ name: z.string(), kind: z.enum(ProviderKinds) }))
  .parse(providersJson)

/** An order as the provider reports it now (its current price or rate, delivery and parcel scans). */
export interface ProviderOrder {
  external_id: string
  kind: OrderKind
  merchant: string
  title: string
  reference: string
  ordered_at: string
  paid_cents: number
  current_cents: number | null
  shipping_cents: number
  promised_at: string | null
  delivered_at: string | null
  starts_at: string | null
  ends_at: string | null
  carrier: string | null
  tracking_number: string | null
  refundable: boolean
  parcel_events: { status: ParcelStatus; at: string; location: string | null }[]
}

export interface Snapshot {
  orders: ProviderOrder[]
  /** Why there is little to watch (delivery, rideshare and streaming accounts). */
  note?: string
}

export type Decision = { approved: true } | { approved: false; reason: string }

/**
 * Why a provider call failed: invalid_grant (a used, expired or unknown code), unauthorized (our
 * token was revoked or expired: the member links again), unavailable (an outage: try later).
 */
export class ProviderError extends Error {
  constructor(
    readonly code: 'invalid_grant' | 'unauthorized' | 'unavailable',
    message: string,
  ) {
    super(message)
  }
}

/** One outside service that serves linking for one or more providers. */
export interface ProviderAdapter {
  /** Its line in the start-up summary. */
  describe(): string
  /** A stand-in (the development provider): the refunds of the claims it approves are test money. */
  readonly test: boolean
  serves(provider: ProviderId): boolean
  /** The consent page the browser is sent to. */
  authorizeUrl(state: string, redirectUri: string, provider: ProviderId): string
  exchange(
    code: string,
    redirectUri: string,
  ): Promise<{ accessToken: string; accountId: string; accountEmail: string }>
  snapshot(accessToken: string): Promise<Snapshot>
  /** File a claim about one of the account's orders and get the provider's decision. */
  decide(
    accessToken: string,
    claim: { kind: string; external_id: string; amount_cents: number },
  ): Promise<Decision>
  revoke(accessToken: string): Promise<void>
  /** The member's account page at the provider, if it has one. */
  manageUrl(accountId: string): string | null
}
