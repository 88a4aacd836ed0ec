import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { attachConversion } from './conversions.ts'
import type { ConversionChange } from './hooks.ts'

/**
 * Missing cash back (issue 26 item 5): a member's claim of a purchase that did not track. Allowed from
 * constants.cashback.inquiryMinDaysAfterClick days after a click of that member at that store and within
 * inquiryMaxDaysAfterClick days of it; matched against parked conversions (same store's network and order
 * id, the sale and the order date within the constants' tolerances) when it is filed and whenever a
 * report parks conversions; otherwise it stays under review.
 */

const DAY_MS = 86_400_000
const C = constants.cashback
const M = constants.inquiryMatch

/** A Date's UTC day, YYYY-MM-DD. */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10)
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY_MS)

export type WindowRefusal =
  | { ok: false; code: 'no_click' }
  | { ok: false; code: 'too_soon'; date: string }
  | { ok: false; code: 'too_late'; date: string }
  | { ok: false; code: 'order_in_future' }
  | { ok: false; code: 'order_before_click'; date: string }

export interface ClickRow {
  id: string
  created_at: Date
}

/**
 * Whether an inquiry of an order on `orderedOn` (YYYY-MM-DD) may be filed `now`, given the member's
 * clicks at the store (newest first), and the click it is filed against: the latest click in the window
 * made no later than the order's day (with the date tolerance).
 */
export function inquiryWindow(
  clicks: ClickRow[],
  orderedOn: string,
  now = new Date(),
): { ok: true; clickId: string } | WindowRefusal {
  if (!clicks.length) return { ok: false, code: 'no_click' }
  const age = (c: ClickRow) => now.getTime() - new Date(c.created_at).getTime()
  const open = clicks.filter(
    (c) => age(c) >= C.inquiryMinDaysAfterClick * DAY_MS && age(c) <= C.inquiryMaxDaysAfterClick * DAY_MS,
  )
  if (!open.length) {
    const recent = clicks.filter((c) => age(c) < C.inquiryMinDaysAfterClick * DAY_MS)
    if (recent.length) {
      const first = recent.reduce((a, b) => (new Date(a.created_at) < new Date(b.created_at) ? a : b))
      return {
        ok: false,
        code: 'too_soon',
        date: dayOf(addDays(new Date(first.created_at), C.inquiryMinDaysAfterClick)),
      }
    }
    const last = clicks.reduce((a, b) => (new Date(a.created_at) > new Date(b.created_at) ? a : b))
    return {
      ok: false,
      code: 'too_late',
      date: dayOf(addDays(new Date(last.created_at), C.inquiryMaxDaysAfterClick)),
    }
  }
  const order = Date.parse(`${orderedOn}T00:00:00Z`)
  // a day ahead of UTC's today: a member east of Greenwich may already be on the next day
  if (order > Date.parse(`${dayOf(now)}T00:00:00Z`) + DAY_MS) return { ok: false, code: 'order_in_future' }
  const latestStart = order + (M.orderDateToleranceDays + 1) * DAY_MS
  const before = open
    .filter((c) => new Date(c.created_at).getTime() < latestStart)
    .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())
  if (!before.length) {
    const first = open.reduce((a, b) => (new Date(a.created_at) < new Date(b.created_at) ? a : b))
    return { ok: false, code: 'order_before_click', date: dayOf(new Date(first.created_at)) }
  }
  return { ok: true, clickId: before[0]!.id }
}

/** A member's clicks at a store, newest first (the window's input). */
export async function clicksAt(db: Db, userId: number, storeId: number): Promise<ClickRow[]> {
  return db.query<ClickRow>(
    `SELECT id, created_at FROM clicks WHERE user_id = $1 AND store_id = $2 ORDER BY created_at DESC LIMIT 500`,
    [userId, storeId],
  )
}

interface Candidate {
  inquiry_id: number
  conversion_id: number
  user_id: number
  click_id: string | null
}

/**
 * Matches open inquiries against parked conversions: all open ones, or those of the given parked
 * conversions (called after a postback or report that parked them) or of the given inquiries (called when
 * one is filed). A match attaches the conversion to the member (attachConversion, which books what its
 * status calls for) and marks the inquiry matched, in one transaction that holds the conversion's row
 * lock, so a parked conversion goes to one member only, the first to file. Returns the changes booked
 * (the caller passes them to afterCashbackChanges). A match that fails is logged and left under review
 * (the next report or filing tries again); the others go on.
 */
export async function matchInquiries(
  db: Db,
  opts: { conversionIds?: number[]; inquiryIds?: number[]; onError?: (e: unknown) => void } = {},
): Promise<ConversionChange[]> {
  if (opts.conversionIds && !opts.conversionIds.length) return []
  if (opts.inquiryIds && !opts.inquiryIds.length) return []
  const candidates = await db.query<Candidate>(
    `SELECT i.id AS inquiry_id, c.id AS conversion_id, i.user_id, i.click_id
     FROM cashback_inquiries i
     JOIN stores s ON s.id = i.store_id
     JOIN conversions c ON c.parked AND c.network = s.network AND c.order_id = i.order_id
     WHERE i.status = 'under_review'
       AND ($1::int[] IS NULL OR c.id = ANY($1::int[]))
       AND ($2::int[] IS NULL OR i.id = ANY($2::int[]))
       AND abs(c.sale_cents - i.amount_cents) <= greatest($3::int, ceil(c.sale_cents * $4::numeric / 100))
       AND abs((c.ordered_at AT TIME ZONE 'UTC')::date - i.ordered_on) <= $5::int
     ORDER BY i.created_at, i.id, c.id`,
    [
      opts.conversionIds ?? null,
      opts.inquiryIds ?? null,
      M.amountToleranceCents,
      M.amountTolerancePercent,
      M.orderDateToleranceDays,
    ],
  )
  const changes: ConversionChange[] = []
  const usedConversions = new Set<number>()
  const matchedInquiries = new Set<number>()
  for (const m of candidates) {
    if (usedConversions.has(m.conversion_id) || matchedInquiries.has(m.inquiry_id)) continue
    try {
      const booked = await db.transaction(async (tx) => {
        // the conversion's row lock first: of two members claiming one order, one attaches it
        const conv = await tx.one('SELECT id FROM conversions WHERE id = $1 AND parked FOR UPDATE', [
          m.conversion_id,
        ])
        if (!conv) return 'conversion_gone' as const
        const inq = await tx.one(
          `SELECT id FROM cashback_inquiries WHERE id = $1 AND status = 'under_review' FOR UPDATE`,
          [m.inquiry_id],
        )
        if (!inq) return 'inquiry_gone' as const
        const out = await attachConversion(tx, m.conversion_id, m.user_id, m.click_id)
        await tx.query(
          `UPDATE cashback_inquiries SET status = 'matched', conversion_id = $2, matched_at = now() WHERE id = $1`,
          [m.inquiry_id, m.conversion_id],
        )
        return out
      })
      if (booked !== 'inquiry_gone') usedConversions.add(m.conversion_id)
      if (booked !== 'conversion_gone') matchedInquiries.add(m.inquiry_id)
      if (Array.isArray(booked)) changes.push(...booked)
    } catch (e) {
      ;(opts.onError ?? ((err: unknown) => console.error('matchInquiries: a match failed', err)))(e)
    }
  }
  return changes
}
