import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import {
  BalancesReply,
  CoinHistoryReply,
  LedgerFilter,
  LedgerQuery,
  LedgerReply,
  PageQuery,
  RebatesQuery,
  RebatesReply,
  type Withdrawal,
  WithdrawalReply,
  WithdrawalRequest,
  WithdrawalsReply,
} from '../../plugins/account/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { fail } from '../lib/http.ts'
import { enqueue } from '../lib/job-queue.ts'
import { book, countOf, lockMembers, sumsOf, toBalances, withdrawableOf } from '../lib/ledger.ts'
import { verifyPassword } from '../lib/password.ts'
import { isoOf, isoOrNull, paged, pageOf, readPage, TOTAL_COL, withIsoCreatedAt } from '../lib/present.ts'
import { blockedFor, hit } from '../lib/ratelimit.ts'
import { memberRoute } from '../lib/route.ts'
import type { Services } from '../services.ts'

const MIN = constants.withdrawalMinimum
const COINS_PER_DOLLAR = constants.coinWithdrawal.coinsPerDollar
const HOLD_DAYS = constants.payoutHoldDays
const METHODS = ['paypal', 'bank', 'giftcard'] as const
const METHOD_NAMES: Record<string, string> = {
  paypal: 'PayPal',
  bank: 'a bank account',
  giftcard: 'a gift card',
}
/** Rows per query of the CSV export: the reply streams batch after batch, never the whole list. */
const CSV_BATCH = 500

interface LedgerRow {
  id: number
  kind: 'cashback'
  currency: 'cash' | 'coin'
  amount: number
  status: 'pending'
  reason: string
  offer: string | null
  benefit_type: string | null
  order_amount_cents: number | null
  expected_at: Date | null
  created_at: Date
  internal_name: string | null
  store_name: string | null
  logo: string | null
  test: boolean
}

const LEDGER_SQL = `SELECT l.id, l.kind, l.currency, l.amount, l.status, l.reason, l.offer, l.benefit_type,
    l.order_amount_cents, l.expected_at, l.created_at, l.test, s.internal_name, s.name AS store_name, s.logo
  FROM ledger l LEFT JOIN stores s ON s.id = l.store_id`
/** $1 member, $2 currency, $3 kind, $4 status (null: any). */
const FILTER_SQL = `l.user_id = $1 AND ($2::text IS NULL OR l.currency = $2::text)
  AND ($3::text IS NULL OR l.kind = $3::text) AND ($4::text IS NULL OR l.status = $4::text)`

const storeOf = (r: Pick<LedgerRow, 'internal_name' | 'store_name' | 'logo'>) =>
  r.internal_name ? { internal_name: r.internal_name, name: r.store_name!, logo_url: r.logo! } : null

const toEntry = (r: LedgerRow) => ({
  id: r.id,
  kind: r.kind,
  currency: r.currency,
  amount: r.amount,
  status: r.status,
  reason: r.reason,
  store: storeOf(r),
  offer: r.offer,
  benefit_type: r.benefit_type,
  expected_at: isoOrNull(r.expected_at),
  created_at: isoOf(r.created_at),
  test: r.test,
})

/**
 * A purchase's way (issue 26): the conversion a cash back row books, its click, and the reversal's debit
 * of that conversion; every column null for a row without a conversion (Plus rebates, older rows).
 */
const PURCHASE_WAY_SQL = `SELECT c.id AS conv_id, c.status AS conv_status, c.sale_cents, c.tracked_at, c.confirmed_at,
    c.payable_at, c.reversed_at, k.created_at AS clicked_at,
    d.amount AS rev_amount, d.status AS rev_status, d.created_at AS rev_created_at
  FROM conversions c
  LEFT JOIN clicks k ON k.id = c.click_id
  LEFT JOIN ledger d ON d.conversion_id = c.id AND d.amount < 0 AND d.user_id = p.way_user
  WHERE c.id = p.way_conversion
  LIMIT 1`

type PurchaseRow = Omit<LedgerRow, 'status'> & {
  status: 'pending' | 'confirmed' | 'payable' | 'paid' | 'declined' | 'reversed'
  total: number
  conv_id: number | null
  conv_status: 'pending' | 'confirmed' | 'payable' | 'reversed' | null
  sale_cents: number | null
  tracked_at: Date | null
  confirmed_at: Date | null
  payable_at: Date | null
  reversed_at: Date | null
  clicked_at: Date | null
  rev_amount: number | null
  rev_status: string | null
  rev_created_at: Date | null
}

/**
 * The timeline of a purchase: clicked, tracked, confirmed, payable (the date it became payable, else the
 * expected one: the conversion's payable date, or while pending the row's estimate), and the next step
 * with its expected date while there is one.
 */
function timelineOf(r: Omit<PurchaseRow, 'total'>) {
  if (r.conv_id === null) return null
  const reversed = r.conv_status === 'reversed'
  // a reversal after payout keeps its payable step done; one before it never reached it
  const payableDone =
    r.status === 'payable' || r.status === 'paid' || (!reversed && r.conv_status === 'payable')
  const payableAt = r.payable_at ?? r.expected_at
  const next =
    reversed || payableDone
      ? null
      : r.conv_status === 'pending' && !r.confirmed_at
        ? { step: 'confirmed' as const, at: r.expected_at }
        : { step: 'payable' as const, at: payableAt }
  return {
    conversion_id: r.conv_id,
    clicked_at: isoOrNull(r.clicked_at),
    tracked_at: isoOf(r.tracked_at!),
    confirmed_at: isoOrNull(r.confirmed_at),
    payable_at: isoOrNull(payableAt),
    payable_done: payableDone,
    reversed_at: isoOrNull(r.reversed_at),
    next_step: next?.step ?? null,
    next_at: isoOrNull(next?.at ?? null),
  }
}

/** A coin row of the ledger, as the coin history lists it. */
type CoinRow = { id: number; amount: number; reason: string; created_at: Date; test: boolean }

/** A withdrawals row: the contract's Withdrawal with the database's dates. */
type WithdrawalRow = Omit<Withdrawal, 'release_at' | 'created_at'> & {
  release_at: Date | null
  created_at: Date
}
const WITHDRAWAL_COLS = `id, kind, amount, method, destination, status, release_at, created_at, test, failure_reason,
  (SELECT g.code FROM gift_cards g WHERE g.id = withdrawals.gift_card_id) AS gift_card_code`
const toWithdrawal = (w: WithdrawalRow) => ({
  ...w,
  release_at: isoOrNull(w.release_at),
  created_at: isoOf(w.created_at),
})

// SPEC 9: US dollars with 2 decimals (cents / 100), negatives in parentheses; coins whole.
const { currency, decimals, centsDivisor, negativesInParentheses } = constants.numberFormat
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency,
  minimumFractionDigits: decimals,
  maximumFractionDigits: decimals,
})
const wholeCoins = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const signed = (text: string, negative: boolean) =>
  !negative ? text : negativesInParentheses ? `(${text})` : `-${text}`
export const csvAmount = (amount: number, cur: 'cash' | 'coin') =>
  cur === 'cash'
    ? signed(dollars.format(Math.abs(amount) / centsDivisor), amount < 0)
    : signed(wholeCoins.format(Math.abs(amount)), amount < 0)

/** One CSV field: quoted when needed; a leading = + - @ is defused so a spreadsheet runs no formula. */
function csvField(v: string | null): string {
  const t = v ?? ''
  const safe = /^[=+\-@\t\r]/.test(t) ? `'${t}` : t
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
/** Test money: "test" on a row booked by a development stand-in (never paid out), else empty. */
const CSV_HEAD = [
  'Date',
  'Kind',
  'Status',
  'Reason',
  'Store',
  'Offer',
  'Amount',
  'Currency',
  'Expected',
  'Test money',
]
const csvLine = (r: LedgerRow) =>
  `${[
    isoOf(r.created_at),
    r.kind,
    r.status,
    r.reason,
    r.store_name,
    r.offer,
    csvAmount(r.amount, r.currency),
    r.currency === 'cash' ? 'USD' : 'coins',
    isoOrNull(r.expected_at),
    r.test ? 'test' : '',
  ]
    .map(csvField)
    .join(',')}\r\n`

/** The ledger rows of a filter, newest first, in batches read one after another (keyset pages). */
async function* csvRows(db: Db, params: unknown[]): AsyncGenerator<string> {
  yield `${CSV_HEAD.join(',')}\r\n`
  let after: { at: string; id: number } | undefined
  for (;;) {
    const rows = await db.query<LedgerRow & { at: string }>(
      `${LEDGER_SQL.replace('SELECT', 'SELECT l.created_at::text AS at,')} WHERE ${FILTER_SQL}
         AND ($5::timestamptz IS NULL OR (l.created_at, l.id) < ($5::timestamptz, $6::int))
       ORDER BY l.created_at DESC, l.id DESC LIMIT ${CSV_BATCH}`,
      [...params, after?.at ?? null, after?.id ?? 0],
    )
    if (rows.length) yield rows.map(csvLine).join('')
    const last = rows.at(-1)
    if (!last || rows.length < CSV_BATCH) return
    after = { at: last.at, id: last.id }
  }
}

const requestHash = (b: { kind: string; amount: number; method: string; destination: string }) =>
  createHash('sha256')
    .update(JSON.stringify([b.kind, b.amount, b.method, b.destination]))
    .digest('hex')

/**
 * The member's money: the ledger with its totals and CSV export, balances, withdrawals (booked once
 * per idempotency key under a lock of the member's row), purchases and coin history. Every amount is
 * a row of the ledger table and every balance a sum over rows (lib/ledger.ts).
 */
export async function ledgerRoutes(app: FastifyInstance, s: Services) {
  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/ledger',
    tag: 'account',
    summary:
      'The ledger: every credit and debit, newest first, filtered by currency, kind and status, with pending, payable and paid totals.',
    query: LedgerQuery,
    reply: LedgerReply,
    async handler({ query, uid }) {
      const page = pageOf(query)
      const params = [uid, query.currency ?? null, query.kind ?? null, query.status ?? null]
      // the page first, then the store of its rows only
      const rows = await s.db.query<LedgerRow>(
        `${LEDGER_SQL.replace(
          'FROM ledger l',
          `FROM (SELECT * FROM ledger l WHERE ${FILTER_SQL}
           ORDER BY l.created_at DESC, l.id DESC ${page.sql}) l`,
        )}
         ORDER BY l.created_at DESC, l.id DESC`,
        params,
      )
      // totals over the asked kind (every status and currency; without kind: the member's balances)
      const sums = query.kind ? await sumsOf(s.db, uid, query.kind) : await s.sessions.sums(uid)
      const total = countOf(sums, query.currency ?? null, query.status ?? null)
      return {
        ...paged(rows.map(toEntry), page.page, page.per, total),
        totals: {
          cash: { pending: sums.cash_pending, payable: sums.cash_payable, paid: sums.cash_paid },
          coin: { pending: sums.coin_pending, payable: sums.coin_payable, paid: sums.coin_paid },
        },
      }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/ledger.csv',
    tag: 'account',
    summary:
      'The ledger as CSV (an attachment), streamed in batches; amounts as dollars with 2 decimals (negatives in parentheses) and whole coins.',
    query: LedgerFilter,
    async handler({ query, reply, uid }) {
      const params = [uid, query.currency ?? null, query.kind ?? null, query.status ?? null]
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="ledger-${day}.csv"`)
        .send(Readable.from(csvRows(s.db, params)))
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/balances',
    tag: 'account',
    summary:
      'Pending and payable cash (cents) and coins, summed over the ledger, with the withdrawal methods, minimums, coin rate and payout hold.',
    reply: BalancesReply,
    async handler({ uid }) {
      const sums = await s.sessions.sums(uid)
      const paysTestMoney = s.payouts?.paysTestMoney === true
      return {
        ...toBalances(sums),
        test: { cash_cents: sums.cash_test, coins: sums.coin_test },
        // the development payout provider pays test money too (as test money: nothing really moves)
        withdrawable: paysTestMoney
          ? { cash_cents: Math.max(0, sums.cash_payable), coins: Math.max(0, sums.coin_payable) }
          : withdrawableOf(sums),
        withdrawal: {
          pays_test_money: paysTestMoney,
          methods: [...METHODS],
          minimum_cents: MIN.cashCents,
          minimum_coins: MIN.coins,
          coins_per_dollar: COINS_PER_DOLLAR,
          hold_days: HOLD_DAYS,
        },
      }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/withdrawals',
    tag: 'account',
    summary: 'Cash and coin withdrawals, newest first.',
    query: PageQuery,
    reply: WithdrawalsReply,
    handler: ({ query, uid }) =>
      readPage(
        s.db,
        query,
        `SELECT ${WITHDRAWAL_COLS}, ${TOTAL_COL}
         FROM withdrawals WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [uid],
        toWithdrawal,
      ),
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/withdrawals',
    tag: 'account',
    summary: `Withdraw payable cash (cents, minimum ${MIN.cashCents}) or coins (minimum ${MIN.coins}, ${COINS_PER_DOLLAR} coins a dollar), confirmed with the password. The idempotency key makes a repeat answer the first answer (409 idempotency_conflict for another body); a first payout to new details is held ${HOLD_DAYS} days (release_at). Needs a verified email.`,
    body: WithdrawalRequest,
    reply: WithdrawalReply,
    replies: {
      409: 'The idempotency key was used for another request',
      422: 'Below the minimum, above the balance, a wrong password, or test money (test_money: booked by a development stand-in, never paid out)',
      429: 'Too many wrong passwords',
    },
    async handler({ body, uid, user }) {
      const me = user.row
      if (!me.is_verified) throw fail(403, 'email', 'Please verify your email', 'email_unverified')
      const min = body.kind === 'cash' ? MIN.cashCents : MIN.coins
      if (body.amount < min) {
        throw fail(
          422,
          'amount',
          body.kind === 'cash'
            ? `The minimum withdrawal is $${(min / 100).toFixed(2)}.`
            : `The minimum is ${min.toLocaleString('en-US')} coins.`,
          'below_minimum',
        )
      }
      // Wrong passwords count like sign-in attempts; the hash runs outside the transaction (no lock held).
      const limitKey = `withdraw:${uid}`
      const tooMany = () =>
        fail(429, 'password', 'Too many attempts. Please try again later.', 'too_many_attempts')
      if (await blockedFor(s.db, limitKey, s.limits.loginPerEmail, s.limits.windowSeconds)) throw tooMany()
      if (!(await verifyPassword(body.password, me.password_hash))) {
        if (await hit(s.db, limitKey, s.limits.loginPerEmail, s.limits.windowSeconds)) throw tooMany()
        throw fail(422, 'password', 'The password is not correct.', 'wrong_password')
      }
      const hash = requestHash(body)
      return s.sessions.changing(uid, async (tx) => {
        // One booking at a time per member: the row lock holds every other request of this member and
        // an account merge, which takes the same locks in the same order (lockMembers); on PGlite, one
        // connection, transactions run one after another anyway. A member merged away meanwhile is gone.
        if (!(await lockMembers(tx, [uid])).length)
          throw fail(401, 'auth', 'Please sign in to continue.', 'sign_in_required')
        const seen = await tx.one<{ request_hash: string; response: unknown }>(
          'SELECT request_hash, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
          [uid, body.idempotency_key],
        )
        if (seen) {
          if (seen.request_hash === hash) return seen.response
          throw fail(
            409,
            'idempotency_key',
            'This request was already made with other details.',
            'idempotency_conflict',
          )
        }
        const before = await sumsOf(tx, uid)
        if (body.amount > (body.kind === 'cash' ? before.cash_payable : before.coin_payable)) {
          throw fail(422, 'amount', 'The amount is more than your balance.', 'insufficient_balance')
        }
        // Test money (booked by a development stand-in) is never paid out by a real provider: only the
        // rest is withdrawable. The development payout provider (a stand-in too) pays it: the payout is
        // then test money itself (marked test, never sent to a real provider).
        const can = withdrawableOf(before)
        const usesTestMoney = body.amount > (body.kind === 'cash' ? can.cash_cents : can.coins)
        const provider = body.method === 'giftcard' ? s.giftCards : s.payouts
        if (usesTestMoney && !provider?.paysTestMoney) {
          throw fail(
            422,
            'amount',
            `Test money booked by a development stand-in is never paid out. You can withdraw up to ${
              body.kind === 'cash'
                ? `$${(can.cash_cents / 100).toFixed(2)}`
                : `${can.coins.toLocaleString('en-US')} coins`
            }.`,
            'test_money',
          )
        }
        // New payout details (never paid to before) wait until their hold ends; a second payout to
        // details still held waits until the same day.
        const known = await tx.one<{ paid: boolean | null; held_until: Date | null }>(
          `SELECT bool_or(status IN ('sending', 'sent', 'paid')) AS paid, min(release_at) FILTER (WHERE status = 'held') AS held_until
           FROM withdrawals WHERE user_id = $1 AND method = $2 AND lower(destination) = lower($3)`,
          [uid, body.method, body.destination],
        )
        const releaseAt = known?.paid
          ? null
          : known?.held_until
            ? new Date(known.held_until)
            : new Date(Date.now() + HOLD_DAYS * 86_400_000)
        const held = releaseAt !== null && HOLD_DAYS > 0
        const valueCents =
          body.kind === 'cash' ? body.amount : Math.floor((body.amount * 100) / COINS_PER_DOLLAR)
        // never paid at once: held (new details), in review (above the threshold), or sending (the
        // payout_send job sends it through the provider; server/lib/payouts.ts)
        const status = held ? 'held' : valueCents > constants.payouts.reviewAboveCents ? 'review' : 'sending'
        const w = (await tx.one<WithdrawalRow>(
          `INSERT INTO withdrawals (user_id, kind, amount, method, destination, status, release_at, value_cents, test)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${WITHDRAWAL_COLS}`,
          [
            uid,
            body.kind,
            body.amount,
            body.method,
            body.destination,
            status,
            held ? releaseAt.toISOString() : null,
            valueCents,
            usesTestMoney,
          ],
        ))!
        if (status === 'sending')
          await enqueue(tx, 'payout_send', { key: `payout_send:${w.id}`, payload: { id: w.id } })
        const to = METHOD_NAMES[body.method] ?? body.method
        await book(tx, {
          userId: uid,
          kind: 'withdrawal',
          currency: body.kind,
          amount: -body.amount,
          status: 'pending',
          test: usesTestMoney,
          reason:
            body.kind === 'cash'
              ? `Withdrawal to ${to}`
              : `Coin withdrawal: ${body.amount.toLocaleString('en-US')} coins ($${(valueCents / 100).toFixed(2)}) to ${to}`,
          expectedAt: held ? releaseAt : null,
          sourceRef: `withdrawal:${w.id}`,
        })
        const response = {
          success: true,
          data: toWithdrawal(w),
          balances: toBalances(await sumsOf(tx, uid)),
        }
        await tx.query(
          'INSERT INTO idempotency_keys (user_id, key, request_hash, response) VALUES ($1, $2, $3, $4::jsonb)',
          [uid, body.idempotency_key, hash, JSON.stringify(response)],
        )
        return response
      })
    },
  })

  async function purchases(
    uid: number,
    q: { page?: number; per_page?: number; status?: string; benefit_type?: string },
  ) {
    const page = pageOf(q)
    const where = `l.user_id = $1 AND l.kind IN ('cashback', 'plus_rebate')
      AND ($2::text IS NULL OR l.status = $2::text) AND ($3::text IS NULL OR l.benefit_type = $3::text)`
    // a conversion's reversal debit is shown with its purchase (its credit), not as a purchase of its own
    const listed = `${where} AND NOT (l.conversion_id IS NOT NULL AND l.amount < 0)`
    const rows = await s.db.query<PurchaseRow>(
      // the page first, then the way of its rows only
      `SELECT p.*, w.* FROM (
         ${LEDGER_SQL.replace('SELECT', `SELECT ${TOTAL_COL}, l.conversion_id AS way_conversion, l.user_id AS way_user,`)}
         WHERE ${listed}
         ORDER BY l.created_at DESC, l.id DESC ${page.sql}
       ) p LEFT JOIN LATERAL (${PURCHASE_WAY_SQL}) w ON true
       ORDER BY p.created_at DESC, p.id DESC`,
      [uid, q.status ?? null, q.benefit_type ?? null],
    )
    const totals = await s.db.query<{ status: string; cents: number }>(
      `SELECT l.status, sum(l.amount)::int AS cents FROM ledger l WHERE ${where.replace('$2::text IS NULL', 'true')}
       GROUP BY l.status`,
      [uid, q.status ?? null, q.benefit_type ?? null],
    )
    return {
      ...page.reply(rows, (r) => ({
        id: r.id,
        store: storeOf(r),
        benefit_type: r.benefit_type ?? 'cashback',
        order_amount_cents: r.order_amount_cents ?? r.sale_cents ?? 0,
        amount_cents: r.amount,
        status: r.status,
        reason: r.reason,
        expected_at: isoOrNull(r.expected_at),
        created_at: isoOf(r.created_at),
        test: r.test,
        timeline: timelineOf(r),
        reversal:
          r.rev_amount === null
            ? null
            : { amount_cents: r.rev_amount, status: r.rev_status!, created_at: isoOf(r.rev_created_at!) },
      })),
      totals: Object.fromEntries(totals.map((t) => [t.status, t.cents])),
    }
  }

  for (const [url, summary] of [
    [
      '/api/account/purchase-history',
      'Purchases (cash back and Plus rebates of the ledger) with their status (pending, confirmed, payable, paid, declined).',
    ],
    [
      '/api/account/rebates',
      'Rebates, optionally of one benefit type (/account/rebates/{benefit_type}), with totals by status.',
    ],
  ] as const) {
    memberRoute(app, s, {
      method: 'GET',
      url,
      tag: 'account',
      summary,
      query: RebatesQuery,
      reply: RebatesReply,
      handler: ({ query, uid }) => purchases(uid, query),
    })
  }

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/coins/history',
    tag: 'account',
    summary: 'Coin earnings and spendings (the coin rows of the ledger) with the payable coin balance.',
    query: PageQuery,
    reply: CoinHistoryReply,
    handler: async ({ query, uid }) => ({
      ...(await readPage(
        s.db,
        query,
        `SELECT id, amount, reason, created_at, test, ${TOTAL_COL} FROM ledger
         WHERE user_id = $1 AND currency = 'coin' AND status NOT IN ('declined', 'reversed')
         ORDER BY created_at DESC, id DESC`,
        [uid],
        withIsoCreatedAt<CoinRow>,
      )),
      balance: (await s.sessions.sums(uid)).coin_payable,
    }),
  })
}
