import type { FastifyInstance } from 'fastify'
import {
  DevBillingAdvanceRequest,
  DevBillingDeclineRequest,
  PaymentProviderReply,
  TokenizeReply,
  UpdateMethodInfoReply,
  UpdateMethodQuery,
  UpdateMethodReply,
  UpdateMethodRequest,
} from '../../plugins/upsell/contract.ts'
import { CardFields } from '../../src/contract.ts'
import { cardBrand, luhn, SANDBOX_TOKENIZE_PATH, sandboxBehaviourOf } from '../adapters/payment.ts'
import { updateLinkSubscription } from '../lib/billing/link.ts'
import { renewDue } from '../lib/billing/renewals.ts'
import { fail, HttpError } from '../lib/http.ts'
import { devMemberRoute, memberIdByEmail } from '../lib/member-by-email.ts'
import { route } from '../lib/route.ts'
import type { Services } from '../services.ts'
import { DECLINED, replaceMethod, SUB_COLS, type SubRow, toSub } from './upsell.ts'

/** The sandbox tokenizer's own headers: a JSON endpoint, never framed, never cached, no script. */
const SANDBOX_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The card's expiry as numbers; 422 on the exp field when it has passed. */
export function expiryOf(exp: string): { month: number; year: number } {
  const [m, y] = exp.replace(/ /g, '').split('/') as [string, string]
  const year = y.length === 2 ? 2000 + Number(y) : Number(y)
  const month = Number(m)
  const now = new Date()
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    throw fail(422, 'exp', 'This card has expired.', 'card_expired')
  }
  return { month, year }
}

/**
 * Membership billing (issue 27): the sandbox provider's tokenization endpoint (outside /api: card numbers
 * never reach the API), where the card form posts, the /updatepay_method link's routes, and the
 * test-mode moved clock. `runJobs` runs the job runner once (the moved clock's mails).
 */
export async function billingRoutes(
  app: FastifyInstance,
  s: Services,
  opts: { runJobs: () => Promise<unknown> },
) {
  if (s.payment.id === 'sandbox') {
    app.addHook('onRequest', async (req, reply) => {
      if (!req.url.startsWith('/sandbox-pay/')) return
      reply.header('Content-Security-Policy', SANDBOX_CSP)
      reply.header('Cache-Control', 'no-store')
    })
    route(app, s, {
      method: 'POST',
      url: SANDBOX_TOKENIZE_PATH,
      tag: 'billing',
      summary:
        'The sandbox payment provider (not our API): a card in, its payment-method token out. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 declines every charge, 4000 0000 0000 0341 starts a trial but declines renewals; a number failing Luhn: 402.',
      body: CardFields,
      reply: TokenizeReply,
      bodyLimit: 2048,
      async handler({ body }) {
        const number = body.card_number.replace(/[ -]/g, '')
        const exp = expiryOf(body.exp)
        if (number.length < 12 || number.length > 19)
          throw fail(422, 'card_number', 'Please enter a valid card number.', 'card_invalid')
        if (!luhn(number))
          throw new HttpError(
            402,
            { card_number: [DECLINED] },
            { declined: true },
            { card_number: 'card_declined' },
          )
        const token = `pm_sandbox_${crypto.randomUUID().replace(/-/g, '')}`
        const brand = cardBrand(number)
        const last4 = number.slice(-4)
        await s.db.query(
          `INSERT INTO sandbox_payment_methods (token, brand, last4, exp_month, exp_year, behaviour)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [token, brand, last4, exp.month, exp.year, sandboxBehaviourOf(number)],
        )
        return { id: token, brand, last4, exp_month: exp.month, exp_year: exp.year }
      },
    })
  }

  route(app, s, {
    method: 'GET',
    url: '/api/billing/provider',
    tag: 'billing',
    summary: 'The payment provider, and where the card form posts the card for a payment-method token.',
    reply: PaymentProviderReply,
    handler: () => ({ data: { provider: s.payment.id, tokenize_url: s.payment.tokenizeUrl } }),
  })

  const linked = async (token: string) => {
    const id = await updateLinkSubscription(s.db, token)
    const sub = id
      ? await s.db.one<SubRow & { user_id: number }>(
          `SELECT ${SUB_COLS}, user_id FROM subscriptions WHERE id = $1`,
          [id],
        )
      : undefined
    if (!sub)
      throw fail(
        404,
        'token',
        'This link has expired. Sign in and replace your card on the billing page.',
        'link_expired',
      )
    if (sub.status === 'cancelled')
      throw fail(410, 'token', 'This membership has ended.', 'subscription_cancelled')
    return sub
  }

  route(app, s, {
    method: 'GET',
    url: '/api/billing/update-method',
    tag: 'billing',
    summary:
      'The membership a mailed /updatepay_method link is for (no sign-in: the signed link is the key).',
    query: UpdateMethodQuery,
    reply: UpdateMethodInfoReply,
    async handler({ query }) {
      const sub = await linked(query.token)
      const pm = await s.db.one<{ last4: string }>(
        `SELECT last4 FROM payment_methods WHERE user_id = $1 AND ($2::int IS NULL OR id = $2::int)
         ORDER BY id DESC LIMIT 1`,
        [sub.user_id, sub.payment_method_id],
      )
      return {
        data: { plan: sub.plan, status: sub.status, price_cents: sub.price_cents, last4: pm?.last4 ?? null },
      }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/billing/update-method',
    tag: 'billing',
    summary:
      'A new card (its payment-method token) for the membership of a mailed link; a past-due membership is charged at once (402 when declined).',
    body: UpdateMethodRequest,
    reply: UpdateMethodReply,
    replies: { 402: 'Declined: { declined: true, errors: { card_number: [message] } }' },
    async handler({ body }) {
      const sub = await linked(body.token)
      await replaceMethod(s, sub.user_id, body.payment_method, sub.id)
      const now = await s.db.one<SubRow>(`SELECT ${SUB_COLS} FROM subscriptions WHERE id = $1`, [sub.id])
      return { success: true, data: toSub(now!) }
    },
  })

  if (s.mode === 'production') return

  devMemberRoute(app, s, '/api/dev/billing/advance', {
    summary:
      "Test mode only (the moved clock): the member's membership dates move `days` back, then the due renewals run and their mails are sent.",
    body: DevBillingAdvanceRequest,
    async handler({ body, uid }) {
      await s.db.query(
        `UPDATE subscriptions SET
           trial_ends_at = trial_ends_at - make_interval(days => $2::int),
           next_billing_at = next_billing_at - make_interval(days => $2::int),
           past_due_since = past_due_since - make_interval(days => $2::int),
           created_at = created_at - make_interval(days => $2::int)
         WHERE user_id = $1 AND status <> 'cancelled'`,
        [uid, body.days],
      )
      // a month may hold two renewals on a long move: run until nothing is due
      let paid = 0
      let declined = 0
      for (let i = 0; i < 24; i++) {
        const r = await renewDue(s, uid)
        paid += r.paid
        declined += r.declined
        if (!r.paid && !r.declined) break
      }
      await opts.runJobs()
      s.sessions.forget(uid)
      return { success: true, paid, declined }
    },
  })

  route(app, s, {
    method: 'POST',
    url: '/api/dev/billing/decline',
    tag: 'dev',
    summary: "Test mode only, sandbox provider: the member's stored cards decline every charge from now on.",
    body: DevBillingDeclineRequest,
    async handler({ body }) {
      if (s.payment.id !== 'sandbox')
        throw fail(422, 'provider', 'Only the sandbox provider has test switches.', 'not_sandbox')
      const uid = await memberIdByEmail(s.db, body.email)
      const r = await s.db.query(
        `UPDATE sandbox_payment_methods SET behaviour = 'decline'
         WHERE token IN (SELECT processor_ref FROM payment_methods WHERE user_id = $1) RETURNING token`,
        [uid],
      )
      return { success: true, methods: r.length }
    },
  })
}
