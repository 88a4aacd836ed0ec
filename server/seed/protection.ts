import type { Db } from '../db/index.ts'
import { DAY, iso } from './rows.ts'

/**
 * The demo member's protection pages: accounts linked before linking went through the provider (no
 * token, so "needs attention"), a few orders from them with parcel scans, and claims in several
 * statuses with their timelines (none paid: a paid claim has its ledger row, and the demo balances are fixed).
 * Dates are relative to now.
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
  const legacy = (provider: string) =>
    insert('linked_accounts', { user_id: uid, provider, account_email: email, status: 'needs_attention' })
  await legacy('doordash')
  await legacy('uber')
  const amazon = await legacy('amazon')
  const expedia = await legacy('expedia')

  const order = (o: Record<string, unknown>) =>
    insert('protection_orders', { user_id: uid, refundable: true, shipping_cents: 0, ...o })
  const headphones = await order({
    linked_account_id: amazon,
    provider: 'amazon',
    external_id: 'demo-amz-1',
    kind: 'purchase',
    merchant: 'Amazon',
    title: 'Noise-cancelling headphones',
    reference: 'AMA-55821',
    ordered_at: iso(now - 12 * DAY),
    paid_cents: 19999,
    current_cents: 17999,
    shipping_cents: 599,
    promised_at: iso(now - 8 * DAY),
    delivered_at: iso(now - 6 * DAY),
    carrier: 'UPS',
    tracking_number: '1Z999AA10123456784',
  })
  const lamp = await order({
    linked_account_id: amazon,
    provider: 'amazon',
    external_id: 'demo-amz-2',
    kind: 'purchase',
    merchant: 'Amazon',
    title: 'Desk lamp',
    reference: 'AMA-60417',
    ordered_at: iso(now - 14 * DAY),
    paid_cents: 3999,
    current_cents: 3999,
    promised_at: iso(now - 9 * DAY),
    carrier: 'USPS',
    tracking_number: '9400111899223344556677',
  })
  const hotel = await order({
    linked_account_id: expedia,
    provider: 'expedia',
    external_id: 'demo-exp-1',
    kind: 'hotel',
    merchant: 'Harbor View Hotel',
    title: 'Harbor View Hotel, 2 nights',
    reference: 'EXP-7781',
    ordered_at: iso(now - 10 * DAY),
    paid_cents: 42000,
    current_cents: 39500,
    starts_at: iso(now + 20 * DAY),
    ends_at: iso(now + 22 * DAY),
  })
  await order({
    linked_account_id: expedia,
    provider: 'expedia',
    external_id: 'demo-exp-2',
    kind: 'carrental',
    merchant: 'Coastline Car Rental',
    title: 'Compact car, 4 days',
    reference: 'EXP-7790',
    ordered_at: iso(now - 9 * DAY),
    paid_cents: 31600,
    current_cents: 31600,
    starts_at: iso(now + 35 * DAY),
    ends_at: iso(now + 39 * DAY),
    refundable: false,
  })
  const scans: [number, string, number, string | null][] = [
    [headphones, 'label_created', 12, null],
    [headphones, 'in_transit', 10, 'Louisville, KY'],
    [headphones, 'delivered', 6, 'Columbus, OH'],
    [lamp, 'label_created', 14, null],
    [lamp, 'in_transit', 13, 'Memphis, TN'],
    [lamp, 'exception', 11, 'Memphis, TN'],
  ]
  for (const [order_id, status, ago, location] of scans)
    await insert('parcel_events', { order_id, status, at: iso(now - ago * DAY), location })

  const claim = async (
    c: Record<string, unknown>,
    timeline: [status: string, daysAgo: number, note?: string][],
  ) => {
    const id = await insert('protection_claims', {
      user_id: uid,
      created_at: iso(now - timeline[0]![1] * DAY),
      updated_at: iso(now - timeline.at(-1)![1] * DAY),
      ...c,
      evidence: JSON.stringify(c.evidence),
    })
    for (const [status, ago, note] of timeline)
      await insert('protection_claim_events', {
        claim_id: id,
        status,
        at: iso(now - ago * DAY),
        note: note ?? null,
      })
  }
  await claim(
    {
      order_id: headphones,
      kind: 'price',
      merchant: 'Amazon',
      reference: 'AMA-55821',
      amount_cents: 2000,
      status: 'approved',
      evidence: { old_cents: 19999, new_cents: 17999 },
    },
    [
      ['found', 3],
      ['filed', 3],
      ['approved', 1],
    ],
  )
  await claim(
    {
      order_id: headphones,
      kind: 'shipping',
      merchant: 'Amazon',
      reference: 'AMA-55821',
      amount_cents: 599,
      status: 'filed',
      evidence: { promised_at: iso(now - 8 * DAY), delivered_at: iso(now - 6 * DAY) },
    },
    [
      ['found', 6],
      ['filed', 6],
    ],
  )
  await claim(
    {
      order_id: lamp,
      kind: 'package',
      merchant: 'Amazon',
      reference: 'AMA-60417',
      amount_cents: 3999,
      status: 'filed',
      evidence: { last_status: 'exception', last_seen_at: iso(now - 11 * DAY) },
    },
    [
      ['found', 2],
      ['filed', 2],
    ],
  )
  await claim(
    {
      order_id: hotel,
      kind: 'hotel',
      merchant: 'Harbor View Hotel',
      reference: 'EXP-7781',
      amount_cents: 2500,
      status: 'declined',
      decline_reason: 'The lower rate was for a different room type.',
      evidence: { old_cents: 42000, new_cents: 39500 },
    },
    [
      ['found', 4],
      ['filed', 4],
      ['declined', 2, 'The lower rate was for a different room type.'],
    ],
  )
}
