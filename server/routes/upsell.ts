import type { FastifyInstance } from 'fastify'
import {
  BillingReply,
  CancelReply,
  CancelRequest,
  DeclineReply,
  DeclineRequest,
  PaymentMethodRequest,
  PlansReply,
  SubscribeReply,
  SubscribeRequest,
  SubscriptionsReply,
} from '../../plugins/upsell/contract.ts'
import { type Card, cardBrand } from '../adapters/payment.ts'
import { fail, HttpError } from '../lib/http.ts'
import { isoOf, isoOrNull } from '../lib/present.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'

export const PLANS = {
  plus: { plan: 'plus' as const, price_cents: 1299, trial_days: 7, currency: 'USD' },
  shipping: { plan: 'shipping' as const, price_cents: 499, trial_days: 0, currency: 'USD' },
}

export const DECLINED = 'Your payment was declined. Please insert a valid card and click "submit".'

type SubRow = {
  id: number
  plan: 'plus'
  status: 'active'
  price_cents: number
  trial_ends_at: Date | null
  next_billing_at: Date | null
  cancelled_at: Date | null
}
const SUB_COLS = 'id, plan, status, price_cents, trial_ends_at, next_billing_at, cancelled_at'
const toSub = (r: SubRow) => ({
  ...r,
  trial_ends_at: isoOrNull(r.trial_ends_at),
  next_billing_at: isoOrNull(r.next_billing_at),
  cancelled_at: isoOrNull(r.cancelled_at),
})

function toCard(b: { card_number: string; exp: string; cvv: string; zip: string }): Card {
  const number = b.card_number.replace(/[ -]/g, '')
  const [m, y] = b.exp.replace(/ /g, '').split('/') as [string, string]
  const year = y.length === 2 ? 2000 + Number(y) : Number(y)
  const month = Number(m)
  const now = new Date()
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    throw fail(422, 'exp', 'This card has expired.', 'card_expired')
  }
  if (number.length < 12 || number.length > 19)
    throw fail(422, 'card_number', 'Please enter a valid card number.', 'card_invalid')
  return { number, expMonth: month, expYear: year, cvc: b.cvv, zip: b.zip }
}

export async function upsellRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'GET',
    url: '/api/plans',
    tag: 'upsell',
    summary: 'Plus membership and shipping add-on: price, trial days, currency.',
    reply: PlansReply,
    handler: () => ({ data: Object.values(PLANS) }),
  })

  route(app, s, {
    method: 'POST',
    url: '/api/upsell/subscribe',
    tag: 'upsell',
    summary:
      'Pay and subscribe. Sandbox cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 declines (402 with declined: true).',
    auth: 'required',
    body: SubscribeRequest,
    reply: SubscribeReply,
    replies: { 402: 'Payment declined: { declined: true, errors: { card_number: [message] } }' },
    async handler({ body, user }) {
      const uid = user!.row.id
      const plan = PLANS[body.plan]
      const card = toCard(body)
      const existing = await s.db.one<SubRow>(
        `SELECT ${SUB_COLS} FROM subscriptions WHERE user_id = $1 AND plan = $2 AND status <> 'cancelled'`,
        [uid, body.plan],
      )
      if (existing) return { success: true, data: toSub(existing), redirect: '/splthanq' }
      // A trial is authorised with a zero charge; the first month is charged when it ends.
      const amount = plan.trial_days > 0 ? 0 : plan.price_cents
      const res = await s.payment.charge(card, amount, `${body.plan} membership`)
      if (!res.ok) {
        await s.db.query(
          `INSERT INTO payments (user_id, amount_cents, status, description, card_last4, processor_ref)
           VALUES ($1, $2, 'declined', $3, $4, $5)`,
          [uid, amount, `${body.plan} membership`, res.last4, res.code],
        )
        throw new HttpError(
          402,
          { card_number: [DECLINED] },
          { declined: true, redirect: '/payment-error' },
          { card_number: 'card_declined' },
        )
      }
      const sub = await s.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO payment_methods (user_id, brand, last4, exp_month, exp_year, zip, processor_ref)
           VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [uid, res.brand, res.last4, card.expMonth, card.expYear, card.zip, res.ref],
        )
        await tx.query(
          `INSERT INTO payments (user_id, amount_cents, status, description, card_last4, processor_ref)
           VALUES ($1, $2, 'succeeded', $3, $4, $5)`,
          [
            uid,
            amount,
            `${body.plan} membership${plan.trial_days ? ' (trial authorisation)' : ''}`,
            res.last4,
            res.ref,
          ],
        )
        const r = await tx.one<SubRow>(
          `INSERT INTO subscriptions (user_id, plan, status, price_cents, trial_ends_at, next_billing_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SUB_COLS}`,
          [
            uid,
            body.plan,
            plan.trial_days ? 'trialing' : 'active',
            plan.price_cents,
            plan.trial_days ? new Date(Date.now() + plan.trial_days * 86400_000).toISOString() : null,
            new Date(Date.now() + (plan.trial_days || 30) * 86400_000).toISOString(),
          ],
        )
        await tx.query(
          `UPDATE users SET subscribed = true, plus_active = plus_active OR $2, shipping_active = shipping_active OR $3 WHERE id = $1`,
          [uid, body.plan === 'plus', body.plan === 'shipping'],
        )
        return r!
      })
      s.sessions.forget(uid)
      return { success: true, data: toSub(sub), redirect: '/splthanq' }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/upsell/decline',
    tag: 'upsell',
    summary: 'The member declined the upsell (or opted out after a decline): recorded, then /splnothanq.',
    auth: 'optional',
    body: DeclineRequest,
    reply: DeclineReply,
    async handler({ body, user }) {
      await s.db.query('INSERT INTO events (action, user_id, payload) VALUES ($1, $2, $3::jsonb)', [
        'upsell_declined',
        user?.row.id ?? null,
        JSON.stringify(body),
      ])
      return { success: true, redirect: '/splnothanq' }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/subscriptions',
    tag: 'upsell',
    summary: 'Subscriptions of the member (plus, shipping add-on).',
    auth: 'required',
    reply: SubscriptionsReply,
    async handler({ user }) {
      const rows = await s.db.query<SubRow>(
        `SELECT ${SUB_COLS} FROM subscriptions WHERE user_id = $1 ORDER BY id`,
        [user!.row.id],
      )
      return { data: rows.map(toSub) }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/cancel-subscription',
    tag: 'upsell',
    summary: 'Cancel a subscription; benefits end with it.',
    auth: 'required',
    body: CancelRequest,
    reply: CancelReply,
    async handler({ body, user }) {
      const uid = user!.row.id
      const r = await s.db.transaction(async (tx) => {
        const sub = await tx.one<SubRow>(
          `UPDATE subscriptions SET status = 'cancelled', cancelled_at = now(), next_billing_at = NULL
           WHERE user_id = $1 AND plan = $2 AND status <> 'cancelled' RETURNING ${SUB_COLS}`,
          [uid, body.plan],
        )
        if (!sub) throw fail(422, 'plan', 'You have no active subscription of this plan.', 'no_subscription')
        await tx.query(
          `UPDATE users SET plus_active = CASE WHEN $2 = 'plus' THEN false ELSE plus_active END,
             shipping_active = CASE WHEN $2 = 'shipping' THEN false ELSE shipping_active END
           WHERE id = $1`,
          [uid, body.plan],
        )
        await tx.query(
          `UPDATE users SET subscribed = EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND status <> 'cancelled') WHERE id = $1`,
          [uid],
        )
        return sub
      })
      s.sessions.forget(uid)
      return { success: true, data: toSub(r) }
    },
  })

  route(app, s, {
    method: 'GET',
    url: '/api/account/billing',
    tag: 'upsell',
    summary: 'Payment methods and payments.',
    auth: 'required',
    reply: BillingReply,
    async handler({ user }) {
      const uid = user!.row.id
      const pms = await s.db.query<{
        id: number
        brand: string
        last4: string
        exp_month: number
        exp_year: number
      }>(
        'SELECT id, brand, last4, exp_month, exp_year FROM payment_methods WHERE user_id = $1 ORDER BY id DESC',
        [uid],
      )
      const pays = await s.db.query<{
        id: number
        amount_cents: number
        status: string
        description: string
        card_last4: string
        created_at: Date
      }>(
        'SELECT id, amount_cents, status, description, card_last4, created_at FROM payments WHERE user_id = $1 ORDER BY created_at DESC, id DESC',
        [uid],
      )
      return {
        data: {
          payment_methods: pms,
          payments: pays.map((p) => ({ ...p, created_at: isoOf(p.created_at) })),
        },
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/account/payment-method',
    tag: 'upsell',
    summary: 'Replace the card on file (checked with a zero authorisation in the sandbox).',
    auth: 'required',
    body: PaymentMethodRequest,
    async handler({ body, user }) {
      const card = toCard(body)
      const res = await s.payment.charge(card, 0, 'card check')
      if (!res.ok)
        throw new HttpError(
          402,
          { card_number: [DECLINED] },
          { declined: true },
          { card_number: 'card_declined' },
        )
      await s.db.query(
        `INSERT INTO payment_methods (user_id, brand, last4, exp_month, exp_year, zip, processor_ref)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [user!.row.id, cardBrand(card.number), res.last4, card.expMonth, card.expYear, card.zip, res.ref],
      )
      return { success: true }
    },
  })
}
