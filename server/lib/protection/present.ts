import type {
  Claim,
  ClaimKind,
  Evidence,
  LinkedAccount,
  Notice,
  ProviderId,
  WatchedOrder,
} from '../../../plugins/protection/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { isoOf, isoOrNull } from '../present.ts'
import type { Protection } from './setup.ts'

const DAY = 86_400_000

export interface LinkedRow {
  id: number
  provider: ProviderId
  account_email: string
  status: 'connected' | 'needs_attention'
  created_at: Date
  provider_account_id: string | null
  last_synced_at: Date | null
  sync_error_at: Date | null
  sync_error: string | null
}
export const LINKED_COLS =
  'id, provider, account_email, status, created_at, provider_account_id, last_synced_at, sync_error_at, sync_error'

export const toLinked = (r: LinkedRow, p: Protection): LinkedAccount => ({
  id: r.id,
  provider: r.provider,
  account_email: r.account_email,
  status: r.status,
  created_at: isoOf(r.created_at),
  last_synced_at: isoOrNull(r.last_synced_at),
  sync_error: r.sync_error_at
    ? { at: isoOf(r.sync_error_at), message: r.sync_error ?? 'The provider did not answer.' }
    : null,
  manage_url: r.provider_account_id && p.adapter ? p.adapter.manageUrl(r.provider_account_id) : null,
})

export const linkedOf = (db: Db, userId: number) =>
  db.query<LinkedRow>(`SELECT ${LINKED_COLS} FROM linked_accounts WHERE user_id = $1 ORDER BY id`, [userId])

export interface OrderRow {
  id: number
  provider: ProviderId
  kind: 'purchase' | 'hotel' | 'carrental'
  merchant: string
  title: string
  reference: string
  ordered_at: Date
  paid_cents: number
  current_cents: number | null
  shipping_cents: number
  promised_at: Date | null
  delivered_at: Date | null
  starts_at: Date | null
  ends_at: Date | null
  carrier: string | null
  tracking_number: string | null
  refundable: boolean
}
export const ORDER_COLS = `o.id, o.provider, o.kind, o.merchant, o.title, o.reference, o.ordered_at, o.paid_cents,
  o.current_cents, o.shipping_cents, o.promised_at, o.delivered_at, o.starts_at, o.ends_at, o.carrier,
  o.tracking_number, o.refundable`

/** The last day a lower price counts: priceWindowDays after a purchase, until a stay or rental starts. */
export const watchUntil = (o: Pick<OrderRow, 'kind' | 'ordered_at' | 'starts_at'>): Date =>
  o.kind === 'purchase' || !o.starts_at
    ? new Date(new Date(o.ordered_at).getTime() + constants.protection.priceWindowDays * DAY)
    : new Date(o.starts_at)

export const toOrder = (o: OrderRow): WatchedOrder => ({
  id: o.id,
  provider: o.provider,
  kind: o.kind,
  merchant: o.merchant,
  title: o.title,
  reference: o.reference,
  ordered_at: isoOf(o.ordered_at),
  paid_cents: o.paid_cents,
  current_cents: o.current_cents,
  watch_until: isoOf(watchUntil(o)),
  promised_at: isoOrNull(o.promised_at),
  delivered_at: isoOrNull(o.delivered_at),
  starts_at: isoOrNull(o.starts_at),
  ends_at: isoOrNull(o.ends_at),
  carrier: o.carrier,
  tracking_number: o.tracking_number,
})

interface ClaimRow {
  id: number
  kind: ClaimKind
  order_id: number | null
  merchant: string
  reference: string
  amount_cents: number
  status: Claim['status']
  evidence: Evidence
  decline_reason: string | null
  test: boolean
  created_at: Date
  timeline: { status: Claim['status']; at: string; note: string | null }[]
}

/** A member's claims (of one kind, or of some orders), newest first, each with its timeline. */
export async function claimsOf(
  db: Db,
  userId: number,
  where: { kind?: ClaimKind | undefined; orderIds?: number[]; ids?: number[] } = {},
): Promise<Claim[]> {
  const rows = await db.query<ClaimRow>(
    `SELECT c.id, c.kind, c.order_id, c.merchant, c.reference, c.amount_cents, c.status, c.evidence,
       c.decline_reason, c.created_at,
       EXISTS (SELECT 1 FROM ledger l WHERE l.source_ref = 'protection:' || c.id AND l.test) AS test,
       COALESCE((SELECT json_agg(json_build_object('status', e.status, 'at', e.at, 'note', e.note) ORDER BY e.at, e.id)
         FROM protection_claim_events e WHERE e.claim_id = c.id), '[]'::json) AS timeline
     FROM protection_claims c
     WHERE c.user_id = $1 AND ($2::text IS NULL OR c.kind = $2::text)
       AND ($3::int[] IS NULL OR c.order_id = ANY($3::int[])) AND ($4::int[] IS NULL OR c.id = ANY($4::int[]))
     ORDER BY c.created_at DESC, c.id DESC`,
    [userId, where.kind ?? null, where.orderIds ?? null, where.ids ?? null],
  )
  return rows.map((c) => ({
    id: c.id,
    kind: c.kind,
    order_id: c.order_id,
    merchant: c.merchant,
    reference: c.reference,
    amount_cents: c.amount_cents,
    status: c.status,
    evidence: evidenceOf(c.evidence),
    decline_reason: c.decline_reason,
    test: c.test === true,
    timeline: c.timeline.map((e) => ({ status: e.status, at: isoOf(e.at), note: e.note })),
    created_at: isoOf(c.created_at),
  }))
}

/** Older claims kept free-form details: only the evidence fields of the contract are shown. */
function evidenceOf(e: Record<string, unknown> | null): Evidence {
  const out: Evidence = {}
  if (!e) return out
  if (typeof e.old_cents === 'number') out.old_cents = e.old_cents
  if (typeof e.new_cents === 'number') out.new_cents = e.new_cents
  if (typeof e.promised_at === 'string') out.promised_at = e.promised_at
  if (typeof e.delivered_at === 'string' || e.delivered_at === null)
    out.delivered_at = e.delivered_at as string | null
  if (typeof e.last_status === 'string') out.last_status = e.last_status
  if (typeof e.last_seen_at === 'string') out.last_seen_at = e.last_seen_at
  return out
}

/** What every protection page shows besides its list: linked count, last check, the outage notice, paid this year. */
export async function pageFacts(db: Db, userId: number, kind: ClaimKind) {
  const f = await db.one<{ linked: number; checked_at: Date | null; recovered: number }>(
    `SELECT (SELECT count(*)::int FROM linked_accounts WHERE user_id = $1) AS linked,
       (SELECT max(last_synced_at) FROM linked_accounts WHERE user_id = $1) AS checked_at,
       (SELECT COALESCE(sum(amount_cents), 0)::int FROM protection_claims
         WHERE user_id = $1 AND kind = $2 AND status = 'paid' AND updated_at >= date_trunc('year', now())) AS recovered`,
    [userId, kind],
  )
  // a sync that failed after the last one that worked: the page shows the last known state
  const failing = await db.query<{ provider: ProviderId; since: Date }>(
    `SELECT provider, sync_error_at AS since FROM linked_accounts
     WHERE user_id = $1 AND sync_error_at IS NOT NULL AND (last_synced_at IS NULL OR sync_error_at > last_synced_at)
     ORDER BY sync_error_at`,
    [userId],
  )
  const notice: Notice = failing.length
    ? { providers: [...new Set(failing.map((x) => x.provider))], since: isoOf(failing[0]!.since) }
    : null
  return {
    linked: f!.linked,
    checked_at: isoOrNull(f!.checked_at),
    recovered_year_cents: f!.recovered,
    notice,
  }
}
