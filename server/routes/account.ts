import type { FastifyInstance } from 'fastify'
import {
  CoinHistoryReply,
  GiftCardParams,
  GiftCardsReply,
  GiftRedeemReply,
  GiftRedeemRequest,
  GiveCreditQuery,
  GiveCreditReply,
  MarkReadRequest,
  NotificationsReply,
  PageQuery,
  ProfileReply,
  ProfileUpdate,
  RebatesQuery,
  RebatesReply,
  ReferralsReply,
  SettingsReply,
  SettingsUpdate,
  WithdrawalReply,
  WithdrawalRequest,
  WithdrawalsReply,
} from '../../plugins/account/contract.ts'
import { DashboardReply } from '../../plugins/mobile/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail } from '../lib/http.ts'
import { isoOf, isoOrNull, paged } from '../lib/present.ts'
import { route } from '../lib/route.ts'
import type { UserRow } from '../lib/session.ts'
import type { Services } from '../services.ts'

const PROMO_CENTS = 500
const MIN = constants.withdrawalMinimum

function toProfile(u: UserRow) {
  return {
    user_id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    country_code: u.country_code,
    is_verified: u.is_verified,
    created_at: isoOf(u.created_at),
    rebate_address: (u.rebate_address as never) ?? null,
    cash_balance_cents: u.cash_balance_cents,
    coin_balance: u.coin_balance,
  }
}

function toSettings(u: UserRow) {
  const st = u.settings ?? {}
  const t = u.terms ?? {}
  return {
    email_offers: st.email_offers !== false,
    email_rebates: st.email_rebates !== false,
    sms: st.sms === true,
    language: st.language === 'es' ? ('es' as const) : ('en' as const),
    terms: {
      firefox: t.firefox === true,
      pii: t.pii === true,
      stats: t.stats !== false,
      cookies: t.cookies !== false,
    },
  }
}

export async function accountRoutes(app: FastifyInstance, s: Services) {
  async function rebates(
    uid: number,
    q: { page?: number; per_page?: number; status?: string; benefit_type?: string },
  ) {
    const page = q.page ?? 1
    const per = q.per_page ?? 20
    const rows = await s.db.query<{
      id: number
      benefit_type: string
      order_amount_cents: number
      amount_cents: number
      status: 'pending'
      reason: string
      expected_at: Date | null
      created_at: Date
      internal_name: string | null
      name: string | null
      logo: string | null
      total: number
    }>(
      `SELECT r.id, r.benefit_type, r.order_amount_cents, r.amount_cents, r.status, r.reason, r.expected_at, r.created_at,
         s.internal_name, s.name, s.logo, count(*) OVER ()::int AS total
       FROM rebates r LEFT JOIN stores s ON s.id = r.store_id
       WHERE r.user_id = $1 AND ($2::text IS NULL OR r.status = $2::text) AND ($3::text IS NULL OR r.benefit_type = $3::text)
       ORDER BY r.created_at DESC, r.id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`,
      [uid, q.status ?? null, q.benefit_type ?? null],
    )
    const totals = await s.db.query<{ status: string; cents: number }>(
      `SELECT status, sum(amount_cents)::int AS cents FROM rebates
       WHERE user_id = $1 AND ($2::text IS NULL OR benefit_type = $2::text) GROUP BY status`,
      [uid, q.benefit_type ?? null],
    )
    return {
      ...paged(
        rows.map((r) => ({
          id: r.id,
          store: r.internal_name
            ? { internal_name: r.internal_name, name: r.name!, logo_url: r.logo! }
            : null,
          benefit_type: r.benefit_type,
          order_amount_cents: r.order_amount_cents,
          amount_cents: r.amount_cents,
          status: r.status,
          reason: r.reason,
          expected_at: isoOrNull(r.expected_at),
          created_at: isoOf(r.created_at),
        })),
        page,
        per,
        rows[0]?.total ?? 0,
      ),
      totals: Object.fromEntries(totals.map((t) => [t.status, t.cents])),
    }
  }

  route(app, s, {
    method: 'GET',
    url: '/api/account/purchase-history',
    tag: 'account',
    summary: 'Purchases with their cash back and status (pending, confirmed, payable, paid, declined).',
    auth: 'required',
    query: RebatesQuery,
    reply: RebatesReply,
    handler: ({ query, user }) => rebates(user!.row.id, query),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/rebates',
    tag: 'account',
    summary:
      'Rebates, optionally of one benefit type (/account/rebates/{benefit_type}), with totals by status.',
    auth: 'required',
    query: RebatesQuery,
    reply: RebatesReply,
    handler: ({ query, user }) => rebates(user!.row.id, query),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/notifications',
    tag: 'account',
    summary: 'Notifications, newest first, with the unread count.',
    auth: 'required',
    query: PageQuery,
    reply: NotificationsReply,
    async handler({ query, user }) {
      const page = query.page ?? 1
      const per = query.per_page ?? 20
      const rows = await s.db.query<{
        id: number
        title: string
        body: string
        read_at: Date | null
        created_at: Date
        total: number
        unread: number
      }>(
        `SELECT id, title, body, read_at, created_at, count(*) OVER ()::int AS total,
           (count(*) FILTER (WHERE read_at IS NULL) OVER ())::int AS unread
         FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`,
        [user!.row.id],
      )
      return {
        ...paged(
          rows.map((r) => ({
            id: r.id,
            title: r.title,
            body: r.body,
            read: r.read_at !== null,
            created_at: isoOf(r.created_at),
          })),
          page,
          per,
          rows[0]?.total ?? 0,
        ),
        unread: rows[0]?.unread ?? 0,
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/account/notifications/read',
    tag: 'account',
    summary: 'Mark notifications read (all when ids is omitted).',
    auth: 'required',
    body: MarkReadRequest,
    async handler({ body, user }) {
      await s.db.query(
        'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::int[] IS NULL OR id = ANY($2::int[]))',
        [user!.row.id, body.ids ?? null],
      )
      return { success: true }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/withdrawals',
    tag: 'account',
    summary: 'Cash and coin withdrawals.',
    auth: 'required',
    query: PageQuery,
    reply: WithdrawalsReply,
    async handler({ query, user }) {
      const page = query.page ?? 1
      const per = query.per_page ?? 20
      const rows = await s.db.query<{
        id: number
        kind: 'cash'
        amount: number
        method: string
        destination: string
        status: string
        created_at: Date
        total: number
      }>(
        `SELECT id, kind, amount, method, destination, status, created_at, count(*) OVER ()::int AS total
         FROM withdrawals WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`,
        [user!.row.id],
      )
      return paged(
        rows.map(({ total: _, ...r }) => ({ ...r, created_at: isoOf(r.created_at) })),
        page,
        per,
        rows[0]?.total ?? 0,
      )
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/account/withdrawals',
    tag: 'account',
    summary: `Withdraw cash (cents, minimum ${MIN.cashCents}) or coins (minimum ${MIN.coins} coins). Needs a verified email.`,
    auth: 'required',
    body: WithdrawalRequest,
    reply: WithdrawalReply,
    async handler({ body, user }) {
      const uid = user!.row.id
      if (!user!.row.is_verified) throw fail(403, 'email', 'Please verify your email', 'email_unverified')
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
      const col = body.kind === 'cash' ? 'cash_balance_cents' : 'coin_balance'
      const out = await s.db.transaction(async (tx) => {
        const u = await tx.one<{ cash_balance_cents: number; coin_balance: number }>(
          `UPDATE users SET ${col} = ${col} - $2 WHERE id = $1 AND ${col} >= $2 RETURNING cash_balance_cents, coin_balance`,
          [uid, body.amount],
        )
        if (!u) throw fail(422, 'amount', 'The amount is more than your balance.', 'insufficient_balance')
        const w = await tx.one<{
          id: number
          kind: 'cash'
          amount: number
          method: string
          destination: string
          status: string
          created_at: Date
        }>(
          `INSERT INTO withdrawals (user_id, kind, amount, method, destination) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, kind, amount, method, destination, status, created_at`,
          [uid, body.kind, body.amount, body.method, body.destination],
        )
        if (body.kind === 'coin') {
          await tx.query('INSERT INTO coin_transactions (user_id, amount, reason) VALUES ($1, $2, $3)', [
            uid,
            -body.amount,
            'Coin withdrawal',
          ])
        }
        return { success: true, data: { ...w!, created_at: isoOf(w!.created_at) }, ...u! }
      })
      s.sessions.forget(uid)
      return out
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/coins/history',
    tag: 'account',
    summary: 'Coin earnings and spendings with the balance.',
    auth: 'required',
    query: PageQuery,
    reply: CoinHistoryReply,
    async handler({ query, user }) {
      const page = query.page ?? 1
      const per = query.per_page ?? 20
      const rows = await s.db.query<{
        id: number
        amount: number
        reason: string
        created_at: Date
        total: number
      }>(
        `SELECT id, amount, reason, created_at, count(*) OVER ()::int AS total FROM coin_transactions
         WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`,
        [user!.row.id],
      )
      return {
        ...paged(
          rows.map(({ total: _, ...r }) => ({ ...r, created_at: isoOf(r.created_at) })),
          page,
          per,
          rows[0]?.total ?? 0,
        ),
        balance: user!.row.coin_balance,
      }
    },
  })

  const giftCols = 'id, brand, amount_cents, code, status, expires_at, redeemed_at'
  type GiftRow = {
    id: number
    brand: string
    amount_cents: number
    code: string
    status: string
    expires_at: Date
    redeemed_at: Date | null
  }
  const toGift = (g: GiftRow) => ({
    ...g,
    expires_at: isoOf(g.expires_at),
    redeemed_at: isoOrNull(g.redeemed_at),
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/gift-cards',
    tag: 'account',
    summary: 'Gift card history.',
    auth: 'required',
    reply: GiftCardsReply,
    async handler({ user }) {
      const rows = await s.db.query<GiftRow>(
        `SELECT ${giftCols} FROM gift_cards WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [user!.row.id],
      )
      return { data: rows.map(toGift) }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/gift/redeem',
    tag: 'account',
    summary: 'Redeem a gift card code into the cash balance (/gift/redeem).',
    auth: 'required',
    body: GiftRedeemRequest,
    reply: GiftRedeemReply,
    async handler({ body, user }) {
      const uid = user!.row.id
      const out = await s.db.transaction(async (tx) => {
        const g = await tx.one<GiftRow>(
          `UPDATE gift_cards SET status = 'redeemed', redeemed_at = now(), user_id = $2
           WHERE upper(code) = upper($1) AND status = 'active' AND expires_at > now() RETURNING ${giftCols}`,
          [body.code, uid],
        )
        if (!g)
          throw fail(
            422,
            'code',
            'This gift card code is not valid or was already used.',
            'gift_code_invalid',
          )
        const u = await tx.one<{ cash_balance_cents: number }>(
          'UPDATE users SET cash_balance_cents = cash_balance_cents + $2 WHERE id = $1 RETURNING cash_balance_cents',
          [uid, g.amount_cents],
        )
        return { success: true, data: toGift(g), cash_balance_cents: u!.cash_balance_cents }
      })
      s.sessions.forget(uid)
      return out
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/account/gift-cards/:id/replace',
    tag: 'account',
    summary:
      'Replace an expired gift card with a new code of the same amount (/account/update-expired-gift-card).',
    auth: 'required',
    params: GiftCardParams,
    async handler({ params, user }) {
      const old = await s.db.one<GiftRow>(
        `UPDATE gift_cards SET status = 'replaced' WHERE id = $1 AND user_id = $2 AND (status = 'expired' OR (status = 'active' AND expires_at <= now()))
         RETURNING ${giftCols}`,
        [params.id, user!.row.id],
      )
      if (!old) throw fail(422, 'id', 'Only an expired gift card can be replaced.', 'gift_card_not_expired')
      const code = `GC-${crypto.randomUUID().slice(0, 8).toUpperCase()}`
      const g = await s.db.one<GiftRow>(
        `INSERT INTO gift_cards (user_id, brand, amount_cents, code, status, expires_at)
         VALUES ($1, $2, $3, $4, 'active', now() + interval '1 year') RETURNING ${giftCols}`,
        [user!.row.id, old.brand, old.amount_cents, code],
      )
      return { success: true, data: toGift(g!) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/profile',
    tag: 'account',
    summary: 'Profile of the signed-in member.',
    auth: 'required',
    reply: ProfileReply,
    async handler({ user }) {
      return { data: toProfile((await s.sessions.user(user!.row.id, true))!) }
    },
  })

  route(app, s, {
    method: 'PUT',
    url: '/api/account/profile',
    tag: 'account',
    summary: 'Change name, phone, country or rebate address.',
    auth: 'required',
    body: ProfileUpdate,
    reply: ProfileReply,
    async handler({ body, user }) {
      const u = await s.db.one<UserRow>(
        `UPDATE users SET name = COALESCE($2, name), phone = CASE WHEN $3 THEN $4 ELSE phone END,
           country_code = COALESCE($5, country_code),
           rebate_address = CASE WHEN $6 THEN $7::jsonb ELSE rebate_address END
         WHERE id = $1 RETURNING *`,
        [
          user!.row.id,
          body.name ?? null,
          body.phone !== undefined,
          body.phone ?? null,
          body.country_code ?? null,
          body.rebate_address !== undefined,
          body.rebate_address ? JSON.stringify(body.rebate_address) : null,
        ],
      )
      s.sessions.forget(user!.row.id)
      return { data: toProfile(u!) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/settings',
    tag: 'account',
    summary: 'E-mail and SMS preferences, language and consent terms.',
    auth: 'required',
    reply: SettingsReply,
    async handler({ user }) {
      return { data: toSettings((await s.sessions.user(user!.row.id, true))!) }
    },
  })

  route(app, s, {
    method: 'PUT',
    url: '/api/account/settings',
    tag: 'account',
    summary: 'Change preferences (any subset).',
    auth: 'required',
    body: SettingsUpdate,
    reply: SettingsReply,
    async handler({ body, user }) {
      const { terms, ...rest } = body
      const u = await s.db.one<UserRow>(
        `UPDATE users SET settings = settings || $2::jsonb, terms = terms || $3::jsonb WHERE id = $1 RETURNING *`,
        [user!.row.id, JSON.stringify(rest), JSON.stringify(terms ?? {})],
      )
      s.sessions.forget(user!.row.id)
      return { data: toSettings(u!) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/referrals',
    tag: 'account',
    summary: 'Referral code, link, friends who joined and what they earned you.',
    auth: 'required',
    reply: ReferralsReply,
    async handler({ req, user }) {
      const rows = await s.db.query<{ name: string; created_at: Date; is_verified: boolean }>(
        'SELECT name, created_at, is_verified FROM users WHERE referred_by = $1 ORDER BY created_at DESC',
        [user!.row.id],
      )
      const host = req.headers.host ?? 'localhost:3000'
      return {
        data: {
          code: user!.row.referral_code,
          link: `${req.protocol}://${host}/refer?ref=${user!.row.referral_code}`,
          earned_cents: rows.filter((r) => r.is_verified).length * 500,
          referred: rows.map((r) => ({
            name: `${r.name.split(' ')[0] ?? ''} ${r.name.split(' ')[1]?.[0] ?? ''}.`.trim(),
            joined_at: isoOf(r.created_at),
            status: r.is_verified ? 'earned' : 'pending',
          })),
        },
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/give-credit',
    tag: 'account',
    summary:
      'The sign-up promo credit ($5) for register_promo flow1 or flow5 (?ucb=flow5); once per member and flow.',
    auth: 'required',
    query: GiveCreditQuery,
    reply: GiveCreditReply,
    async handler({ query, user }) {
      const uid = user!.row.id
      const flow = query.ucb ?? 'flow1'
      const out = await s.db.transaction(async (tx) => {
        const fresh = await tx.one(
          'INSERT INTO promo_credits (user_id, flow, amount_cents) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING flow',
          [uid, flow, PROMO_CENTS],
        )
        const u = await tx.one<{ cash_balance_cents: number }>(
          'UPDATE users SET cash_balance_cents = cash_balance_cents + $2 WHERE id = $1 RETURNING cash_balance_cents',
          [uid, fresh ? PROMO_CENTS : 0],
        )
        return {
          success: true,
          already_credited: !fresh,
          amount_cents: fresh ? PROMO_CENTS : 0,
          cash_balance_cents: u!.cash_balance_cents,
        }
      })
      s.sessions.forget(uid)
      return out
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/mobile/dashboard',
    tag: 'mobile',
    summary:
      'The mobile dashboard summary: balances, pending cash back, subscriptions, unread notifications.',
    auth: 'required',
    reply: DashboardReply,
    async handler({ user }) {
      const uid = user!.row.id
      const row = (await s.sessions.user(uid, true))!
      const pending = await s.db.one<{ c: number }>(
        `SELECT COALESCE(sum(amount_cents), 0)::int AS c FROM rebates WHERE user_id = $1 AND status IN ('pending', 'confirmed')`,
        [uid],
      )
      const subs = await s.db.query<{ plan: string; status: string }>(
        'SELECT plan, status FROM subscriptions WHERE user_id = $1 ORDER BY id',
        [uid],
      )
      const unread = await s.db.one<{ c: number }>(
        'SELECT count(*)::int AS c FROM notifications WHERE user_id = $1 AND read_at IS NULL',
        [uid],
      )
      return {
        data: {
          cash_balance_cents: row.cash_balance_cents,
          pending_cents: pending!.c,
          coin_balance: row.coin_balance,
          subscriptions: subs,
          unread_notifications: unread!.c,
        },
      }
    },
  })
}
