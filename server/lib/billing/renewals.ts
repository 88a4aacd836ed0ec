import type { TFunction } from 'i18next'
import { constants } from '../../../src/config/constants.ts'
import type { Services } from '../../services.ts'
import { enqueue, type JobRunner } from '../job-queue.ts'
import { type MailLanguage, sendMemberMail } from '../member-mail.ts'
import { updateLinkToken } from './link.ts'

/**
 * Membership renewals (issue 27) on the job runner. A subscription is due when `next_billing_at` has
 * passed: its stored payment method is charged the plan's price. A trial becomes active on the first
 * charge; `next_billing_at` moves a month. A decline makes it `past_due`: it is retried
 * `constants.billing.retryDays` days after the first decline (a mail each time, with the
 * /updatepay_method link), and cancelled after the last retry (Plus benefits end).
 *
 * Charged once, whatever runs it (any number of job runners, the update-card page at the same time):
 * every attempt is a `payments` row made before the charge, with the unique idempotency key
 * `sub:<id>:p<period>:a<attempt>:m<method>` (the provider charges once per key), and at most one
 * `pending` payment per subscription (a unique index); only the maker of that row charges, and it changes
 * the subscription only if it is still in the state it read (compare and set). A pending row left by a
 * crash is taken again after STALE_MINUTES with the same key.
 */
export const RENEWAL_JOB = 'billing_renewals'
export const BILLING_MAIL_JOB = 'billing_mail'
const STALE_MINUTES = 10
const BATCH = 200

export type SubStatus = 'trialing' | 'active' | 'past_due' | 'cancelled'

interface SubState {
  id: number
  user_id: number
  plan: 'plus' | 'shipping'
  status: SubStatus
  price_cents: number
  periods_billed: number
  retries: number
  payment_method_id: number | null
}
const STATE_COLS = 'id, user_id, plan, status, price_cents, periods_billed, retries, payment_method_id'

export type AttemptResult =
  | { outcome: 'paid' }
  | { outcome: 'declined'; status: SubStatus }
  /** Another attempt is under way, or the subscription changed: nothing charged by this call. */
  | { outcome: 'busy' }

const PLAN_NAMES = { plus: 'Plus membership', shipping: 'Free shipping add-on' } as const

/** The method a subscription charges: its own, else the member's newest card (older subscriptions). */
async function methodOf(s: Services, sub: SubState) {
  return s.db.one<{ id: number; processor_ref: string; last4: string }>(
    `SELECT id, processor_ref, last4 FROM payment_methods
     WHERE user_id = $1 AND ($2::int IS NULL OR id = $2::int) ORDER BY id DESC LIMIT 1`,
    [sub.user_id, sub.payment_method_id],
  )
}

/**
 * One charge of a subscription's due period. `renewal`: a decline moves the past-due schedule on (and
 * mails); `update`: the member just gave a new card (a decline is recorded, the schedule stays).
 */
export async function chargeSubscription(
  s: Services,
  sub: SubState,
  kind: 'renewal' | 'update',
): Promise<AttemptResult> {
  const pm = await methodOf(s, sub)
  const period = sub.periods_billed + 1
  const attempt = sub.status === 'past_due' ? sub.retries + 1 : 0
  const key = `sub:${sub.id}:p${period}:a${attempt}:m${pm?.id ?? 0}${kind === 'update' ? ':u' : ''}`
  const description = `${PLAN_NAMES[sub.plan]}, monthly`
  const made = await s.db.one<{ id: number }>(
    `INSERT INTO payments (user_id, amount_cents, status, description, card_last4, processor_ref, subscription_id, idempotency_key)
     VALUES ($1, $2, 'pending', $3, $4, '', $5, $6) ON CONFLICT DO NOTHING RETURNING id`,
    [sub.user_id, sub.price_cents, description, pm?.last4 ?? '', sub.id, key],
  )
  const taken =
    made ??
    (await s.db.one<{ id: number }>(
      `UPDATE payments SET updated_at = now() WHERE idempotency_key = $1 AND status = 'pending'
         AND updated_at < now() - make_interval(mins => $2::int) RETURNING id`,
      [key, STALE_MINUTES],
    ))
  if (!taken) return { outcome: 'busy' }
  // the row is ours: is the subscription still as read? (another attempt may have ended just before)
  const now = await s.db.one<SubState>(`SELECT ${STATE_COLS} FROM subscriptions WHERE id = $1`, [sub.id])
  if (
    !now ||
    now.status !== sub.status ||
    now.periods_billed !== sub.periods_billed ||
    now.retries !== sub.retries ||
    now.status === 'cancelled'
  ) {
    await s.db.query(`DELETE FROM payments WHERE id = $1 AND status = 'pending'`, [taken.id])
    return { outcome: 'busy' }
  }
  const res = pm
    ? await s.payment.charge({
        method: pm.processor_ref,
        amountCents: sub.price_cents,
        description,
        idempotencyKey: key,
      })
    : ({ ok: false, code: 'invalid_method' } as const)
  return s.db.transaction(async (tx) => {
    const done = await tx.one(
      `UPDATE payments SET status = $2, processor_ref = $3, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`,
      [taken.id, res.ok ? 'succeeded' : 'declined', res.ok ? res.ref : res.code],
    )
    if (!done) return { outcome: 'busy' } as const
    const same = `id = $1 AND status = $2 AND periods_billed = $3 AND retries = $4 RETURNING id`
    const state = [sub.id, sub.status, sub.periods_billed, sub.retries]
    if (res.ok) {
      // on time: the next month from the due date; recovered from past due: a month from today
      const moved1 = await tx.one(
        `UPDATE subscriptions SET status = 'active', periods_billed = periods_billed + 1, retries = 0,
           past_due_since = NULL,
           next_billing_at = CASE WHEN status = 'past_due' THEN now() ELSE next_billing_at END + interval '1 month'
         WHERE ${same}`,
        state,
      )
      if (!moved1) return { outcome: 'busy' } as const
      await tx.query(
        `UPDATE users SET subscribed = true,
           plus_active = plus_active OR $2, shipping_active = shipping_active OR $3 WHERE id = $1`,
        [sub.user_id, sub.plan === 'plus', sub.plan === 'shipping'],
      )
      return { outcome: 'paid' } as const
    }
    if (kind === 'update') return { outcome: 'declined', status: sub.status } as const
    const retryDays = constants.billing.retryDays
    if (sub.status !== 'past_due') {
      // the first decline: past due, the first retry retryDays[0] days from now
      const moved2 = await tx.one(
        `UPDATE subscriptions SET status = 'past_due', past_due_since = now(), retries = 0,
           next_billing_at = now() + make_interval(days => $5::int)
         WHERE ${same}`,
        [...state, retryDays[0]],
      )
      if (!moved2) return { outcome: 'busy' } as const
      await enqueue(tx, BILLING_MAIL_JOB, {
        key: `${BILLING_MAIL_JOB}:${taken.id}`,
        payload: { kind: 'declined', subscriptionId: sub.id, retryNo: 0 },
      })
      return { outcome: 'declined', status: 'past_due' } as const
    }
    const retries = sub.retries + 1
    if (retries < retryDays.length) {
      const moved3 = await tx.one(
        `UPDATE subscriptions SET retries = $5,
           next_billing_at = past_due_since + make_interval(days => $6::int)
         WHERE ${same}`,
        [...state, retries, retryDays[retries]],
      )
      if (!moved3) return { outcome: 'busy' } as const
      await enqueue(tx, BILLING_MAIL_JOB, {
        key: `${BILLING_MAIL_JOB}:${taken.id}`,
        payload: { kind: 'declined', subscriptionId: sub.id, retryNo: retries },
      })
      return { outcome: 'declined', status: 'past_due' } as const
    }
    // the last retry declined: cancelled, the benefits end
    const moved4 = await tx.one(
      `UPDATE subscriptions SET status = 'cancelled', cancelled_at = now(), next_billing_at = NULL, retries = $5
       WHERE ${same}`,
      [...state, retries],
    )
    if (!moved4) return { outcome: 'busy' } as const
    await endBenefits(tx, sub.user_id, sub.plan)
    await enqueue(tx, BILLING_MAIL_JOB, {
      key: `${BILLING_MAIL_JOB}:${taken.id}`,
      payload: { kind: 'cancelled', subscriptionId: sub.id, retryNo: retries },
    })
    return { outcome: 'declined', status: 'cancelled' } as const
  })
}

/** A plan's benefits end (the member has no open subscription of it left). */
export async function endBenefits(db: Services['db'], userId: number, plan: 'plus' | 'shipping') {
  await db.query(
    `UPDATE users SET plus_active = CASE WHEN $2 = 'plus' THEN false ELSE plus_active END,
       shipping_active = CASE WHEN $2 = 'shipping' THEN false ELSE shipping_active END,
       subscribed = EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1 AND status <> 'cancelled')
     WHERE id = $1`,
    [userId, plan],
  )
}

/** Charges every subscription whose next_billing_at has passed (one attempt each). */
export async function renewDue(s: Services, userId?: number): Promise<{ paid: number; declined: number }> {
  const due = await s.db.query<SubState>(
    `SELECT ${STATE_COLS} FROM subscriptions
     WHERE status IN ('trialing', 'active', 'past_due') AND next_billing_at <= now()
       AND ($1::int IS NULL OR user_id = $1::int)
     ORDER BY next_billing_at, id LIMIT ${BATCH}`,
    [userId ?? null],
  )
  let paid = 0
  let declined = 0
  for (const sub of due) {
    const r = await chargeSubscription(s, sub, 'renewal')
    if (r.outcome === 'paid') paid++
    if (r.outcome === 'declined') declined++
    if (r.outcome !== 'busy') s.sessions.forget(sub.user_id)
  }
  return { paid, declined }
}

/** The subscription's state as chargeSubscription reads it. */
export function subscriptionState(s: Services, id: number) {
  return s.db.one<SubState>(`SELECT ${STATE_COLS} FROM subscriptions WHERE id = $1`, [id])
}

const moneyText = (cents: number, lng: MailLanguage) =>
  new Intl.NumberFormat(lng === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  )
const dateText = (d: Date, lng: MailLanguage) =>
  new Intl.DateTimeFormat(lng === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d)

/** The billing mail of a declined renewal (`declined`, with the next try) or of the cancellation. */
async function billingMail(s: Services, p: { kind: 'declined' | 'cancelled'; subscriptionId: number }) {
  const sub = await s.db.one<{
    user_id: number
    plan: 'plus' | 'shipping'
    price_cents: number
    next: Date | null
  }>('SELECT user_id, plan, price_cents, next_billing_at AS next FROM subscriptions WHERE id = $1', [
    p.subscriptionId,
  ])
  if (!sub) return false
  const url = `${s.publicUrl}/updatepay_method?token=${await updateLinkToken(s.db, p.subscriptionId)}`
  return sendMemberMail(s, sub.user_id, (t: TFunction, lng, m) => {
    const vars = {
      plan: t(`mail-billing:plan.${sub.plan}`),
      amount: moneyText(sub.price_cents, lng),
      date: sub.next ? dateText(sub.next, lng) : '',
      url,
    }
    const k = p.kind
    return {
      to: m.email,
      subject: t(`mail-billing:${k}.subject`, vars),
      body: [
        m.name ? t('mail-billing:greeting', { name: m.name }) : t('mail-billing:greetingNoName'),
        '',
        t(`mail-billing:${k}.body`, vars),
        '',
        t(`mail-billing:${k}.action`, vars),
      ].join('\n'),
      links: [{ label: t(`mail-billing:${k}.actionLabel`), url }],
    }
  })
}

/** The renewal job (every constants.billing.renewalSeconds) and the billing mail job. */
export function defineBillingJobs(jobs: JobRunner, s: Services, seconds = constants.billing.renewalSeconds) {
  jobs.every(RENEWAL_JOB, seconds, async () => {
    const r = await renewDue(s)
    return r.paid || r.declined ? `renewals: ${r.paid} paid, ${r.declined} declined` : undefined
  })
  jobs.define(BILLING_MAIL_JOB, async (job) => {
    const p = job.payload as { kind: 'declined' | 'cancelled'; subscriptionId: number }
    return (await billingMail(s, p)) ? `billing mail (${p.kind}) sent` : undefined
  })
}
