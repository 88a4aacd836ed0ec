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
import { chargeSubscription, subscriptionState } from '../lib/billing/renewals.ts'
import { fail, HttpError } from '../lib/http.ts'
import { planOf, planReply, plans } from '../lib/plans.ts'
import { dataOf, isoOrNull, withIsoCreatedAt } from '../lib/present.ts'
import { memberRoute, route } from '../lib/route.ts'
import type { Services } from '../services.ts'

export const DECLINED = 'Your payment was declined. Please insert a valid card and click "submit".'

/** First-time members only (SPEC 1): the trial is refused to a member who ever had one of the plan. */
export const TRIAL_USED =
  'You have already had a free trial of this membership: the trial is for first-time members only.'

export type SubRow = {
  id: number
  plan: 'plus' | 'shipping'
  status: 'trialing' | 'active' | 'past_due' | 'cancelled'
  price_cents: number
  trial_ends_at: Date | null
  next_billing_at: Date | null
  cancelled_at: Date | null
  payment_method_id: number | null
}
export const SUB_COLS =
  'id, plan, status, price_cents, trial_ends_at, next_billing_at, cancelled_at, payment_method_id'
export const toSub = ({ payment_method_id: _, ...r }: SubRow) => ({
  ...r,
  trial_ends_at: isoOrNull(r.trial_ends_at),
  next_billing_at: isoOrNull(r.next_billing_at),
  cancelled_at: isoOrNull(r.cancelled_at),
})

const declined = () =>
  new HttpError(
    402,
    { card_number: [DECLINED] },
    { declined: true, redirect: '/payment-error' },
    { card_number: 'card_declined' },
  )

/** What the provider knows of a token the browser sent; 422 when it knows none (the form tokenizes again). */
async function methodOf(s: Services, token: string) {
  const info = await s.payment.methodInfo(token)
  if (!info) throw fail(422, 'payment_method', 'Please enter your card again.', 'invalid_payment_method')
  return info
}

/** A refused trial: the member had one of this plan (any state, cancelled included). */
async function trialUsed(db: Services['db'], uid: number, plan: string) {
  return !!(await db.one(
    'SELECT 1 FROM subscriptions WHERE user_id = $1 AND plan = $2 AND trial_ends_at IS NOT NULL LIMIT 1',
    [uid, plan],
  ))
}

/**
 * A new card (its provider token) for the member's open memberships (or the one `subId`): checked with a
 * zero authorisation, kept (token, brand, last four digits, expiry), and every past-due membership it
 * pays is charged at once. 402 when the card or that charge is declined.
 */
export async function replaceMethod(s: Services, uid: number, token: string, subId?: number) {
  const info = await methodOf(s, token)
  const check = await s.payment.charge({
    method: token,
    amountCents: 0,
    description: 'card check',
    idempotencyKey: `card-check:${uid}:${token}`,
  })
  if (!check.ok) throw declined()
  const subs = await s.db.transaction(async (tx) => {
    const pm = await tx.one<{ id: number }>(
      `INSERT INTO payment_methods (user_id, brand, last4, exp_month, exp_year, processor_ref)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [uid, info.brand, info.last4, info.expMonth, info.expYear, token],
    )
    return tx.query<{ id: number }>(
      `UPDATE subscriptions SET payment_method_id = $2
       WHERE user_id = $1 AND status <> 'cancelled' AND ($3::int IS NULL OR id = $3::int) RETURNING id`,
      [uid, pm!.id, subId ?? null],
    )
  })
  let refused = false
  for (const { id } of subs) {
    const state = await subscriptionState(s, id)
    if (state?.status !== 'past_due') continue
    const r = await chargeSubscription(s, state, 'update')
    if (r.outcome === 'declined') refused = true
  }
  s.sessions.forget(uid)
  if (refused) throw declined()
}

export async function upsellRoutes(app: FastifyInstance, s: Services) {
  route(app, s, {
    method: 'GET',
    url: '/api/plans',
    tag: 'upsell',
    summary: 'Plus membership and shipping add-on: price, trial days, currency.',
    reply: PlansReply,
    handler: () => ({ data: plans().map(planReply) }),
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/upsell/subscribe',
    tag: 'upsell',
    summary:
      "Subscribe with a payment-method token (the card form posts the card to GET /api/billing/provider's tokenize_url). Sandbox cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 declines (402 with declined: true). A second trial: 422 trial_used.",
    body: SubscribeRequest,
    reply: SubscribeReply,
    replies: { 402: 'Payment declined: { declined: true, errors: { card_number: [message] } }' },
    async handler({ body, uid }) {
      const plan = planReply(planOf(body.plan))
      const open = `SELECT ${SUB_COLS} FROM subscriptions WHERE user_id = $1 AND plan = $2 AND status <> 'cancelled'`
      // The member's open subscription of the plan and the count of their payments, in ONE statement (one
      // snapshot): subscribes running at once either see the subscription another has made, or all see
      // the same count and so charge under the same idempotency key, which the provider charges once
      // whatever card each sent (the check again under the row lock below then returns the first's
      // subscription). A later attempt (after a decline or a cancel) has another count, so another key.
      const seen = await s.db.one<SubRow & { attempt: number }>(
        `WITH made AS (SELECT count(*)::int AS attempt FROM payments WHERE user_id = $1)
         SELECT made.attempt, ${SUB_COLS} FROM made
           LEFT JOIN subscriptions ON user_id = $1 AND plan = $2 AND status <> 'cancelled' LIMIT 1`,
        [uid, body.plan],
      )
      if (seen?.id) {
        const { attempt: _, ...existing } = seen
        return { success: true, data: toSub(existing), redirect: '/splthanq' }
      }
      const refuseTrial = () => fail(422, 'plan', TRIAL_USED, 'trial_used')
      if (plan.trial_days > 0 && (await trialUsed(s.db, uid, body.plan))) throw refuseTrial()
      const info = await methodOf(s, body.payment_method)
      // A trial is authorised with a zero charge; the first month is charged when it ends.
      const amount = plan.trial_days > 0 ? 0 : plan.price_cents
      const res = await s.payment.charge({
        method: body.payment_method,
        amountCents: amount,
        description: `${body.plan} membership`,
        idempotencyKey: `subscribe:${uid}:${body.plan}:${seen?.attempt ?? 0}`,
      })
      if (!res.ok) {
        await s.db.query(
          `INSERT INTO payments (user_id, amount_cents, status, description, card_last4, processor_ref)
           VALUES ($1, $2, 'declined', $3, $4, $5)`,
          [uid, amount, `${body.plan} membership`, info.last4, res.code],
        )
        throw declined()
      }
      const sub = await s.sessions.changing(uid, async (tx) => {
        // one subscribe at a time per member: the checks again, under the member's row lock
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [uid])
        const again = await tx.one<SubRow>(open, [uid, body.plan])
        if (again) return again
        if (plan.trial_days > 0 && (await trialUsed(tx, uid, body.plan))) throw refuseTrial()
        const pm = await tx.one<{ id: number }>(
          `INSERT INTO payment_methods (user_id, brand, last4, exp_month, exp_year, processor_ref)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [uid, info.brand, info.last4, info.expMonth, info.expYear, body.payment_method],
        )
        const r = await tx.one<SubRow>(
          `INSERT INTO subscriptions (user_id, plan, status, price_cents, trial_ends_at, next_billing_at,
             payment_method_id, periods_billed)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${SUB_COLS}`,
          [
            uid,
            body.plan,
            plan.trial_days ? 'trialing' : 'active',
            plan.price_cents,
            plan.trial_days ? new Date(Date.now() + plan.trial_days * 86400_000).toISOString() : null,
            new Date(Date.now() + (plan.trial_days || 30) * 86400_000).toISOString(),
            pm!.id,
            plan.trial_days ? 0 : 1,
          ],
        )
        await tx.query(
          `INSERT INTO payments (user_id, amount_cents, status, description, card_last4, processor_ref, subscription_id)
           VALUES ($1, $2, 'succeeded', $3, $4, $5, $6)`,
          [
            uid,
            amount,
            `${body.plan} membership${plan.trial_days ? ' (trial authorisation)' : ''}`,
            info.last4,
            res.ref,
            r!.id,
          ],
        )
        await tx.query(
          `UPDATE users SET subscribed = true, plus_active = plus_active OR $2, shipping_active = shipping_active OR $3 WHERE id = $1`,
          [uid, body.plan === 'plus', body.plan === 'shipping'],
        )
        return r!
      })
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

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/subscriptions',
    tag: 'upsell',
    summary: 'Subscriptions of the member (plus, shipping add-on).',
    reply: SubscriptionsReply,
    handler: ({ uid }) =>
      dataOf(s.db, `SELECT ${SUB_COLS} FROM subscriptions WHERE user_id = $1 ORDER BY id`, [uid], toSub),
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/cancel-subscription',
    tag: 'upsell',
    summary: 'Cancel a subscription; benefits end with it.',
    body: CancelRequest,
    reply: CancelReply,
    async handler({ body, uid }) {
      const r = await s.sessions.changing(uid, async (tx) => {
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
      return { success: true, data: toSub(r) }
    },
  })

  memberRoute(app, s, {
    method: 'GET',
    url: '/api/account/billing',
    tag: 'upsell',
    summary: 'Payment methods and payments.',
    reply: BillingReply,
    async handler({ uid }) {
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
          payments: pays.map(withIsoCreatedAt),
        },
      }
    },
  })

  memberRoute(app, s, {
    method: 'POST',
    url: '/api/account/payment-method',
    tag: 'upsell',
    summary:
      'Replace the card on file with a payment-method token (checked with a zero authorisation); a past-due membership is charged at once (402 when declined).',
    body: PaymentMethodRequest,
    async handler({ body, uid }) {
      await replaceMethod(s, uid, body.payment_method)
      return { success: true }
    },
  })
}
