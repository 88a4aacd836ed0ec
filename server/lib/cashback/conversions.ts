import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { creditReferrals } from '../ledger.ts'
import type { ConversionChange } from './hooks.ts'
import { payLanderPromises } from './lander-promise.ts'

/**
 * OWNED BY HELPER B (conversions core). The one path from a network's report (postback or file) to the
 * ledger. A conversion is one row per (network, order id); each change of its state books ledger rows
 * with unique source references ('conversion:<id>' the credit, 'conversion:<id>:reversal' the debit).
 *
 * States: pending -> confirmed -> payable, and reversed from any of them; never back. The conversion
 * row's own update is the gate: INSERT ... ON CONFLICT DO UPDATE ... WHERE the new state is further on
 * than the stored one. On PostgreSQL (READ COMMITTED) a second transaction reporting the same change
 * waits for the first's row lock, then finds the state already moved and updates (and books) nothing;
 * on PGlite transactions run one at a time. Inputs are sorted by key so two batches lock rows in the
 * same order (no deadlock). Every ledger statement runs after the gate, in a fresh statement, so it
 * sees what the previous holder of the row lock committed.
 */
export interface ConversionInput {
  network: string
  orderId: string
  /** our click id as the network echoed it (null or unknown: the conversion is parked) */
  clickId: string | null
  saleCents: number
  commissionCents: number
  currency: string
  status: 'pending' | 'confirmed' | 'reversed'
  orderedAt: Date
  program?: string | null
}

export interface ApplyResult {
  changes: ConversionChange[]
  /** ids of conversions parked by this call (unknown click id) */
  parked: number[]
  /** inputs that changed nothing (a repeat) */
  unchanged: number
}

const RANK = { pending: 0, confirmed: 1, payable: 2, reversed: 3 } as const
const RANK_SQL = (col: string) =>
  `array_position(ARRAY['pending','confirmed','payable','reversed']::text[], ${col})`

/**
 * A store's confirmation period in days (plan26.md): stores.confirmation_days, else the catalog's
 * typical confirmation time (the median the store page shows, over store_confirmations), else the
 * constant: the SQL function of migration 014 (its plan is kept). `store` is an SQL expression (may be null).
 */
const PERIOD_SQL = (store: string) =>
  `cashback_period(${store}, ${Number(constants.cashback.defaultConfirmationDays)})`

/**
 * The gate and the new rows' credits in one statement: the conversions upserted (a new one, or one
 * whose state moves on), and the credit of each new one of a member's (a conversion just inserted has
 * no ledger row any other transaction could have booked).
 */
/**
 * SQL: the cash-back credit in the ledger of each conversion `c` of `from` (a table or a WITH query)
 * that `where` keeps and that has a member: its status now (a pending one expects confirmation after
 * the store's period), booked once (its source_ref).
 */
const CREDIT_SQL = (
  from: string,
  where: string,
) => `INSERT INTO ledger (user_id, kind, currency, amount, status,
    reason, source_ref, store_id, benefit_type, order_amount_cents, expected_at, test, conversion_id)
  SELECT c.user_id, 'cashback', 'cash', c.cashback_cents, c.status,
    'Cash back on a purchase at ' || COALESCE(s.name, 'a store'), 'conversion:' || c.id, c.store_id, 'cashback',
    c.sale_cents,
    CASE c.status WHEN 'pending' THEN greatest(now(), c.ordered_at + make_interval(days => ${PERIOD_SQL('c.store_id')}))
                  WHEN 'confirmed' THEN c.payable_at END,
    c.test, c.id
  FROM ${from} c LEFT JOIN stores s ON s.id = c.store_id
  WHERE ${where} AND c.user_id IS NOT NULL
  ORDER BY c.id
  ON CONFLICT (source_ref) DO NOTHING`

const UPSERT_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::timestamptz[], $9::text[])
    WITH ORDINALITY AS t(network, order_id, click_id, sale_cents, commission_cents, currency, status, ordered_at, program_id, ord)
), j AS (
  SELECT i.*, c.user_id, COALESCE(c.store_id, ps.id) AS store_id,
    CASE WHEN c.id IS NULL THEN 0
         WHEN c.rate_type = 'flat' THEN c.rate_value
         ELSE round(i.sale_cents::numeric * c.rate_value / 10000)::int END AS cashback_cents
  FROM input i
  LEFT JOIN clicks c ON c.id = i.click_id
  LEFT JOIN stores ps ON c.id IS NULL AND ps.network = i.network AND ps.program_id = i.program_id
), up AS (
INSERT INTO conversions AS cv (network, order_id, click_id, user_id, store_id, program_id, sale_cents, commission_cents,
  currency, cashback_cents, status, parked, test, ordered_at, confirmed_at, payable_at, reversed_at)
SELECT network, order_id, click_id, user_id, store_id, program_id, sale_cents, commission_cents,
  currency, cashback_cents, status, user_id IS NULL, $10::boolean, ordered_at,
  CASE WHEN status = 'confirmed' THEN now() END,
  CASE WHEN status = 'confirmed' THEN greatest(now(), ordered_at + make_interval(days => ${PERIOD_SQL('j.store_id')})) END,
  CASE WHEN status = 'reversed' THEN now() END
FROM j ORDER BY ord
ON CONFLICT (network, order_id) DO UPDATE SET
  status = EXCLUDED.status,
  confirmed_at = CASE WHEN EXCLUDED.status = 'confirmed' THEN now() ELSE cv.confirmed_at END,
  payable_at = CASE WHEN EXCLUDED.status = 'confirmed'
    THEN greatest(now(), cv.ordered_at + make_interval(days => ${PERIOD_SQL('cv.store_id')})) ELSE cv.payable_at END,
  reversed_at = CASE WHEN EXCLUDED.status = 'reversed' THEN now() ELSE cv.reversed_at END,
  updated_at = now()
WHERE ${RANK_SQL('EXCLUDED.status')} > ${RANK_SQL('cv.status')}
RETURNING cv.id, cv.user_id, cv.store_id, cv.status, cv.cashback_cents, cv.test, cv.parked, (cv.xmax = 0) AS inserted,
  cv.sale_cents, cv.ordered_at, cv.payable_at
), credit AS (
  ${CREDIT_SQL('up', 'c.inserted')}
)
SELECT id, user_id, store_id, status, cashback_cents, test, parked, inserted FROM up`

interface Moved {
  id: number
  user_id: number | null
  store_id: number | null
  status: 'pending' | 'confirmed' | 'payable' | 'reversed'
  cashback_cents: number
  test: boolean
  parked: boolean
  inserted?: boolean
}

/** The credit of each conversion (its status now; a pending one expects confirmation after the period). */
async function bookCredits(tx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return
  await tx.query(CREDIT_SQL('conversions', 'c.id = ANY($1::int[])'), [ids])
}

/** Pending credits of these conversions become confirmed (expected: payable_at). */
async function confirmCredits(tx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return
  await tx.query(
    `UPDATE ledger l SET status = 'confirmed', expected_at = c.payable_at, updated_at = now()
     FROM conversions c
     WHERE c.id = ANY($1::int[]) AND l.source_ref = 'conversion:' || c.id AND l.status = 'pending'`,
    [ids],
  )
}

/**
 * The reversal of each conversion (plan26.md): if its credit was payable or paid, the debit is payable
 * (the balance goes down, possibly below zero: later earnings offset it); else the credit becomes
 * reversed and the debit is booked reversed (shown, no effect on balances).
 */
async function bookReversals(tx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return
  await tx.query(
    `WITH credit AS (
       SELECT l.id, l.user_id, l.amount, l.status, l.store_id, l.order_amount_cents, l.test, l.conversion_id
       FROM ledger l WHERE l.source_ref = ANY($1::text[])
     ), upd AS (
       UPDATE ledger l SET status = 'reversed', expected_at = NULL, updated_at = now()
       FROM credit c WHERE l.id = c.id AND c.status IN ('pending', 'confirmed')
       RETURNING l.id
     )
     INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref, store_id, benefit_type,
       order_amount_cents, test, conversion_id)
     SELECT c.user_id, 'cashback', 'cash', -c.amount,
       CASE WHEN c.status IN ('payable', 'paid') THEN 'payable' ELSE 'reversed' END,
       'Cash back reversed: the store cancelled or returned the order', 'conversion:' || c.conversion_id || ':reversal',
       c.store_id, 'cashback', c.order_amount_cents, c.test, c.conversion_id
     FROM credit c ORDER BY c.conversion_id
     ON CONFLICT (source_ref) DO NOTHING`,
    [ids.map((id) => `conversion:${id}`)],
  )
}

/** Referral bonuses and lander promises of members whose cash back is now confirmed (or payable). */
async function payFirstConfirmed(tx: Db, moved: Moved[]): Promise<void> {
  const users = [
    ...new Set(
      moved
        .filter((m) => m.user_id !== null && (m.status === 'confirmed' || m.status === 'payable'))
        .map((m) => m.user_id as number),
    ),
  ].sort((a, b) => a - b)
  if (!users.length) return
  await creditReferrals(tx, users)
  await payLanderPromises(tx, users)
}

const toChange = (m: Moved): ConversionChange => ({
  conversionId: m.id,
  userId: m.user_id as number,
  storeId: m.store_id as number,
  change: m.status === 'pending' ? 'tracked' : m.status,
  cashbackCents: m.cashback_cents,
  test: m.test,
})

/**
 * Books what each moved conversion's new state calls for (in the caller's transaction); the credits of
 * new ones unless the caller booked them (`credited`).
 */
async function bookMoved(tx: Db, moved: Moved[], credited = false): Promise<void> {
  const mine = moved.filter((m) => m.user_id !== null)
  // a new row: its credit (and for one reported reversed at once, the reversed debit too)
  if (!credited)
    await bookCredits(
      tx,
      mine.filter((m) => m.inserted).map((m) => m.id),
    )
  await confirmCredits(
    tx,
    mine.filter((m) => !m.inserted && m.status === 'confirmed').map((m) => m.id),
  )
  await bookReversals(
    tx,
    mine.filter((m) => m.status === 'reversed').map((m) => m.id),
  )
  await payFirstConfirmed(tx, mine)
}

/**
 * Applies reported conversions (set-based; one call per postback or per report batch, one transaction).
 * Two inputs of the same order in one batch count as one: the furthest state.
 */
export async function applyConversions(
  db: Db,
  inputs: ConversionInput[],
  opts: { test: boolean },
): Promise<ApplyResult> {
  if (!inputs.length) return { changes: [], parked: [], unchanged: 0 }
  const byKey = new Map<string, ConversionInput>()
  for (const i of inputs) {
    const k = `${i.network}\u0000${i.orderId}`
    const prev = byKey.get(k)
    if (!prev) byKey.set(k, i)
    else if (RANK[i.status] > RANK[prev.status]) byKey.set(k, { ...i, clickId: i.clickId ?? prev.clickId })
  }
  const rows = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)
  const apply = async (tx: Db) => {
    const out = await tx.query<Moved>(UPSERT_SQL, [
      rows.map((r) => r.network),
      rows.map((r) => r.orderId),
      rows.map((r) => r.clickId),
      rows.map((r) => r.saleCents),
      rows.map((r) => r.commissionCents),
      rows.map((r) => r.currency),
      rows.map((r) => r.status),
      rows.map((r) => r.orderedAt.toISOString()),
      rows.map((r) => r.program ?? null),
      opts.test,
    ])
    if (out.length) await bookMoved(tx, out, true)
    return out
  }
  // new orders only (the most of a network's reports): one statement, atomic by itself; any other
  // state needs the ledger statements after the gate, in the same transaction
  const moved = rows.every((r) => r.status === 'pending') ? await apply(db) : await db.transaction(apply)
  return {
    changes: moved.filter((m) => m.user_id !== null).map(toChange),
    parked: moved.filter((m) => m.inserted && m.parked).map((m) => m.id),
    unchanged: inputs.length - moved.length,
  }
}

/**
 * A parked conversion becomes a member's (an inquiry matched it): sets user, store and click (the
 * click's rate; without a click, the store's rate now), then books what its status calls for.
 */
export async function attachConversion(
  tx: Db,
  conversionId: number,
  userId: number,
  clickId: string | null,
): Promise<ConversionChange[]> {
  return tx.transaction(async (t) => {
    const m = await t.one<Moved>(
      `WITH k AS (SELECT store_id, rate_type, rate_value FROM clicks WHERE id = $3 AND user_id = $2)
       UPDATE conversions cv SET user_id = $2, parked = false, updated_at = now(),
         click_id = CASE WHEN EXISTS (SELECT 1 FROM k) THEN $3 ELSE cv.click_id END,
         store_id = COALESCE((SELECT store_id FROM k), cv.store_id),
         cashback_cents = COALESCE(
           (SELECT CASE WHEN k.rate_type = 'flat' THEN k.rate_value
                        ELSE round(cv.sale_cents::numeric * k.rate_value / 10000)::int END FROM k),
           (SELECT CASE WHEN s.rate_type = 'flat' THEN s.rate_value
                        ELSE round(cv.sale_cents::numeric * s.rate_value / 10000)::int END
            FROM stores s WHERE s.id = cv.store_id),
           0)
       WHERE cv.id = $1 AND cv.parked
       RETURNING cv.id, cv.user_id, cv.store_id, cv.status, cv.cashback_cents, cv.test, cv.parked`,
      [conversionId, userId, clickId],
    )
    if (!m) return []
    const moved = { ...m, inserted: true }
    await bookMoved(t, [moved])
    return [toChange(moved)]
  })
}

/**
 * Confirmed conversions whose payable_at has passed become payable (rows taken FOR UPDATE SKIP LOCKED,
 * so concurrent runs, and a postback reversing one of them, never move a row twice). In batches.
 */
export async function releaseDueCashback(db: Db): Promise<ConversionChange[]> {
  const BATCH = 2000
  const changes: ConversionChange[] = []
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const rows = await tx.query<Moved>(
        `WITH due AS (
           SELECT id FROM conversions WHERE status = 'confirmed' AND payable_at <= now()
           ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
         )
         UPDATE conversions cv SET status = 'payable', updated_at = now() FROM due WHERE cv.id = due.id
         RETURNING cv.id, cv.user_id, cv.store_id, cv.status, cv.cashback_cents, cv.test, cv.parked`,
      )
      const mine = rows.filter((r) => r.user_id !== null)
      if (mine.length)
        await tx.query(
          `UPDATE ledger SET status = 'payable', expected_at = NULL, updated_at = now()
           WHERE source_ref = ANY($1::text[]) AND status IN ('pending', 'confirmed')`,
          [mine.map((r) => `conversion:${r.id}`)],
        )
      return rows
    })
    for (const m of moved) if (m.user_id !== null) changes.push(toChange(m))
    if (moved.length < BATCH) return changes
  }
}
