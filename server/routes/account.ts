import type { FastifyInstance } from 'fastify'
import {
  GiftCardParams,
  GiftCardsReply,
  GiftRedeemReply,
  GiftRedeemRequest,
  GiftReplaceReply,
  GiveCreditQuery,
  GiveCreditReply,
  MarkReadRequest,
  NotificationsReply,
  PageQuery,
  ProfileReply,
  ProfileUpdate,
  ReferralsReply,
  SettingsReply,
  SettingsUpdate,
} from '../../plugins/account/contract.ts'
import { DashboardReply } from '../../plugins/mobile/contract.ts'
import { constants } from '../../src/config/constants.ts'
import { fail, HttpError } from '../lib/http.ts'
import { book, sumsOf } from '../lib/ledger.ts'
import { dataOf, isoOf, isoOrNull, pageOf, TOTAL_COL } from '../lib/present.ts'
import { memberRoute } from '../lib/route.ts'
import type { UserRow } from '../lib/session.ts'
import type { Services } from '../services.ts'
import { ledgerRoutes } from './ledger.ts'
import { unsubscribeRoutes } from './unsubscribe.ts'

/** The sign-up promo credit (SPEC 9 couponBonusDollars), in cents. */
const promoCents = () => constants.couponBonusDollars * 100

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

const MAIL_SETTINGS = ['email_offers', 'email_rebates'] as const

function unsubscribedOf(st: Record<string, unknown>) {
  const notes = (st.unsubscribed ?? {}) as Record<string, { at?: unknown; via?: unknown } | undefined>
  const out: Partial<Record<(typeof MAIL_SETTINGS)[number], { at: string; via: 'link' | 'one_click' }>> = {}
  for (const k of MAIL_SETTINGS) {
    const n = notes[k]
    const at = n && typeof n.at === 'string' ? new Date(n.at) : undefined
    if (st[k] === false && at && !Number.isNaN(at.getTime()) && (n?.via === 'link' || n?.via === 'one_click'))
      out[k] = { at: at.toISOString(), via: n.via }
  }
  return Object.keys(out).length ? { unsubscribed: out } : {}
}

function toSettings(u: UserRow) {
  const st = u.settings ?? {}
  const t = u.terms ?? {}
  return {
    email_offers: st.email_offers !== false,
    email_rebates: st.email_rebates !== false,
    sms: st.sms === true,
    language: st.language === 'es' ? ('es' as const) : ('en' as const),
    // issue 27: a mail setting an unsubscribe link turned off says when and how, while it stays off
    ...unsubscribedOf(st),
    // a term the member never set takes SPEC 9's default (constants.json defaultTerms)
    terms: {
      firefox: t.firefox ?? constants.defaultTerms.firefox,
      pii: t.pii ?? constants.defaultTerms.pii,
      stats: t.stats ?? constants.defaultTerms.stats,
      cookies: t.cookies ?? constants.defaultTerms.cookies,
    },
  }
}

export async function accountRoutes(app: FastifyInstance, s: Services) {
  await ledgerRoutes(app, s)
  await unsubscribeRoutes(app, s)

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/notifications',
    tag: 'account',
    summary: 'Notifications, newest first, with the unread count.',
    query: PageQuery,
    reply: NotificationsReply,
    async handler({ query, uid }) {
      const page = pageOf(query)
      const rows = await s.db.query<{
        id: number
        title: string
        body: string
        read_at: Date | null
        created_at: Date
        kind: string | null
        params: Record<string, string | number> | null
        total: number
        unread: number
      }>(
        `SELECT id, title, body, read_at, created_at, kind, params, ${TOTAL_COL},
           (count(*) FILTER (WHERE read_at IS NULL) OVER ())::int AS unread
         FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC ${page.sql}`,
        [uid],
      )
      return {
        ...page.reply(rows, (r) => ({
          id: r.id,
          title: r.title,
          body: r.body,
          read: r.read_at !== null,
          created_at: isoOf(r.created_at),
          kind: r.kind,
          params: r.params,
        })),
        unread: rows[0]?.unread ?? 0,
      }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/notifications/read',
    tag: 'account',
    summary: 'Mark notifications read (all when ids is omitted).',
    body: MarkReadRequest,
    async handler({ body, uid }) {
      await s.db.query(
        'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::int[] IS NULL OR id = ANY($2::int[]))',
        [uid, body.ids ?? null],
      )
      return { success: true }
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

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/gift-cards',
    tag: 'account',
    summary: 'Gift card history.',
    reply: GiftCardsReply,
    handler: ({ uid }) =>
      dataOf(
        s.db,
        `SELECT ${giftCols} FROM gift_cards WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [uid],
        toGift,
      ),
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/gift/redeem',
    tag: 'account',
    summary: 'Redeem a gift card code into the cash balance (/gift/redeem): a payable ledger row.',
    body: GiftRedeemRequest,
    reply: GiftRedeemReply,
    async handler({ body, uid }) {
      return s.sessions.changing(uid, async (tx) => {
        const g = await tx.one<GiftRow>(
          `UPDATE gift_cards SET status = 'redeemed', redeemed_at = now(), user_id = $2
           WHERE upper(code) = upper($1) AND status = 'active' AND expires_at > now()
             -- a store's card issued for a withdrawal (issue 27) is spent at the store, never redeemed here
             AND withdrawal_id IS NULL RETURNING ${giftCols}`,
          [body.code, uid],
        )
        if (!g)
          throw fail(
            422,
            'code',
            'This gift card code is not valid or was already used.',
            'gift_code_invalid',
          )
        await book(tx, {
          userId: uid,
          kind: 'gift_card',
          currency: 'cash',
          amount: g.amount_cents,
          status: 'payable',
          reason: `Gift card redeemed: ${g.brand}`,
          sourceRef: `gift_card:${g.id}`,
        })
        return { success: true, data: toGift(g), cash_balance_cents: (await sumsOf(tx, uid)).cash_payable }
      })
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/gift-cards/:id/replace',
    tag: 'account',
    summary:
      'Replace an expired, unredeemed gift card with a new code of the same amount (/account/update-expired-gift-card), issued by the gift-card provider. 404 for a card that is not yours, 422 gift_card_not_expired otherwise, 422 gift_card_test_money for a card bought with test money when the provider is real, 503 gift_card_unavailable without a gift-card provider.',
    params: GiftCardParams,
    reply: GiftReplaceReply,
    replies: { 503: 'No gift-card provider on this server (gift_card_unavailable)' },
    async handler({ params, uid }) {
      /** SQL: the card is expired and never redeemed (its status may still say active). */
      const expiredSql = `redeemed_at IS NULL AND (status = 'expired' OR (status = 'active' AND expires_at <= now()))`
      const old = await s.db.one<
        GiftRow & { withdrawal_id: number | null; expired: boolean; test_money: boolean }
      >(
        `SELECT ${giftCols}, withdrawal_id, ${expiredSql} AS expired,
           coalesce((SELECT w.test FROM withdrawals w WHERE w.id = gift_cards.withdrawal_id), false) AS test_money
         FROM gift_cards WHERE id = $1 AND user_id = $2`,
        [params.id, uid],
      )
      if (!old) throw fail(404, 'id', 'There is no such gift card in your account.', 'not_found')
      if (!old.expired)
        throw fail(422, 'id', 'Only an expired gift card can be replaced.', 'gift_card_not_expired')
      const g = s.giftCards
      if (!g) throw fail(503, 'id', 'Gift cards cannot be replaced right now.', 'gift_card_unavailable')
      // as for a withdrawal (lib/payouts.ts): a real provider never turns test money into a card
      if (old.test_money && !g.paysTestMoney)
        throw fail(
          422,
          'id',
          'This card was bought with test money: a real gift-card provider does not replace it.',
          'gift_card_test_money',
        )
      // the provider issues the new card, as for a withdrawal (lib/payouts.ts), outside the transaction;
      // its idempotency key answers the same card to a request repeated at once
      const card = await g.issue({
        payoutId: old.withdrawal_id,
        brand: old.brand,
        amountCents: old.amount_cents,
        idempotencyKey: `gift_card_replace:${old.id}`,
        replacesCode: old.code,
      })
      return s.db.transaction(async (tx) => {
        const won = await tx.one(
          `UPDATE gift_cards SET status = 'replaced' WHERE id = $1 AND user_id = $2 AND ${expiredSql} RETURNING id`,
          [old.id, uid],
        )
        if (!won) throw fail(422, 'id', 'Only an expired gift card can be replaced.', 'gift_card_not_expired')
        const row = await tx.one<GiftRow>(
          `INSERT INTO gift_cards (user_id, brand, amount_cents, code, status, expires_at, withdrawal_id, provider)
           VALUES ($1, $2, $3, $4, 'active', $5, $6, $7) RETURNING ${giftCols}`,
          [
            uid,
            old.brand,
            old.amount_cents,
            card.code,
            card.expiresAt.toISOString(),
            old.withdrawal_id,
            g.id,
          ],
        )
        return { success: true, data: toGift(row!) }
      })
    },
  })

  /** A view of the member's row, read fresh (with the ledger sums), as `{ data }`. */
  const mine = async <T>(uid: number, view: (u: UserRow) => T) => ({
    data: view((await s.sessions.user(uid, true))!),
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/profile',
    tag: 'account',
    summary: 'Profile of the signed-in member, with the payable cash and coin balances.',
    reply: ProfileReply,
    handler: ({ uid }) => mine(uid, toProfile),
  })

  /** SQL: the profile's new phone ($4) is the stored one, compared on digits and a leading +. */
  const samePhone = `(NULLIF(regexp_replace(COALESCE($4::text, ''), '[^0-9+]', '', 'g'), '') IS NOT DISTINCT FROM
      NULLIF(regexp_replace(COALESCE(phone, ''), '[^0-9+]', '', 'g'), ''))`
  memberRoute(app, s, {
    method: 'PUT',
    url: '/api/account/profile',
    tag: 'account',
    summary: 'Change name, phone, country or rebate address.',
    body: ProfileUpdate,
    reply: ProfileReply,
    async handler({ body, uid }) {
      await s.db.query(
        // issue 25: another number is unverified until its code is entered (coins-profile); the same
        // number, however it is written, keeps its verification and its stored form
        `UPDATE users SET name = COALESCE($2, name),
           phone = CASE WHEN $3 AND ${samePhone} THEN phone WHEN $3 THEN $4 ELSE phone END,
           phone_verified_at = CASE WHEN $3 AND NOT ${samePhone} THEN NULL ELSE phone_verified_at END,
           country_code = COALESCE($5, country_code),
           rebate_address = CASE WHEN $6 THEN $7::jsonb ELSE rebate_address END
         WHERE id = $1`,
        [
          uid,
          body.name ?? null,
          body.phone !== undefined,
          body.phone ?? null,
          body.country_code ?? null,
          body.rebate_address !== undefined,
          body.rebate_address ? JSON.stringify(body.rebate_address) : null,
        ],
      )
      return mine(uid, toProfile)
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/settings',
    tag: 'account',
    summary: 'E-mail and SMS preferences, language and consent terms.',
    reply: SettingsReply,
    handler: ({ uid }) => mine(uid, toSettings),
  })

  memberRoute(app, s, {
    method: 'PUT',
    url: '/api/account/settings',
    tag: 'account',
    summary: 'Change preferences (any subset).',
    body: SettingsUpdate,
    reply: SettingsReply,
    async handler({ body, uid }) {
      const { terms, ...rest } = body
      // a mail setting changed here drops the note of the unsubscribe link that turned it off (issue 27)
      const touched = MAIL_SETTINGS.filter((k) => rest[k] !== undefined)
      await s.db.query(
        `UPDATE users SET settings = (settings || $2::jsonb)
           || jsonb_build_object('unsubscribed', COALESCE(settings->'unsubscribed', '{}'::jsonb) - $4::text[]),
         terms = terms || $3::jsonb WHERE id = $1`,
        [uid, JSON.stringify(rest), JSON.stringify(terms ?? {}), touched],
      )
      return mine(uid, toSettings)
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/referrals',
    tag: 'account',
    summary:
      "Referral code, link, friends who joined and what each earned you (a bonus when the friend's first cash back confirms).",
    reply: ReferralsReply,
    async handler({ uid, user }) {
      const rows = await s.db.query<{ name: string; created_at: Date; earned: number }>(
        `SELECT u.name, u.created_at, COALESCE(sum(l.amount), 0)::int AS earned
         FROM users u LEFT JOIN ledger l ON l.source_ref = 'referral:' || u.id AND l.user_id = $1
           AND l.status NOT IN ('declined', 'reversed')
         WHERE u.referred_by = $1 GROUP BY u.id ORDER BY u.created_at DESC, u.id DESC`,
        [uid],
      )
      const earned = await s.db.one<{ c: number }>(
        `SELECT COALESCE(sum(amount), 0)::int AS c FROM ledger
         WHERE user_id = $1 AND kind = 'referral_bonus' AND status NOT IN ('declined', 'reversed')`,
        [uid],
      )
      return {
        data: {
          code: user.row.referral_code,
          link: `${s.publicUrl}/refer?ref=${user.row.referral_code}`,
          earned_cents: earned!.c,
          referred: rows.map((r) => ({
            name: `${r.name.split(' ')[0] ?? ''} ${r.name.split(' ')[1]?.[0] ?? ''}.`.trim(),
            joined_at: isoOf(r.created_at),
            status: r.earned > 0 ? ('earned' as const) : ('pending' as const),
            earned_cents: r.earned,
          })),
        },
      }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/give-credit',
    tag: 'account',
    summary:
      'The sign-up promo credit (couponBonusDollars) of a member who registered through a promo flow (register_promo flow1 or flow5; ?ucb=flow5 is accepted and changes nothing): once per member in total, within promoCreditWindowMinutes of the registration. A repeat answers already_credited; no promo registration: 403 promo_not_eligible; too late: 403 promo_window_closed.',
    query: GiveCreditQuery,
    reply: GiveCreditReply,
    replies: {
      403: 'success false, code promo_not_eligible (no promo registration) or promo_window_closed (past the window)',
    },
    async handler({ uid }) {
      const refuse = (code: string, message: string) =>
        new HttpError(403, { promo: [message] }, { success: false }, { promo: code })
      return s.sessions.changing(uid, async (tx) => {
        const reply = async (fresh: boolean) => ({
          success: true,
          already_credited: !fresh,
          amount_cents: fresh ? promoCents() : 0,
          cash_balance_cents: (await sumsOf(tx, uid)).cash_payable,
        })
        // once per member in total, whatever the flow (older rows were promo:<id>:<flow>)
        // (a lander's first-order bonus, source lander:<id>, is another promise: it does not count)
        if (
          await tx.one(
            "SELECT 1 FROM ledger WHERE user_id = $1 AND kind = 'promo_credit' AND source_ref NOT LIKE 'lander:%' LIMIT 1",
            [uid],
          )
        )
          return reply(false)
        const m = await tx.one<{ register_promo: string | null; open: boolean }>(
          `SELECT register_promo, created_at > now() - make_interval(mins => $2::int) AS open
           FROM users WHERE id = $1`,
          [uid, constants.promoCreditWindowMinutes],
        )
        if (!m?.register_promo)
          throw refuse('promo_not_eligible', 'This account did not sign up through a promotion.')
        if (!m.open) throw refuse('promo_window_closed', 'The sign-up promotion has ended for this account.')
        // the unique source reference is the rule: concurrent calls (also on PostgreSQL) book one row
        const fresh = await book(tx, {
          userId: uid,
          kind: 'promo_credit',
          currency: 'cash',
          amount: promoCents(),
          status: 'payable',
          reason: 'Sign-up promo credit',
          sourceRef: `promo:${uid}`,
        })
        return reply(fresh !== undefined)
      })
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/mobile/dashboard',
    tag: 'mobile',
    summary:
      'The mobile dashboard summary: balances, pending cash back, subscriptions, unread notifications.',
    reply: DashboardReply,
    async handler({ uid }) {
      const sums = await s.sessions.sums(uid)
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
          cash_balance_cents: sums.cash_payable,
          pending_cents: sums.cash_pending,
          coin_balance: sums.coin_payable,
          subscriptions: subs,
          unread_notifications: unread!.c,
        },
      }
    },
  })
}
