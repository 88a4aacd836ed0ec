import type { Db } from '../db/index.ts'
import data from './demo-protection.json'
import { DAY, iso } from './rows.ts'

/**
 * The demo member's protection pages (demo-protection.json): accounts linked before linking went
 * through the provider (no token, so "needs attention"), a few orders from them with parcel scans, and
 * claims in several statuses with their timelines (none paid: a paid claim has its ledger row, and the
 * demo balances are fixed). A claim's merchant and reference are its order's. Dates are relative to
 * now: each number of an `at` or `…_at` field is days from it (negative: before).
 */
export async function seedDemoProtection(db: Db, uid: number, email: string, now = Date.now()) {
  const insert = async (table: string, row: Record<string, unknown>) => {
    const cols = Object.keys(row)
    const r = await db.one<{ id: number }>(
      `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(row),
    )
    return r!.id
  }
  const dated = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        /(^|_)at$/.test(k) && typeof v === 'number' ? iso(now + v * DAY) : v,
      ]),
    )

  const accounts = new Map<string, number>()
  for (const provider of data.linked)
    accounts.set(
      provider,
      await insert('linked_accounts', {
        user_id: uid,
        provider,
        account_email: email,
        status: 'needs_attention',
      }),
    )
  const orders = new Map<string, { id: number; merchant: string; reference: string }>()
  for (const { parcel_events, ...o } of data.orders) {
    const id = await insert('protection_orders', {
      user_id: uid,
      linked_account_id: accounts.get(o.provider),
      refundable: true,
      shipping_cents: 0,
      ...dated(o),
    })
    orders.set(o.external_id, { id, merchant: o.merchant, reference: o.reference })
  }
  for (const o of data.orders)
    for (const e of o.parcel_events)
      await insert('parcel_events', { order_id: orders.get(o.external_id)?.id, ...dated(e) })

  for (const { order, evidence, timeline, ...c } of data.claims) {
    const { id: order_id, merchant, reference } = orders.get(order)!
    const events = timeline.map(dated)
    const id = await insert('protection_claims', {
      user_id: uid,
      created_at: events[0]!.at,
      updated_at: events.at(-1)!.at,
      order_id,
      merchant,
      reference,
      ...c,
      evidence: JSON.stringify(dated(evidence)),
    })
    for (const e of events) await insert('protection_claim_events', { claim_id: id, note: null, ...e })
  }
}
