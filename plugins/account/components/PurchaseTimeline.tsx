import { formatCents, TestMoneyLabel, useTranslation } from '@core'
import type { PurchaseStep, Rebate } from '../contract'
import { Amount, dateText, StatusBadge } from './Amount'
import s from './account.module.css'
import p from './purchases.module.css'

/** What a purchase shows as its status: a reversed conversion is reversed, whatever its credit's row says. */
export type PurchaseStatus = 'pending' | 'confirmed' | 'payable' | 'paid' | 'reversed' | 'declined'
export function purchaseStatus(r: Rebate): PurchaseStatus {
  if (r.timeline?.reversed_at || r.reversal || r.status === 'reversed') return 'reversed'
  return r.status
}

export interface StepView {
  step: PurchaseStep
  done: boolean
  /** ISO: when it happened, or when it is expected (done false) */
  at: string | null
}

const REACHED: Record<string, number> = {
  pending: 1,
  confirmed: 2,
  payable: 3,
  paid: 3,
  declined: 1,
  reversed: 1,
}

/**
 * The steps of a purchase in order. A network's conversion has its own dates (and the click's); an older
 * row or a Plus rebate has its booking date and its expected payable date, with the steps its status passed.
 */
export function stepsOf(r: Rebate): StepView[] {
  const w = r.timeline
  if (w) {
    const steps: StepView[] = []
    if (w.clicked_at) steps.push({ step: 'clicked', done: true, at: w.clicked_at })
    steps.push({ step: 'tracked', done: true, at: w.tracked_at })
    steps.push({
      step: 'confirmed',
      done: w.confirmed_at !== null,
      at: w.confirmed_at ?? (w.reversed_at ? null : w.next_step === 'confirmed' ? w.next_at : null),
    })
    steps.push({
      step: 'payable',
      done: w.payable_done,
      at: w.reversed_at && !w.payable_done ? null : w.payable_at,
    })
    return steps
  }
  const reached = REACHED[r.status] ?? 1
  return [
    { step: 'tracked', done: true, at: r.created_at },
    { step: 'confirmed', done: reached >= 2, at: null },
    { step: 'payable', done: reached >= 3, at: reached >= 3 ? null : r.expected_at },
  ]
}

/** The next step and its expected date, while the purchase has one. */
export function nextOf(r: Rebate): { step: PurchaseStep; at: string | null } | null {
  if (purchaseStatus(r) === 'reversed') return null
  if (r.timeline) return r.timeline.next_step ? { step: r.timeline.next_step, at: r.timeline.next_at } : null
  if (r.status === 'pending' || r.status === 'confirmed') return { step: 'payable', at: r.expected_at }
  return null
}

/**
 * One purchase (issue 26): the store, the order and the cash back, then its way as an ordered list of
 * steps (clicked, tracked, confirmed, payable), each saying in words whether it is done and when (or
 * when it is expected), so nothing rests on colour alone; a reversal shows its debit.
 */
export function PurchaseItem({ row }: { row: Rebate }) {
  const { t, i18n } = useTranslation('account')
  const lng = i18n.language
  const status = purchaseStatus(row)
  const steps = stepsOf(row)
  const next = nextOf(row)
  const title = row.store?.name ?? t(`benefit.${row.benefit_type}`, { defaultValue: t('purchases.rebate') })
  return (
    <li
      className={`${s.card} ${p.purchase} ${status === 'reversed' ? p.reversed : ''}`}
      data-testid="purchase"
      data-status={status}
      {...(row.test ? { 'data-test-money': 'true' } : {})}
    >
      <div className={p.head}>
        <div>
          <strong>{title}</strong>
          {row.test ? <TestMoneyLabel /> : null}
          {row.order_amount_cents ? (
            <div className={s.muted}>
              {t('purchases.order', { amount: formatCents(row.order_amount_cents, lng) })}
            </div>
          ) : null}
        </div>
        <div className={p.figures}>
          <StatusBadge status={status} />
          <span className={p.amount}>
            <Amount amount={row.amount_cents} currency="cash" />
          </span>
        </div>
      </div>
      <ol className={p.steps} data-testid="purchase-timeline" aria-label={t('purchases.timelineLabel')}>
        {steps.map((x) => (
          <li
            key={x.step}
            className={`${p.step} ${x.done ? p.done : ''}`}
            data-step={x.step}
            data-done={x.done ? 'true' : 'false'}
          >
            <span className={p.label}>
              {t(`purchases.step.${x.step}`)}
              <span className="visually-hidden">
                {', '}
                {x.done ? t('purchases.done') : t('purchases.notYet')}
              </span>
            </span>
            {x.at ? (
              <time className={p.when} dateTime={x.at}>
                {x.done
                  ? t('purchases.on', { date: dateText(x.at, lng, t) })
                  : t('purchases.expected', { date: dateText(x.at, lng, t) })}
              </time>
            ) : (
              <span className={p.when} aria-hidden="true">
                —
              </span>
            )}
          </li>
        ))}
      </ol>
      {next ? (
        <p className={p.next} data-testid="purchase-next">
          {next.at
            ? t('purchases.nextStep', {
                step: t(`purchases.step.${next.step}`),
                date: dateText(next.at, lng, t),
              })
            : t('purchases.nextStepNoDate', { step: t(`purchases.step.${next.step}`) })}
        </p>
      ) : null}
      {status === 'reversed' ? (
        <div className={p.reversal} data-testid="purchase-reversal">
          <p>
            {row.timeline?.reversed_at
              ? t('purchases.reversedOn', { date: dateText(row.timeline.reversed_at, lng, t) })
              : t('purchases.reversedNoDate')}
          </p>
          {row.reversal ? (
            <p data-testid="purchase-debit">
              {t('purchases.debit')}: <Amount amount={row.reversal.amount_cents} currency="cash" />
              {row.reversal.status === 'reversed' ? ` ${t('purchases.debitNoEffect')}` : null}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

/** When the cash balance is below zero (a reversal after payout): later earnings offset it. */
export function NegativeBalanceNote({ payableCents }: { payableCents: number }) {
  const { t, i18n } = useTranslation('account')
  if (payableCents >= 0) return null
  return (
    <p className={p.note} role="note" data-testid="negative-balance">
      {t('purchases.negative', { amount: formatCents(payableCents, i18n.language) })}
    </p>
  )
}

/** The purchases as timelines, newest first (GET /api/account/purchase-history), with their pages. */
export function PurchaseList({ rows, label }: { rows: readonly Rebate[]; label: string }) {
  return (
    <ol className={s.list} aria-label={label} data-testid="purchases">
      {rows.map((r) => (
        <PurchaseItem key={r.id} row={r} />
      ))}
    </ol>
  )
}
