import { Field, formatCents, useTranslation } from '@core'
import { useState } from 'react'
import type { ReviewInquiry } from './contract'
import { positiveCents } from './dollars'
import { DecisionForm, QueueItem, QueuePage, ReasonForm, useQueue } from './Queue'
import s from './queues.module.css'

/**
 * /staff/inquiries (support): missing cash-back inquiries under review with the member's clicks at the
 * store and the store network's parked conversions; match one, credit by hand with a reason, or decline.
 */
export default function InquiriesPage() {
  const { t, i18n } = useTranslation('staff-queues')
  const q = useQueue<ReviewInquiry>('inquiries', (api) => api.inquiries())
  const lng = i18n.language
  return (
    <QueuePage q={q} part="inquiries">
      {(i) => {
        const name = t('inquiries.item', { id: i.id, store: i.store.name, order: i.order_id })
        return (
          <QueueItem
            id={`inquiry-${i.id}`}
            testId="inquiry"
            heading={name}
            facts={[
              [t('member'), `${i.member.name ?? ''} <${i.member.email}>`],
              [t('inquiries.orderedOn'), i.ordered_on],
              [t('inquiries.amount'), formatCents(i.amount_cents, lng)],
              [t('asked'), new Date(i.created_at).toLocaleString(lng)],
              [
                t('inquiries.clicks'),
                i.clicks.length ? (
                  <ul key="clicks" className={s.small}>
                    {i.clicks.map((c) => (
                      <li key={c.id}>{new Date(c.created_at).toLocaleString(lng)}</li>
                    ))}
                  </ul>
                ) : (
                  t('inquiries.noClicks')
                ),
              ],
            ]}
          >
            <Match
              inquiry={i}
              name={name}
              onMatch={async (conversionId, order) => {
                await q.api.matchInquiry(i.id, conversionId)
                q.done(i.id, t('inquiries.matched', { name, order }))
              }}
            />
            <Credit
              inquiry={i}
              name={name}
              onCredit={async (cents, reason) => {
                await q.api.creditInquiry(i.id, { amount_cents: cents, reason })
                q.done(i.id, t('inquiries.credited', { name, amount: formatCents(cents, lng) }))
              }}
            />
            <ReasonForm
              part="inquiries"
              verb="decline"
              item={i.id}
              name={name}
              done={q.done}
              send={(reason) => q.api.declineInquiry(i.id, reason)}
            />
          </QueueItem>
        )
      }}
    </QueuePage>
  )
}

/** The parked conversions as choices (the likely ones say so), and the match button. */
function Match({
  inquiry: i,
  name,
  onMatch,
}: {
  inquiry: ReviewInquiry
  name: string
  onMatch: (conversionId: number, order: string) => Promise<void>
}) {
  const { t, i18n } = useTranslation('staff-queues')
  const [chosen, setChosen] = useState<number | undefined>(i.parked.find((p) => p.likely)?.id)
  const [error, setError] = useState('')
  const id = `inquiry-${i.id}-match`
  if (!i.parked.length) return <p className={s.decision}>{t('inquiries.noParked')}</p>
  return (
    <DecisionForm
      id={id}
      label={t('inquiries.matchLabel', { name })}
      button={t('inquiries.match')}
      onSubmit={() => {
        const p = i.parked.find((x) => x.id === chosen)
        setError(p ? '' : t('inquiries.choose'))
        return p ? () => onMatch(p.id, p.order_id) : undefined
      }}
    >
      <fieldset className={s.options} aria-describedby={error ? `${id}-error` : undefined}>
        <legend className={s.sub}>{t('inquiries.parked')}</legend>
        {i.parked.map((p) => (
          <label key={p.id}>
            <input
              type="radio"
              name={`${id}-conversion`}
              value={p.id}
              checked={chosen === p.id}
              onChange={() => setChosen(p.id)}
            />
            {t('inquiries.conversion', {
              order: p.order_id,
              amount: formatCents(p.sale_cents, i18n.language),
              date: p.ordered_at.slice(0, 10),
            })}
            {p.likely ? ` (${t('inquiries.likely')})` : ''}
          </label>
        ))}
        {error ? (
          <p id={`${id}-error`} className={s.small}>
            {error}
          </p>
        ) : null}
      </fieldset>
    </DecisionForm>
  )
}

/** A manual credit: the cash back in dollars (at most the order amount) and the reason the member reads. */
function Credit({
  inquiry: i,
  name,
  onCredit,
}: {
  inquiry: ReviewInquiry
  name: string
  onCredit: (cents: number, reason: string) => Promise<void>
}) {
  const { t, i18n } = useTranslation('staff-queues')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({})
  const id = `inquiry-${i.id}-credit`
  const most = formatCents(i.amount_cents, i18n.language)
  return (
    <DecisionForm
      id={id}
      label={t('inquiries.creditLabel', { name })}
      button={t('inquiries.credit')}
      secondary
      onSubmit={(form) => {
        const cents = positiveCents(amount)
        const next = {
          amount:
            cents === null
              ? t('amount.invalid')
              : cents > i.amount_cents
                ? t('inquiries.overOrder', { most })
                : undefined,
          reason: reason.trim() ? undefined : t('reason.required'),
        }
        setErrors(next)
        const first = next.amount ? `${id}-amount` : next.reason ? `${id}-reason` : undefined
        if (first || cents === null) {
          ;(form.elements.namedItem(first ?? `${id}-amount`) as HTMLInputElement | null)?.focus()
          return undefined
        }
        return () => onCredit(cents, reason.trim())
      }}
    >
      <Field
        id={`${id}-amount`}
        label={t('inquiries.creditAmount')}
        hint={t('inquiries.creditHint', { most })}
        inputMode="decimal"
        value={amount}
        error={errors.amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <Field
        id={`${id}-reason`}
        label={t('reason.label')}
        hint={t('reason.hint')}
        maxLength={500}
        value={reason}
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </DecisionForm>
  )
}
