import type { FastifyInstance } from 'fastify'
import {
  AdjustmentIdParams,
  AdjustmentRejectRequest,
  AdjustmentReply,
  AdjustmentRequest,
  AdjustmentsQuery,
  AdjustmentsReply,
  MemberClicksReply,
  type MemberDetail,
  MemberIdParams,
  MemberLedgerReply,
  MemberLockRequest,
  MemberPageQuery,
  MemberReply,
  MemberSearchQuery,
  MemberSearchReply,
} from '../../../plugins/staff/members/contract.ts'
import { constants } from '../../../src/config/constants.ts'
import type { Db } from '../../db/index.ts'
import { fail } from '../../lib/http.ts'
import { sumsOf } from '../../lib/ledger.ts'
import { dataOf, isoOf, isoOrNull, readPage, TOTAL_COL, withIsoCreatedAt } from '../../lib/present.ts'
import { decideAdjustment, listAdjustments, requestAdjustment } from '../../lib/staff/adjustments.ts'
import { audit } from '../../lib/staff/audit.ts'
import { staffRoute } from '../../lib/staff/route.ts'
import type { Services } from '../../services.ts'

/** Rows per page of a member's ledger and clicks. */
const PER_PAGE = 20
/** The most members a lookup lists. */
const LOOKUP_LIMIT = 20
/** The latest one-time sign-in links shown. */
const SIGN_IN_LINKS = 10

/** Who may look members up and read their page: support, and finance (who adjust). */
const READERS = ['support', 'finance'] as const

interface MemberRow {
  id: number
  email: string
  pending_email: string | null
  name: string
  phone: string | null
  country_code: string
  is_verified: boolean
  created_at: Date
  partner: string
  plus_active: boolean
  locked_at: Date | null
  locked_reason: string | null
  tokens_valid_after: Date
}

async function memberDetail(db: Db, id: number): Promise<MemberDetail> {
  const u = await db.one<MemberRow>(
    `SELECT id, email, pending_email, name, phone, country_code, is_verified, created_at, partner, plus_active,
       locked_at, locked_reason, tokens_valid_after FROM users WHERE id = $1`,
    [id],
  )
  if (!u) throw fail(404, 'member', 'There is no member with this id.', 'member_not_found')
  const sums = await sumsOf(db, id)
  const linked = await db.query<{
    id: number
    provider: string
    account_email: string
    status: string
    created_at: Date
    last_synced_at: Date | null
    sync_error: string | null
  }>(
    `SELECT id, provider, account_email, status, created_at, last_synced_at, sync_error
     FROM linked_accounts WHERE user_id = $1 ORDER BY id`,
    [id],
  )
  const links = await db.query<{ created_at: Date; expires_at: Date; used_at: Date | null }>(
    `SELECT created_at, expires_at, used_at FROM login_codes WHERE user_id = $1 ORDER BY created_at DESC LIMIT ${SIGN_IN_LINKS}`,
    [id],
  )
  const signedOut = new Date(u.tokens_valid_after)
  return {
    id: u.id,
    email: u.email,
    pending_email: u.pending_email,
    name: u.name,
    phone: u.phone,
    country_code: u.country_code,
    is_verified: u.is_verified,
    created_at: isoOf(u.created_at),
    partner: u.partner,
    plus_active: u.plus_active,
    locked_at: isoOrNull(u.locked_at),
    locked_reason: u.locked_reason,
    balances: {
      cash_pending_cents: sums.cash_pending,
      cash_payable_cents: sums.cash_payable,
      coin_pending: sums.coin_pending,
      coin_payable: sums.coin_payable,
    },
    linked_accounts: linked.map((l) => ({
      ...l,
      created_at: isoOf(l.created_at),
      last_synced_at: isoOrNull(l.last_synced_at),
    })),
    sessions: {
      token_life_days: constants.loginLifeDays,
      signed_out_everywhere_at: signedOut.getTime() > 0 ? signedOut.toISOString() : null,
      sign_in_links: links.map((l) => ({
        created_at: isoOf(l.created_at),
        expires_at: isoOf(l.expires_at),
        used_at: isoOrNull(l.used_at),
      })),
    },
  }
}

const memberExists = async (db: Db, id: number) => {
  if (!(await db.one('SELECT 1 FROM users WHERE id = $1', [id])))
    throw fail(404, 'member', 'There is no member with this id.', 'member_not_found')
}

/** LIKE's wildcards taken literally. */
const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Issue 28, the staff console: member lookup, lock, adjustments with four eyes (helper 4). */
export async function staffMemberRoutes(app: FastifyInstance, s: Services) {
  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/members',
    tag: 'staff',
    summary: `Look members up by e-mail (a part of it) or by id: at most ${LOOKUP_LIMIT}, the exact match first.`,
    roles: READERS,
    query: MemberSearchQuery,
    reply: MemberSearchReply,
    async handler({ query }) {
      const q = query.q
      const id = /^\d{1,9}$/.test(q) ? Number(q) : null
      return dataOf(
        s.db,
        `SELECT id, email, name, created_at, locked_at IS NOT NULL AS locked FROM users
         WHERE id = $1 OR lower(email) LIKE '%' || lower($2) || '%' ESCAPE '\\'
         ORDER BY (id = $1 OR lower(email) = lower($3)) DESC, lower(email) LIMIT ${LOOKUP_LIMIT}`,
        [id, likeText(q), q],
        withIsoCreatedAt<{ id: number; email: string; name: string; created_at: Date; locked: boolean }>,
      )
    },
  })

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/members/:id',
    tag: 'staff',
    summary:
      "A member's page: profile, balances, lock, linked accounts and what the app keeps of their sessions (when every earlier token was made invalid, the one-time sign-in links).",
    roles: READERS,
    params: MemberIdParams,
    reply: MemberReply,
    replies: { 404: 'member_not_found' },
    handler: async ({ params }) => ({ data: await memberDetail(s.db, params.id) }),
  })

  // a member's ledger rows and clicks: pages of one member's rows, newest first
  for (const list of [
    {
      what: 'ledger',
      summary: `A member's ledger rows, newest first, ${PER_PAGE} a page, with each row's source reference.`,
      reply: MemberLedgerReply,
      sql: `SELECT id, kind, currency, amount, status, reason, source_ref, created_at, test, ${TOTAL_COL}
        FROM ledger WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    },
    {
      what: 'clicks',
      summary: `A member's clicks to stores, newest first, ${PER_PAGE} a page.`,
      reply: MemberClicksReply,
      sql: `SELECT c.id, st.name AS store, c.rate_type, c.rate_value, c.device, c.created_at, ${TOTAL_COL}
        FROM clicks c JOIN stores st ON st.id = c.store_id WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.id`,
    },
  ]) {
    staffRoute(app, s, {
      method: 'GET',
      url: `/api/staff/members/:id/${list.what}`,
      tag: 'staff',
      summary: list.summary,
      roles: READERS,
      params: MemberIdParams,
      query: MemberPageQuery,
      reply: list.reply,
      replies: { 404: 'member_not_found' },
      async handler({ params, query }) {
        await memberExists(s.db, params.id)
        return readPage(
          s.db,
          { page: query.page },
          list.sql,
          [params.id],
          withIsoCreatedAt<{ created_at: Date }>,
          PER_PAGE,
        )
      },
    })
  }

  for (const lock of [true, false]) {
    staffRoute(app, s, {
      method: 'POST',
      url: `/api/staff/members/:id/${lock ? 'lock' : 'unlock'}`,
      tag: 'staff',
      summary: lock
        ? 'Lock a member, with the reason: they cannot sign in, and every token they hold stops working (also after an unlock).'
        : 'Unlock a locked member, with the reason: they can sign in again.',
      roles: ['support'],
      params: MemberIdParams,
      body: MemberLockRequest,
      reply: MemberReply,
      replies: { 404: 'member_not_found', 409: lock ? 'member_already_locked' : 'member_not_locked' },
      async handler({ params, body, staff }) {
        await memberExists(s.db, params.id)
        await s.sessions.changing(params.id, async (tx) => {
          const before = await tx.one<{ locked_at: Date | null; locked_reason: string | null }>(
            'SELECT locked_at, locked_reason FROM users WHERE id = $1 FOR UPDATE',
            [params.id],
          )
          if (lock ? before?.locked_at : !before?.locked_at)
            throw lock
              ? fail(409, 'member', 'This member is already locked.', 'member_already_locked')
              : fail(409, 'member', 'This member is not locked.', 'member_not_locked')
          // a lock also ends every token issued so far: they stay invalid after an unlock
          await tx.query(
            lock
              ? 'UPDATE users SET locked_at = now(), locked_reason = $2, tokens_valid_after = now() WHERE id = $1'
              : 'UPDATE users SET locked_at = NULL, locked_reason = NULL WHERE id = $1',
            lock ? [params.id, body.reason] : [params.id],
          )
          await audit(
            tx,
            staff,
            lock ? 'member.lock' : 'member.unlock',
            `user:${params.id}`,
            { locked: !lock, locked_reason: before?.locked_reason ?? null },
            { locked: lock, reason: body.reason },
          )
        })
        return { data: await memberDetail(s.db, params.id) }
      },
    })
  }

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/members/:id/adjustments',
    tag: 'staff',
    summary: "A member's manual adjustments, newest first.",
    roles: READERS,
    params: MemberIdParams,
    reply: AdjustmentsReply,
    async handler({ params }) {
      await memberExists(s.db, params.id)
      return { data: await listAdjustments(s.db, { userId: params.id }) }
    },
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/members/:id/adjustments',
    tag: 'staff',
    summary: `Book a manual cash adjustment with a reason (kind adjustment, source_ref adjustment:<id>). Above ${constants.staff.adjustmentApprovalAboveCents} cents (absolute) it waits for a second staff member (status pending).`,
    roles: ['finance'],
    params: MemberIdParams,
    body: AdjustmentRequest,
    reply: AdjustmentReply,
    replies: { 404: 'member_not_found', 409: "balance_too_low: a debit beyond the member's payable cash" },
    async handler({ params, body, staff, reply }) {
      const a = await requestAdjustment(s, staff, params.id, body.amount_cents, body.reason)
      reply.code(a.status === 'pending' ? 202 : 201)
      return { data: a }
    },
  })

  staffRoute(app, s, {
    method: 'GET',
    url: '/api/staff/adjustments',
    tag: 'staff',
    summary: 'Adjustments of every member by status (default pending, oldest first): the four-eyes queue.',
    roles: ['finance'],
    query: AdjustmentsQuery,
    reply: AdjustmentsReply,
    handler: async ({ query }) => ({
      data: await listAdjustments(s.db, { status: query.status ?? 'pending' }),
    }),
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/adjustments/:id/approve',
    tag: 'staff',
    summary:
      'A second staff member (not the requester) approves a pending adjustment: it is booked once, however many approve at the same time.',
    roles: ['finance'],
    params: AdjustmentIdParams,
    reply: AdjustmentReply,
    replies: {
      403: 'adjustment_own_request: the requester cannot approve',
      404: 'adjustment_not_found',
      409: 'adjustment_decided, or balance_too_low',
    },
    handler: async ({ params, staff }) => ({
      data: await decideAdjustment(s, staff, params.id, { approve: true }),
    }),
  })

  staffRoute(app, s, {
    method: 'POST',
    url: '/api/staff/adjustments/:id/reject',
    tag: 'staff',
    summary:
      'A second staff member (not the requester) rejects a pending adjustment with a reason: nothing is booked.',
    roles: ['finance'],
    params: AdjustmentIdParams,
    body: AdjustmentRejectRequest,
    reply: AdjustmentReply,
    replies: {
      403: 'adjustment_own_request',
      404: 'adjustment_not_found',
      409: 'adjustment_decided',
    },
    handler: async ({ params, body, staff }) => ({
      data: await decideAdjustment(s, staff, params.id, { approve: false, reason: body.reason }),
    }),
  })
}
