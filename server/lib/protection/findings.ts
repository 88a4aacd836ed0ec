import type { ClaimKind, Evidence } from '../../../plugins/protection/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { ORDER_COLS, type OrderRow, watchUntil } from './present.ts'

const DAY = 86_400_000

interface Candidate extends OrderRow {
  user_id: number
  last_status: string | null
  last_seen_at: Date | null
}

export interface Finding {
  userId: number
  orderId: number
  kind: ClaimKind
  merchant: string
  reference: string
  amount: number
  evidence: Evidence
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null)

/** What one order of a linked account is owed, by the rules of constants.protection. */
export function findingsOf(o: Candidate, now: Date): Finding[] {
  const t = now.getTime()
  const out: Finding[] = []
  const add = (kind: ClaimKind, amount: number, evidence: Evidence) =>
    amount > 0 &&
    out.push({
      userId: o.user_id,
      orderId: o.id,
      kind,
      merchant: o.merchant,
      reference: o.reference,
      amount,
      evidence,
    })
  const cheaper = o.current_cents != null && o.current_cents < o.paid_cents
  if (o.kind === 'purchase') {
    if (cheaper && t <= watchUntil(o).getTime())
      add('price', o.paid_cents - o.current_cents!, { old_cents: o.paid_cents, new_cents: o.current_cents! })
    const promised = o.promised_at ? new Date(o.promised_at).getTime() : null
    const delivered = o.delivered_at ? new Date(o.delivered_at).getTime() : null
    if (promised != null && (delivered != null ? delivered > promised : promised < t))
      add(
        'shipping',
        o.shipping_cents > 0 ? o.shipping_cents : constants.protection.lateDeliveryCreditCents,
        {
          promised_at: iso(o.promised_at)!,
          delivered_at: iso(o.delivered_at),
        },
      )
    const lastSeen = new Date(o.last_seen_at ?? o.ordered_at)
    if (
      delivered == null &&
      o.tracking_number &&
      (o.last_status === 'lost' ||
        o.last_status === 'exception' ||
        t - lastSeen.getTime() > constants.protection.parcelLostDays * DAY)
    )
      add('package', o.paid_cents, {
        last_status: o.last_status ?? 'label_created',
        last_seen_at: lastSeen.toISOString(),
      })
  } else if (cheaper && (!o.starts_at || t < new Date(o.starts_at).getTime())) {
    add(o.kind, o.paid_cents - o.current_cents!, { old_cents: o.paid_cents, new_cents: o.current_cents! })
  }
  return out
}

/** Orders that may still be owed something (recent, or not delivered), with their last parcel scan. */
export const candidates = (db: Db, userId: number | undefined, now: Date) =>
  db.query<Candidate>(
    `SELECT ${ORDER_COLS}, o.user_id,
       (SELECT e.status FROM parcel_events e WHERE e.order_id = o.id ORDER BY e.at DESC, e.id DESC LIMIT 1) AS last_status,
       (SELECT max(e.at) FROM parcel_events e WHERE e.order_id = o.id) AS last_seen_at
     FROM protection_orders o
     WHERE ($1::int IS NULL OR o.user_id = $1)
       AND (o.ordered_at > $2::timestamptz - make_interval(days => $3) OR o.delivered_at IS NULL
            OR o.starts_at > $2::timestamptz)
     ORDER BY o.id`,
    [userId ?? null, now.toISOString(), constants.protection.priceWindowDays * 2],
  )

/**
 * Files a finding once (UNIQUE (order_id, kind)): the claim and its first two timeline events in one
 * transaction. The claims on one order never total more than its amount: the order row is locked
 * (FOR UPDATE, so claims of one order are filed one after another on any number of servers) and the
 * claim is capped at the order amount less every earlier claim on it that was not declined; nothing
 * is filed when nothing is left. Returns the new claim's id, or undefined when it was filed before or
 * nothing is left (`leftOnOrder` tells which).
 */
export async function fileFinding(
  db: Db,
  f: Finding,
  now: Date,
  note: string | null = null,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const left = await leftOnOrder(tx, f.orderId, true)
    const amount = Math.min(f.amount, left)
    if (!(amount > 0)) return undefined
    const row = await tx.one<{ id: number }>(
      `INSERT INTO protection_claims (user_id, order_id, kind, merchant, reference, amount_cents, status, evidence,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'filed', $7::jsonb, $8, $8)
       ON CONFLICT (order_id, kind) DO NOTHING RETURNING id`,
      [
        f.userId,
        f.orderId,
        f.kind,
        f.merchant,
        f.reference,
        amount,
        JSON.stringify(f.evidence),
        now.toISOString(),
      ],
    )
    if (!row) return undefined
    await tx.query(
      `INSERT INTO protection_claim_events (claim_id, status, at, note) VALUES ($1, 'found', $2, NULL), ($1, 'filed', $2, $3)`,
      [row.id, now.toISOString(), note],
    )
    return row.id
  })
}

/**
 * What is left of an order's amount for new claims: its paid amount less every claim on it that was
 * not declined (filed, approved or paid). `lock`: inside a transaction, lock the order row first.
 */
export async function leftOnOrder(db: Db, orderId: number, lock = false): Promise<number> {
  const o = await db.one<{ paid_cents: number }>(
    `SELECT paid_cents FROM protection_orders WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  )
  if (!o) return 0
  const used = await db.one<{ n: number }>(
    `SELECT COALESCE(sum(amount_cents), 0)::int AS n FROM protection_claims WHERE order_id = $1 AND status <> 'declined'`,
    [orderId],
  )
  return o.paid_cents - used!.n
}
