import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import {
  DevClickRequest,
  InquiriesReply,
  type Inquiry,
  InquiryReply,
  InquiryRequest,
  InquiryStoresReply,
} from '../../plugins/account/contract.ts'
import { constants } from '../../src/config/constants.ts'
import type { Db } from '../db/index.ts'
import { clicksAt, dayOf, inquiryWindow, matchInquiries } from '../lib/cashback/inquiries.ts'
import { afterCashbackChanges } from '../lib/cashback/notify.ts'
import { fail, HttpError } from '../lib/http.ts'
import { devMemberRoute, storeForTest } from '../lib/member-by-email.ts'
import { dataOf, isoOf, isoOrNull } from '../lib/present.ts'
import { memberRoute } from '../lib/route.ts'
import type { Services } from '../services.ts'

const C = constants.cashback
const DAY_MS = 86_400_000
const LIST_MAX = 200

interface InquiryRow {
  id: number
  internal_name: string
  name: string
  logo: string
  order_id: string
  /** YYYY-MM-DD (to_char: the drivers would read a date column differently) */
  ordered_on: string
  amount_cents: number
  status: Inquiry['status']
  created_at: Date
  matched_at: Date | null
}

const INQUIRY_SQL = `SELECT i.id, s.internal_name, s.name, s.logo, i.order_id, to_char(i.ordered_on, 'YYYY-MM-DD') AS ordered_on, i.amount_cents, i.status,
    i.created_at, i.matched_at
  FROM cashback_inquiries i JOIN stores s ON s.id = i.store_id`

const toInquiry = (r: InquiryRow): Inquiry => ({
  id: r.id,
  store: { internal_name: r.internal_name, name: r.name, logo_url: r.logo },
  order_id: r.order_id,
  ordered_on: r.ordered_on,
  amount_cents: r.amount_cents,
  status: r.status,
  created_at: isoOf(r.created_at),
  matched_at: isoOrNull(r.matched_at),
})

/** A store the member left for lately: its first and last click of the inquiry window. */
interface InquiryStoreRow {
  internal_name: string
  name: string
  logo: string
  first_at: Date
  last_at: Date
}

/** When an inquiry at the store opens and closes, and the order dates it takes (up to `today`). */
const toInquiryStore = (r: InquiryStoreRow, today: string) => ({
  internal_name: r.internal_name,
  name: r.name,
  logo_url: r.logo,
  last_click_at: isoOf(r.last_at),
  open_from: dayOf(new Date(new Date(r.first_at).getTime() + C.inquiryMinDaysAfterClick * DAY_MS)),
  open_until: dayOf(new Date(new Date(r.last_at).getTime() + C.inquiryMaxDaysAfterClick * DAY_MS)),
  order_from: dayOf(new Date(r.first_at)),
  order_to: today,
})

async function inquiryOf(db: Db, id: number): Promise<Inquiry> {
  return toInquiry((await db.one<InquiryRow>(`${INQUIRY_SQL} WHERE i.id = $1`, [id]))!)
}

const REFUSALS: Record<string, (date: string) => string> = {
  no_click: () =>
    'We have no record of you leaving for this store from our site. Missing cash back can be reported for stores you visited through us.',
  too_soon: (d) => `Networks need time to report an order: you can report this purchase from ${d}.`,
  too_late: (d) =>
    `The time to report a purchase at this store after your last visit through us ended on ${d}.`,
  order_in_future: () => 'The order date cannot be in the future.',
  order_before_click: (d) =>
    `The order date is before your first visit to this store through us (${d}); please check the date.`,
}

/**
 * Missing cash back (issue 26 item 5): a member files an inquiry about a purchase that did not track;
 * it is matched at once against parked conversions (server/lib/cashback/inquiries.ts), else stays under
 * review with the date it was filed.
 */
export async function inquiryRoutes(app: FastifyInstance, s: Services) {
  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/cashback-inquiries',
    tag: 'account',
    summary: `Report missing cash back: the store (internal name), order date, order number and amount (cents). Allowed from ${C.inquiryMinDaysAfterClick} days after a click of the member at that store and within ${C.inquiryMaxDaysAfterClick} days of it (422 no_click, too_soon or too_late, with the date in \`date\`; order_in_future; order_before_click); one per member, store and order number (409 inquiry_exists). Matched at once against the conversions a network reported without a known click (status matched), else under_review. Needs a verified email.`,
    body: InquiryRequest,
    reply: InquiryReply,
    replies: { 403: 'email_unverified', 404: 'unknown_store', 409: 'inquiry_exists', 422: 'refused' },
    async handler({ req, body, user }) {
      const me = user.row
      if (!me.is_verified) throw fail(403, 'email', 'Please verify your email', 'email_unverified')
      const store = await s.db.one<{ id: number }>('SELECT id FROM stores WHERE internal_name = $1', [
        body.store,
      ])
      if (!store) throw fail(404, 'store', 'Unknown store.', 'unknown_store')
      const window = inquiryWindow(await clicksAt(s.db, me.id, store.id), body.ordered_on)
      if (!window.ok) {
        const date = 'date' in window ? window.date : ''
        const field =
          window.code === 'order_in_future' || window.code === 'order_before_click' ? 'ordered_on' : 'store'
        throw new HttpError(422, { [field]: [REFUSALS[window.code]!(date)] }, date ? { date } : {}, {
          [field]: window.code,
        })
      }
      const row = await s.db.one<{ id: number }>(
        `INSERT INTO cashback_inquiries (user_id, store_id, click_id, order_id, ordered_on, amount_cents)
         VALUES ($1, $2, $3, $4, $5::date, $6)
         ON CONFLICT (user_id, store_id, order_id) DO NOTHING RETURNING id`,
        [me.id, store.id, window.clickId, body.order_id, body.ordered_on, body.amount_cents],
      )
      if (!row)
        throw fail(409, 'order_id', 'You have already reported this order at this store.', 'inquiry_exists')
      const changes = await matchInquiries(s.db, {
        inquiryIds: [row.id],
        onError: (e) => req.log.error({ err: e }, 'missing cash back: matching the new inquiry failed'),
      })
      if (changes.length) await afterCashbackChanges(s, changes)
      return { data: await inquiryOf(s.db, row.id) }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/cashback-inquiries',
    tag: 'account',
    summary: `The member's missing cash back inquiries, newest first (at most ${LIST_MAX}).`,
    reply: InquiriesReply,
    handler: ({ uid }) =>
      dataOf(
        s.db,
        `${INQUIRY_SQL} WHERE i.user_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT ${LIST_MAX}`,
        [uid],
        toInquiry,
      ),
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/cashback-inquiries/stores',
    tag: 'account',
    summary: `The stores the member left for in the last ${C.inquiryMaxDaysAfterClick} days (the inquiry form's store picker), latest visit first: when an inquiry opens (the first such visit + ${C.inquiryMinDaysAfterClick} days) and closes (the last + ${C.inquiryMaxDaysAfterClick}), and the earliest and latest order dates.`,
    reply: InquiryStoresReply,
    async handler({ uid }) {
      const rows = await s.db.query<InquiryStoreRow>(
        `SELECT s.internal_name, s.name, s.logo, min(c.created_at) AS first_at, max(c.created_at) AS last_at
         FROM clicks c JOIN stores s ON s.id = c.store_id
         WHERE c.user_id = $1 AND c.created_at >= now() - make_interval(days => $2::int)
         GROUP BY s.id, s.internal_name, s.name, s.logo ORDER BY max(c.created_at) DESC LIMIT ${LIST_MAX}`,
        [uid, C.inquiryMaxDaysAfterClick],
      )
      const today = dayOf(new Date())
      return { data: rows.map((r) => toInquiryStore(r, today)) }
    },
  })

  // Test mode only (never registered in production): an aged click for the end-to-end tests.
  if (s.mode !== 'production')
    devMemberRoute(app, s, '/api/dev/clicks', {
      summary:
        "Test mode only: a click of the member at a store (internal name, else the first store) days_ago days ago, at the store's rate (to file a missing cash back inquiry in the end-to-end tests).",
      body: DevClickRequest,
      async handler({ body, uid }) {
        const store = await storeForTest(s.db, body.store)
        const id = randomBytes(16).toString('base64url')
        await s.db.query(
          `INSERT INTO clicks (id, user_id, store_id, rate_type, rate_value, created_at)
           SELECT $1, $2, id, rate_type, rate_value, now() - make_interval(secs => $4::float8) FROM stores WHERE id = $3`,
          [id, uid, store.id, body.days_ago * 86_400],
        )
        return { success: true, store: store.internal_name }
      },
    })
}
