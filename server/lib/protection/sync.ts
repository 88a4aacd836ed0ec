import type { Db } from '../../db/index.ts'
import { ProviderError, type ProviderOrder } from './providers.ts'
import type { Protection } from './setup.ts'

export interface SyncTarget {
  id: number
  user_id: number
  provider: string
  token_ciphertext: string
}

/** The connected accounts to read (one member's, or everyone's). */
export const syncTargets = (db: Db, userId?: number) =>
  db.query<SyncTarget>(
    `SELECT id, user_id, provider, token_ciphertext FROM linked_accounts
     WHERE status = 'connected' AND token_ciphertext IS NOT NULL AND ($1::int IS NULL OR user_id = $1)
     ORDER BY id`,
    [userId ?? null],
  )

export type SyncResult = 'ok' | 'failed' | 'revoked'

/**
 * Reads one linked account at its provider and stores what it says. The provider is called outside
 * any transaction (PGlite has one connection: a transaction held during the call would block every
 * request). An outage keeps the last known rows and records the error; a refused token marks the
 * account needs_attention.
 */
export async function syncAccount(db: Db, p: Protection, a: SyncTarget): Promise<SyncResult> {
  if (!p.adapter || !p.cipher) return 'failed'
  let orders: ProviderOrder[]
  try {
    orders = (await p.adapter.snapshot(p.cipher.decrypt(a.token_ciphertext))).orders
  } catch (e) {
    if (e instanceof ProviderError && e.code === 'unauthorized') {
      await db.query(`UPDATE linked_accounts SET status = 'needs_attention' WHERE id = $1`, [a.id])
      return 'revoked'
    }
    const message = e instanceof ProviderError ? e.message : 'The provider did not answer.'
    await db.query('UPDATE linked_accounts SET sync_error_at = now(), sync_error = $2 WHERE id = $1', [
      a.id,
      message,
    ])
    return 'failed'
  }
  for (const o of orders) await upsertOrder(db, a, o)
  await db.query(
    'UPDATE linked_accounts SET last_synced_at = now(), sync_error_at = NULL, sync_error = NULL WHERE id = $1',
    [a.id],
  )
  return 'ok'
}

async function upsertOrder(db: Db, a: SyncTarget, o: ProviderOrder) {
  const row = await db.one<{ id: number }>(
    `INSERT INTO protection_orders (user_id, linked_account_id, provider, external_id, kind, merchant, title, reference,
       ordered_at, paid_cents, current_cents, shipping_cents, promised_at, delivered_at, starts_at, ends_at, carrier,
       tracking_number, refundable)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
     ON CONFLICT (provider, external_id) DO UPDATE SET linked_account_id = EXCLUDED.linked_account_id,
       title = EXCLUDED.title, ordered_at = EXCLUDED.ordered_at, current_cents = EXCLUDED.current_cents,
       promised_at = EXCLUDED.promised_at, delivered_at = EXCLUDED.delivered_at, starts_at = EXCLUDED.starts_at,
       ends_at = EXCLUDED.ends_at, carrier = EXCLUDED.carrier, tracking_number = EXCLUDED.tracking_number,
       refundable = EXCLUDED.refundable, updated_at = now()
     WHERE protection_orders.user_id = EXCLUDED.user_id
     RETURNING id`,
    [
      a.user_id,
      a.id,
      a.provider,
      o.external_id,
      o.kind,
      o.merchant,
      o.title,
      o.reference,
      o.ordered_at,
      o.paid_cents,
      o.current_cents,
      o.shipping_cents,
      o.promised_at,
      o.delivered_at,
      o.starts_at,
      o.ends_at,
      o.carrier,
      o.tracking_number,
      o.refundable,
    ],
  )
  if (!row) return // the order belongs to another member's history (the account changed hands): leave it
  for (const e of o.parcel_events)
    await db.query(
      `INSERT INTO parcel_events (order_id, status, at, location) VALUES ($1, $2, $3, $4)
       ON CONFLICT (order_id, status, at) DO NOTHING`,
      [row.id, e.status, e.at, e.location],
    )
  // scans the carrier no longer reports (a rewritten history) are dropped
  await db.query(
    `DELETE FROM parcel_events WHERE order_id = $1
       AND NOT (status, at) IN (SELECT x.status, x.at FROM unnest($2::text[], $3::timestamptz[]) AS x(status, at))`,
    [row.id, o.parcel_events.map((e) => e.status), o.parcel_events.map((e) => e.at)],
  )
}
