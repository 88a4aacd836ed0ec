import type {
  ReviewClaim,
  ReviewInquiry,
  ReviewPayout,
  ReviewProtectionClaim,
  UnsettledWhy,
} from '../../../plugins/staff/queues/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import type { Services } from '../../services.ts'
import { attachConversion } from '../cashback/conversions.ts'
import type { ConversionChange } from '../cashback/hooks.ts'
import { clicksAt } from '../cashback/inquiries.ts'
import { afterCashbackChanges } from '../cashback/notify.ts'
import { fail, type HttpError } from '../http.ts'
import { book } from '../ledger.ts'
import { mailTexts } from '../member-mail.ts'
import { approvePayout, rejectPayout } from '../payouts.ts'
import { isoOf } from '../present.ts'
import { approveClaim, CAPS, type Decision, rejectClaim, usedOf } from '../rebate-claims.ts'
import { audit } from './audit.ts'
import type { StaffUser } from './session.ts'

/**
 * The staff queues (issue 28): what waits for a person and each decision on it. A decision is one
 * transaction holding the change, the member's notice and the audit row; it is made once (a conditional
 * change of the item's status: of any number of concurrent calls one wins, the others answer 409
 * already_decided); money moves through book() with a unique source reference.
 */

const LIST_MAX = 200
const M = constants.inquiryMatch

const alreadyDecided = () =>
  fail(409, 'status', 'This was decided already: reload the queue.', 'already_decided')
const notFound = () => fail(404, 'id', 'There is no such item.', 'not_found')

/** The services with the transaction as their database: the existing decisions then run inside it. */
const within = (s: Services, tx: Db): Services => ({ ...s, db: tx })

interface MemberCols {
  user_id: number
  email: string
  user_name: string | null
}
const member = (r: MemberCols) => ({ id: r.user_id, email: r.email, name: r.user_name || null })

/** A notification in English (the notifications page writes it in the member's language from kind and params). */
async function notify(db: Db, userId: number, kind: string, params: Record<string, string | number>) {
  const t = (await mailTexts())('en')
  const vars = {
    ...params,
    amount: typeof params.amount_cents === 'number' ? `$${(params.amount_cents / 100).toFixed(2)}` : '',
  }
  await db.query(
    'INSERT INTO notifications (user_id, title, body, kind, params) VALUES ($1, $2, $3, $4, $5::jsonb)',
    [userId, t(`notice.${kind}.title`, vars), t(`notice.${kind}.body`, vars), kind, JSON.stringify(params)],
  )
}

// ---------------------------------------------------------------- payouts

export async function payoutsInReview(db: Db): Promise<ReviewPayout[]> {
  const rows = await db.query<
    MemberCols & {
      id: number
      kind: 'cash' | 'coin'
      amount: number
      value_cents: number
      method: string
      destination: string
      test: boolean
      created_at: Date
    }
  >(
    `SELECT w.id, w.user_id, u.email, u.name AS user_name, w.kind, w.amount, w.value_cents, w.method,
       w.destination, w.test, w.created_at
     FROM withdrawals w JOIN users u ON u.id = w.user_id
     WHERE w.status = 'review' ORDER BY w.created_at, w.id LIMIT ${LIST_MAX}`,
  )
  return rows.map((r) => ({
    id: r.id,
    member: member(r),
    kind: r.kind,
    amount: r.amount,
    value_cents: r.value_cents,
    method: r.method,
    destination: r.destination,
    test: r.test,
    created_at: isoOf(r.created_at),
  }))
}

/**
 * A payout in review approved (sent by scheduled work) or rejected (its money back in the balance,
 * the member told by a notification and a mail): server/lib/payouts.ts, inside this transaction.
 */
export async function decidePayout(
  s: Services,
  staff: StaffUser,
  id: number,
  d: { approve: true; note: string } | { approve: false; reason: string },
): Promise<'sending' | 'rejected'> {
  const uid = await s.db.transaction(async (tx) => {
    const w = await tx.one<{ user_id: number; status: string; value_cents: number }>(
      'SELECT user_id, status, value_cents FROM withdrawals WHERE id = $1',
      [id],
    )
    if (!w) throw notFound()
    const done = d.approve
      ? await approvePayout(within(s, tx), id, d.note)
      : await rejectPayout(within(s, tx), id, d.reason)
    if (!done) throw alreadyDecided()
    const status = d.approve ? 'sending' : 'rejected'
    await tx.query('UPDATE withdrawals SET decided_by = $2, decided_at = now() WHERE id = $1', [id, staff.id])
    await audit(
      tx,
      staff,
      d.approve ? 'payout.approve' : 'payout.reject',
      `withdrawal:${id}`,
      { status: 'review', value_cents: w.value_cents },
      d.approve ? { status, note: d.note } : { status, reason: d.reason },
    )
    return w.user_id
  })
  s.sessions.forget(uid)
  return d.approve ? 'sending' : 'rejected'
}

// ---------------------------------------------------------------- rebate claims

export async function claimsInReview(db: Db): Promise<ReviewClaim[]> {
  const rows = await db.query<
    MemberCols & {
      id: number
      benefit_type: string
      order_number: string
      order_date: string
      amount_cents: number
      receipt_type: string
      created_at: Date
    }
  >(
    `SELECT c.id, c.user_id, u.email, u.name AS user_name, c.benefit_type, c.order_number,
       to_char(c.order_date, 'YYYY-MM-DD') AS order_date, c.amount_cents, c.receipt_type, c.created_at
     FROM rebate_claims c JOIN users u ON u.id = c.user_id
     WHERE c.status = 'in_review' ORDER BY c.created_at, c.id LIMIT ${LIST_MAX}`,
  )
  const out: ReviewClaim[] = []
  for (const r of rows) {
    const cap = CAPS[r.benefit_type as keyof typeof CAPS]
    // what the member's other live claims of the benefit use of its cap in the claim's month, as approveClaim counts it
    const left =
      cap === undefined
        ? null
        : Math.max(0, cap - (await usedOf(db, r.user_id, r.benefit_type, isoOf(r.created_at), r.id)))
    out.push({
      id: r.id,
      member: member(r),
      benefit_type: r.benefit_type,
      order_number: r.order_number,
      order_date: r.order_date,
      amount_cents: r.amount_cents,
      receipt_type: r.receipt_type,
      created_at: isoOf(r.created_at),
      left_cents: left,
      max_cents: left === null ? r.amount_cents : Math.min(r.amount_cents, left),
    })
  }
  return out
}

/** A claim's receipt for staff (any member's): its bytes and type, or null. */
export async function claimReceipt(s: Services, id: number) {
  const row = await s.db.one<{ receipt_key: string; receipt_type: string }>(
    'SELECT receipt_key, receipt_type FROM rebate_claims WHERE id = $1',
    [id],
  )
  const bytes = row ? await s.uploads.get(row.receipt_key) : null
  return row && bytes ? { bytes, type: row.receipt_type } : null
}

const CLAIM_REFUSALS: Record<Exclude<Decision, { ok: true }>['code'], () => HttpError> = {
  not_found: notFound,
  not_in_review: alreadyDecided,
  invalid_amount: () => fail(422, 'amount_cents', 'Please enter an amount.', 'invalid_amount'),
  over_claim: () => fail(422, 'amount_cents', 'The amount is more than the member claimed.', 'over_claim'),
  over_monthly_cap: () =>
    fail(
      422,
      'amount_cents',
      "The amount is more than what is left of the member's monthly limit.",
      'over_monthly_cap',
    ),
}

/**
 * A rebate claim in review approved for an amount within the member's remaining cap (booked once as
 * 'rebate_claim:<id>') or rejected with the reason the member sees; the member is notified either way
 * (server/lib/rebate-claims.ts), inside this transaction with the audit row.
 */
export async function decideClaim(
  s: Services,
  staff: StaffUser,
  id: number,
  d: { approve: true; amountCents: number } | { approve: false; reason: string },
): Promise<'approved' | 'rejected'> {
  const uid = await s.db.transaction(async (tx) => {
    const inner = within(s, tx)
    const r = d.approve
      ? await approveClaim(inner, id, d.amountCents, staff.email)
      : await rejectClaim(inner, id, d.reason, staff.email)
    if (!r.ok) throw CLAIM_REFUSALS[r.code]()
    const c = (await tx.one<{ user_id: number; amount_cents: number }>(
      'SELECT user_id, amount_cents FROM rebate_claims WHERE id = $1',
      [id],
    ))!
    await audit(
      tx,
      staff,
      d.approve ? 'claim.approve' : 'claim.reject',
      `rebate_claim:${id}`,
      { status: 'in_review', amount_cents: c.amount_cents },
      d.approve
        ? { status: 'approved', approved_cents: d.amountCents, ledger_id: r.ledgerId ?? null }
        : { status: 'rejected', reason: d.reason },
    )
    return c.user_id
  })
  s.sessions.forget(uid)
  return d.approve ? 'approved' : 'rejected'
}

// ---------------------------------------------------------------- missing cash-back inquiries

interface InquiryRow extends MemberCols {
  id: number
  store_id: number
  store_name: string
  network: string | null
  order_id: string
  ordered_on: string
  amount_cents: number
  click_id: string | null
  created_at: Date
}

const INQUIRY_SQL = `SELECT i.id, i.user_id, u.email, u.name AS user_name, i.store_id, s.name AS store_name, s.network,
    i.order_id, to_char(i.ordered_on, 'YYYY-MM-DD') AS ordered_on, i.amount_cents, i.click_id, i.created_at
  FROM cashback_inquiries i JOIN users u ON u.id = i.user_id JOIN stores s ON s.id = i.store_id`

/** Parked conversions shown with an inquiry: the closest in sale and date first. */
const PARKED_SHOWN = 10

export async function inquiriesUnderReview(db: Db): Promise<ReviewInquiry[]> {
  const rows = await db.query<InquiryRow>(
    `${INQUIRY_SQL} WHERE i.status = 'under_review' ORDER BY i.created_at, i.id LIMIT ${LIST_MAX}`,
  )
  const out: ReviewInquiry[] = []
  for (const r of rows) {
    const clicks = await clicksAt(db, r.user_id, r.store_id)
    const parked = r.network
      ? await db.query<{
          id: number
          order_id: string
          sale_cents: number
          ordered_at: Date
          status: string
          likely: boolean
        }>(
          `SELECT id, order_id, sale_cents, ordered_at, status,
             (abs(sale_cents - $2) <= greatest($4::int, ceil(sale_cents * $5::numeric / 100))
              AND abs((ordered_at AT TIME ZONE 'UTC')::date - $3::date) <= $6::int) AS likely
           FROM conversions WHERE parked AND network = $1
           ORDER BY abs(sale_cents - $2), abs((ordered_at AT TIME ZONE 'UTC')::date - $3::date), id
           LIMIT ${PARKED_SHOWN}`,
          [
            r.network,
            r.amount_cents,
            r.ordered_on,
            M.amountToleranceCents,
            M.amountTolerancePercent,
            M.orderDateToleranceDays,
          ],
        )
      : []
    out.push({
      id: r.id,
      member: member(r),
      store: { id: r.store_id, name: r.store_name, network: r.network },
      order_id: r.order_id,
      ordered_on: r.ordered_on,
      amount_cents: r.amount_cents,
      created_at: isoOf(r.created_at),
      clicks: clicks.slice(0, 20).map((c) => ({ id: c.id, created_at: isoOf(c.created_at) })),
      parked: parked.map((p) => ({
        id: p.id,
        order_id: p.order_id,
        sale_cents: p.sale_cents,
        ordered_at: isoOf(p.ordered_at),
        status: p.status,
        likely: !!p.likely,
      })),
    })
  }
  return out
}

/** The inquiry, locked, while it is under review; 404 or 409 otherwise. */
async function openInquiry(tx: Db, id: number): Promise<InquiryRow> {
  const i = await tx.one<InquiryRow & { status: string }>(
    `${INQUIRY_SQL.replace('SELECT i.id,', 'SELECT i.status, i.id,')} WHERE i.id = $1 FOR UPDATE OF i`,
    [id],
  )
  if (!i) throw notFound()
  if (i.status !== 'under_review') throw alreadyDecided()
  return i
}

export type InquiryDecision =
  | { do: 'match'; conversionId: number }
  | { do: 'credit'; amountCents: number; reason: string }
  | { do: 'decline'; reason: string }

/**
 * A missing cash-back inquiry under review: matched to a parked conversion of its store's network
 * (attached to the member, who is then told as for any tracked purchase), credited by hand (a cash
 * back row 'inquiry:<id>', payable, with the reason) or declined with the reason; once.
 */
export async function decideInquiry(
  s: Services,
  staff: StaffUser,
  id: number,
  d: InquiryDecision,
): Promise<'matched' | 'declined'> {
  const { uid, changes } = await s.db.transaction(async (tx) => {
    let changes: ConversionChange[] = []
    let after: Record<string, unknown>
    let i: InquiryRow
    if (d.do === 'match') {
      const peek = await tx.one<{ network: string | null }>(
        'SELECT s.network FROM cashback_inquiries i JOIN stores s ON s.id = i.store_id WHERE i.id = $1',
        [id],
      )
      if (!peek) throw notFound()
      // the conversion's row lock first, as the automatic matcher takes them (server/lib/cashback/inquiries.ts)
      const conv = await tx.one<{ network: string; parked: boolean }>(
        'SELECT network, parked FROM conversions WHERE id = $1 FOR UPDATE',
        [d.conversionId],
      )
      i = await openInquiry(tx, id)
      if (!conv || conv.network !== peek.network)
        throw fail(
          422,
          'conversion_id',
          "This conversion is not one of the store's network.",
          'not_this_network',
        )
      if (!conv.parked)
        throw fail(409, 'conversion_id', 'This conversion belongs to a member already.', 'conversion_taken')
      const click = i.click_id ?? (await clicksAt(tx, i.user_id, i.store_id))[0]?.id ?? null
      changes = await attachConversion(tx, d.conversionId, i.user_id, click)
      await tx.query(
        `UPDATE cashback_inquiries SET status = 'matched', conversion_id = $2, matched_at = now(), decided_by = $3,
           decided_at = now() WHERE id = $1`,
        [id, d.conversionId, staff.id],
      )
      after = { status: 'matched', conversion_id: d.conversionId }
    } else if (d.do === 'credit') {
      i = await openInquiry(tx, id)
      if (d.amountCents > i.amount_cents)
        throw fail(
          422,
          'amount_cents',
          'The cash back cannot be more than the order amount.',
          'over_order_amount',
        )
      const ledgerId = await book(tx, {
        userId: i.user_id,
        kind: 'cashback',
        currency: 'cash',
        amount: d.amountCents,
        status: 'payable',
        reason: `Cash back credited by our team for order ${i.order_id} at ${i.store_name}: ${d.reason}`,
        storeId: i.store_id,
        benefitType: 'cashback',
        orderAmountCents: i.amount_cents,
        sourceRef: `inquiry:${id}`,
      })
      await tx.query(
        `UPDATE cashback_inquiries SET status = 'matched', matched_at = now(), decided_by = $2, decided_at = now(),
           decision_reason = $3, credit_ledger_id = $4 WHERE id = $1`,
        [id, staff.id, d.reason, ledgerId ?? null],
      )
      await notify(tx, i.user_id, 'inquiry_credited', {
        store: i.store_name,
        amount_cents: d.amountCents,
        reason: d.reason,
      })
      after = {
        status: 'matched',
        credited_cents: d.amountCents,
        ledger_id: ledgerId ?? null,
        reason: d.reason,
      }
    } else {
      i = await openInquiry(tx, id)
      await tx.query(
        `UPDATE cashback_inquiries SET status = 'declined', decided_by = $2, decided_at = now(), decision_reason = $3
         WHERE id = $1`,
        [id, staff.id, d.reason],
      )
      await notify(tx, i.user_id, 'inquiry_declined', { store: i.store_name, reason: d.reason })
      after = { status: 'declined', reason: d.reason }
    }
    await audit(
      tx,
      staff,
      `inquiry.${d.do}`,
      `cashback_inquiry:${id}`,
      { status: 'under_review', order_id: i.order_id, amount_cents: i.amount_cents },
      after,
    )
    return { uid: i.user_id, changes }
  })
  s.sessions.forget(uid)
  if (changes.length) await afterCashbackChanges(s, changes)
  return d.do === 'decline' ? 'declined' : 'matched'
}

// ---------------------------------------------------------------- protection claims

/**
 * Filed protection claims the watcher cannot settle (server/lib/protection/watcher.ts settles only a
 * filed claim whose order's linked account is connected with a token, through the provider): no
 * provider on this server, no linked account (or no token) behind the order, an account that needs the
 * member's attention, or a claim filed longer than constants.staff.protectionUnsettledAfterHours ago (the
 * provider kept failing).
 */
export async function unsettledProtectionClaims(s: Services): Promise<ReviewProtectionClaim[]> {
  const p = s.protection
  const noProvider = !p.adapter || !p.cipher
  const rows = await s.db.query<
    MemberCols & {
      id: number
      kind: string
      merchant: string
      reference: string
      amount_cents: number
      created_at: Date
      why: UnsettledWhy
    }
  >(
    `SELECT c.id, c.user_id, u.email, u.name AS user_name, c.kind, c.merchant, c.reference, c.amount_cents,
       c.created_at,
       CASE WHEN $2::boolean THEN 'no_provider'
            WHEN la.id IS NULL OR la.token_ciphertext IS NULL THEN 'no_account'
            WHEN la.status <> 'connected' THEN 'needs_attention' ELSE 'stale' END AS why
     FROM protection_claims c JOIN users u ON u.id = c.user_id
       LEFT JOIN protection_orders o ON o.id = c.order_id
       LEFT JOIN linked_accounts la ON la.id = o.linked_account_id
     WHERE c.status = 'filed'
       AND ($2::boolean OR la.id IS NULL OR la.token_ciphertext IS NULL OR la.status <> 'connected'
            OR c.updated_at < now() - make_interval(hours => $1::int))
     ORDER BY c.created_at, c.id LIMIT ${LIST_MAX}`,
    [constants.staff.protectionUnsettledAfterHours, noProvider],
  )
  return rows.map((r) => ({
    id: r.id,
    member: member(r),
    kind: r.kind,
    merchant: r.merchant,
    reference: r.reference,
    amount_cents: r.amount_cents,
    created_at: isoOf(r.created_at),
    why: r.why,
  }))
}

/**
 * A filed protection claim approved (its refund booked once as 'protection:<id>', the source reference
 * the watcher uses, so the watcher and staff cannot both pay it) or declined with a reason; the member
 * is told either way.
 */
export async function decideProtection(
  s: Services,
  staff: StaffUser,
  id: number,
  d: { approve: true } | { approve: false; reason: string },
): Promise<'paid' | 'declined'> {
  const status = d.approve ? 'paid' : 'declined'
  const uid = await s.db.transaction(async (tx) => {
    const c = await tx.one<{
      user_id: number
      kind: string
      merchant: string
      reference: string
      amount_cents: number
    }>(
      `UPDATE protection_claims SET status = $2, decline_reason = $3, decided_by = $4, decided_at = now(),
         updated_at = now()
       WHERE id = $1 AND status = 'filed' RETURNING user_id, kind, merchant, reference, amount_cents`,
      [id, status, d.approve ? null : d.reason, staff.id],
    )
    if (!c) {
      if (!(await tx.one('SELECT 1 FROM protection_claims WHERE id = $1', [id]))) throw notFound()
      throw alreadyDecided()
    }
    let ledgerId: number | undefined
    if (d.approve) {
      await tx.query(
        `INSERT INTO protection_claim_events (claim_id, status, note) VALUES ($1, 'approved', $2), ($1, 'paid', NULL)`,
        [id, 'Approved by our team'],
      )
      ledgerId = await book(tx, {
        userId: c.user_id,
        kind: 'protection_refund',
        currency: 'cash',
        amount: c.amount_cents,
        status: 'payable',
        reason: `Protection refund at ${c.merchant} (order ${c.reference}), approved by our team`,
        sourceRef: `protection:${id}`,
        // the orders of a stand-in provider are test money, as the watcher books them
        test: !!s.protection.adapter?.test,
      })
      await notify(tx, c.user_id, 'protection_paid', { store: c.merchant, amount_cents: c.amount_cents })
    } else {
      await tx.query(
        `INSERT INTO protection_claim_events (claim_id, status, note) VALUES ($1, 'declined', $2)`,
        [id, d.reason],
      )
      await notify(tx, c.user_id, 'protection_declined', { store: c.merchant, reason: d.reason })
    }
    await audit(
      tx,
      staff,
      d.approve ? 'protection.approve' : 'protection.decline',
      `protection_claim:${id}`,
      { status: 'filed', amount_cents: c.amount_cents },
      d.approve ? { status, ledger_id: ledgerId ?? null } : { status, reason: d.reason },
    )
    return c.user_id
  })
  s.sessions.forget(uid)
  return status
}
