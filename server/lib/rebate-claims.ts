import {
  type Claim,
  type ClaimBenefit,
  type ClaimRequest,
  claimCaps,
} from '../../plugins/account/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { newUploadKey } from '../adapters/uploads.ts'
import type { Db } from '../db/index.ts'
import type { Services } from '../services.ts'
import { fail, HttpError } from './http.ts'
import { book, lockMembers } from './ledger.ts'
import { mailTexts } from './member-mail.ts'
import { isoOf, isoOrNull } from './present.ts'
import { receiptTypeOf } from './receipt-type.ts'

/**
 * Rebate claims (issue 27): filing (the receipt checked by its bytes and kept in the UploadStore; the
 * monthly cap checked with the member's row locked, so concurrent claims cannot pass it together on
 * PGlite or PostgreSQL), and the staff decisions the staff issue calls: approveClaim books the claim in
 * the ledger once ('rebate_claim:<id>'), rejectClaim keeps the reason the member sees.
 */

export const CAPS = claimCaps(constants)
const DAY_MS = 86_400_000

interface ClaimRow {
  id: number
  user_id: number
  benefit_type: string
  order_number: string
  order_date: string
  amount_cents: number
  status: Claim['status']
  approved_cents: number | null
  reason: string | null
  receipt_type: string
  receipt_key: string
  created_at: Date | string
  decided_at: Date | string | null
}

const CLAIM_COLUMNS = `id, user_id, benefit_type, order_number, to_char(order_date, 'YYYY-MM-DD') AS order_date,
  amount_cents, status, approved_cents, reason, receipt_type, receipt_key, created_at, decided_at`

export const presentClaim = (r: ClaimRow): Claim => ({
  id: r.id,
  benefit_type: r.benefit_type,
  order_number: r.order_number,
  order_date: r.order_date,
  amount_cents: r.amount_cents,
  status: r.status,
  approved_cents: r.approved_cents,
  reason: r.reason,
  receipt_type: r.receipt_type,
  created_at: isoOf(r.created_at),
  decided_at: isoOrNull(r.decided_at),
})

/**
 * What a member's claims of a benefit use of its cap in the calendar month of `monthOf` (now by default):
 * claims in review count what they ask, approved ones what was approved; `except` leaves one claim out.
 */
export async function usedOf(
  db: Db,
  userId: number,
  benefit: string,
  monthOf: string | null = null,
  except = 0,
) {
  const row = await db.one<{ used: number }>(
    `SELECT coalesce(sum(CASE WHEN status = 'approved' THEN approved_cents ELSE amount_cents END), 0)::int AS used
     FROM rebate_claims
     WHERE user_id = $1 AND benefit_type = $2 AND status IN ('in_review', 'approved') AND id <> $4
       AND date_trunc('month', created_at) = date_trunc('month', coalesce($3::timestamptz, now()))`,
    [userId, benefit, monthOf, except],
  )
  return row?.used ?? 0
}

/** What is left this calendar month of each capped benefit (cents). */
export async function leftOf(db: Db, userId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const [benefit, cap] of Object.entries(CAPS))
    out[benefit] = Math.max(0, cap - (await usedOf(db, userId, benefit)))
  return out
}

export async function listClaims(db: Db, userId: number, benefit?: string): Promise<Claim[]> {
  const rows = await db.query<ClaimRow>(
    `SELECT ${CLAIM_COLUMNS} FROM rebate_claims WHERE user_id = $1 AND ($2::text IS NULL OR benefit_type = $2::text)
     ORDER BY created_at DESC, id DESC LIMIT 100`,
    [userId, benefit ?? null],
  )
  return rows.map(presentClaim)
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The receipt's bytes and type, or the 422 a member can act on. */
export function readReceipt(data: string): {
  bytes: Buffer
  type: NonNullable<ReturnType<typeof receiptTypeOf>>
} {
  const max = constants.rebateClaims.receiptMaxBytes
  const mb = Math.round(max / 1024 / 1024)
  if (!BASE64.test(data) || data.length % 4 === 1)
    throw fail(
      422,
      'receipt',
      'Please add the receipt again: the file did not arrive whole.',
      'receipt_unreadable',
    )
  // the size before decoding: an oversized file is refused without holding its bytes twice
  const size = Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0)
  if (size > max) throw fail(422, 'receipt', `The receipt must be at most ${mb} MB.`, 'receipt_too_big')
  const bytes = Buffer.from(data, 'base64')
  const type = receiptTypeOf(bytes)
  if (!type)
    throw fail(
      422,
      'receipt',
      'The receipt must be a photo (PNG, JPEG, WebP, HEIC) or a PDF.',
      'receipt_type',
    )
  return { bytes, type }
}

function checkOrderDate(date: string, now = Date.now()) {
  const at = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(at)) throw fail(422, 'order_date', 'Please enter the order date.', 'invalid_format')
  // a day ahead of UTC is still today somewhere
  if (at > now + DAY_MS)
    throw fail(422, 'order_date', 'The order date cannot be in the future.', 'order_date_future')
  if (at < now - (constants.rebateClaims.orderMaxAgeDays + 1) * DAY_MS)
    throw fail(
      422,
      'order_date',
      `Orders can be claimed for ${constants.rebateClaims.orderMaxAgeDays} days.`,
      'order_too_old',
    )
}

const overCap = (left: number) =>
  new HttpError(
    422,
    { amount_cents: ['This claim is more than what is left of the monthly limit.'] },
    { left_cents: left },
    { amount_cents: 'over_monthly_cap' },
  )

/** Files a claim of a Plus member: the receipt stored, the claim in review; 403/422 otherwise. */
export async function fileClaim(s: Services, userId: number, body: ClaimRequest): Promise<Claim> {
  const member = await s.db.one<{ plus_active: boolean }>('SELECT plus_active FROM users WHERE id = $1', [
    userId,
  ])
  if (!member?.plus_active)
    throw fail(403, 'plan', 'Rebate claims are a Plus benefit: join Plus to claim.', 'plus_required')
  checkOrderDate(body.order_date)
  const cap = CAPS[body.benefit_type as ClaimBenefit]
  if (cap !== undefined && body.amount_cents > cap)
    throw overCap(Math.max(0, cap - (await usedOf(s.db, userId, body.benefit_type))))
  const receipt = readReceipt(body.receipt.data)
  const key = newUploadKey(`receipts/${userId}`)
  await s.uploads.put(key, receipt.bytes)
  try {
    return await s.db.transaction(async (tx) => {
      // the member's row locked: the cap is read and the claim written by one request at a time
      await lockMembers(tx, [userId])
      if (cap !== undefined) {
        const left = cap - (await usedOf(tx, userId, body.benefit_type))
        if (body.amount_cents > left) throw overCap(Math.max(0, left))
      }
      const taken = await tx.one(
        `SELECT 1 FROM rebate_claims WHERE user_id = $1 AND benefit_type = $2 AND order_number = $3 AND status <> 'rejected'`,
        [userId, body.benefit_type, body.order_number],
      )
      if (taken) throw fail(422, 'order_number', 'This order was claimed already.', 'order_claimed')
      const row = await tx.one<ClaimRow>(
        `INSERT INTO rebate_claims (user_id, benefit_type, order_number, order_date, amount_cents, receipt_key,
           receipt_type, receipt_bytes)
         VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8) RETURNING ${CLAIM_COLUMNS}`,
        [
          userId,
          body.benefit_type,
          body.order_number,
          body.order_date,
          body.amount_cents,
          key,
          receipt.type,
          receipt.bytes.length,
        ],
      )
      return presentClaim(row!)
    })
  } catch (err) {
    // a refused claim keeps no receipt
    await s.uploads.delete(key).catch(() => {})
    // the one live claim per order (the partial unique index), should a check ever be passed by
    if ((err as { code?: string }).code === '23505')
      throw fail(422, 'order_number', 'This order was claimed already.', 'order_claimed')
    throw err
  }
}

/** The receipt of a member's own claim; null for another member's or a missing one. */
export async function receiptOf(
  s: Services,
  userId: number,
  id: number,
): Promise<{ bytes: Buffer; type: string } | null> {
  const row = await s.db.one<{ receipt_key: string; receipt_type: string }>(
    'SELECT receipt_key, receipt_type FROM rebate_claims WHERE id = $1 AND user_id = $2',
    [id, userId],
  )
  if (!row) return null
  const bytes = await s.uploads.get(row.receipt_key)
  return bytes ? { bytes, type: row.receipt_type } : null
}

export type Decision =
  | { ok: true; booked?: boolean; ledgerId?: number }
  | { ok: false; code: 'not_found' | 'not_in_review' | 'over_claim' | 'over_monthly_cap' | 'invalid_amount' }

async function notify(
  db: Db,
  userId: number,
  kind: 'rebate_claim_approved' | 'rebate_claim_rejected',
  params: Record<string, string | number>,
) {
  // English title and body for older clients; the notifications page writes it from kind and params
  const t = (await mailTexts())('en')
  const vars = {
    ...params,
    benefit: t(`benefit.${params.benefit}`, { defaultValue: String(params.benefit) }),
    amount: typeof params.amount_cents === 'number' ? `$${(params.amount_cents / 100).toFixed(2)}` : '',
  }
  await db.query(
    'INSERT INTO notifications (user_id, title, body, kind, params) VALUES ($1, $2, $3, $4, $5)',
    [userId, t(`notice.${kind}.title`, vars), t(`notice.${kind}.body`, vars), kind, JSON.stringify(params)],
  )
}

/**
 * The claim a staff decision is about, locked: its member first, then the claim (the order filing takes;
 * the decision's notification needs the member's row). A refusal when there is no such claim or it is
 * not in review.
 */
async function claimInReview(tx: Db, id: number): Promise<ClaimRow | Decision> {
  const owner = await tx.one<{ user_id: number }>('SELECT user_id FROM rebate_claims WHERE id = $1', [id])
  if (!owner) return { ok: false, code: 'not_found' }
  await lockMembers(tx, [owner.user_id])
  const c = await tx.one<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM rebate_claims WHERE id = $1 FOR UPDATE`, [
    id,
  ])
  if (!c) return { ok: false, code: 'not_found' }
  if (c.status !== 'in_review') return { ok: false, code: 'not_in_review' }
  return c
}

/**
 * Staff approve a claim in review for `amountCents` (at most what it asked, within what is left of the
 * benefit's cap in the claim's month): a payable Plus rebate in the ledger, booked once however many
 * times it is called, and a notification. `staff` names who decided.
 */
export async function approveClaim(
  s: Services,
  id: number,
  amountCents: number,
  staff: string,
): Promise<Decision> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, code: 'invalid_amount' }
  return s.db.transaction(async (tx) => {
    const c = await claimInReview(tx, id)
    if ('ok' in c) return c
    if (amountCents > c.amount_cents) return { ok: false, code: 'over_claim' } as const
    const cap = CAPS[c.benefit_type as ClaimBenefit]
    if (cap !== undefined) {
      const others = await usedOf(tx, c.user_id, c.benefit_type, isoOf(c.created_at), c.id)
      if (amountCents > cap - others) return { ok: false, code: 'over_monthly_cap' } as const
    }
    const ledgerId = await book(tx, {
      userId: c.user_id,
      kind: 'plus_rebate',
      currency: 'cash',
      amount: amountCents,
      status: 'payable',
      reason: `Plus ${c.benefit_type} rebate, order ${c.order_number}`,
      benefitType: c.benefit_type,
      orderAmountCents: c.amount_cents,
      sourceRef: `rebate_claim:${c.id}`,
    })
    await tx.query(
      `UPDATE rebate_claims SET status = 'approved', approved_cents = $2, decided_by = $3, decided_at = now(),
         ledger_id = $4 WHERE id = $1`,
      [c.id, amountCents, staff, ledgerId ?? null],
    )
    await notify(tx, c.user_id, 'rebate_claim_approved', {
      benefit: c.benefit_type,
      amount_cents: amountCents,
    })
    return { ok: true, booked: ledgerId !== undefined, ...(ledgerId ? { ledgerId } : {}) } as const
  })
}

/** Staff reject a claim in review; the member sees `reason` with it and in a notification. */
export async function rejectClaim(
  s: Services,
  id: number,
  reason: string,
  staff = 'staff',
): Promise<Decision> {
  const text = reason.trim()
  return s.db.transaction(async (tx) => {
    const c = await claimInReview(tx, id)
    if ('ok' in c) return c
    await tx.query(
      `UPDATE rebate_claims SET status = 'rejected', reason = $2, decided_by = $3, decided_at = now() WHERE id = $1`,
      [c.id, text, staff],
    )
    await notify(tx, c.user_id, 'rebate_claim_rejected', { benefit: c.benefit_type, reason: text })
    return { ok: true } as const
  })
}
