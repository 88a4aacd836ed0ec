import { Field, formatCents, useTranslation } from '@core'
import { useEffect, useState } from 'react'
import type { QueuesApi } from './api'
import type { ReviewClaim } from './contract'
import { positiveCents } from './dollars'
import { DecisionForm, QueueItem, QueuePage, ReasonForm, useQueue } from './Queue'
import s from './queues.module.css'

/**
 * /staff/claims (finance): rebate claims in review with the receipt inline; approve an amount within
 * what the member has left of the benefit's monthly cap, or reject with the reason the member sees.
 */
export default function ClaimsPage() {
  const { t, i18n } = useTranslation('staff-queues')
  const q = useQueue<ReviewClaim>('claims', (api) => api.claims())
  const lng = i18n.language
  return (
    <QueuePage q={q} part="claims">
      {(c) => {
        const benefit = t(`claims.benefits.${c.benefit_type}`, { defaultValue: c.benefit_type })
        const name = t('claims.item', { id: c.id, benefit, order: c.order_number })
        return (
          <QueueItem
            id={`claim-${c.id}`}
            testId="claim"
            heading={name}
            facts={[
              [t('member'), `${c.member.name ?? ''} <${c.member.email}>`],
              [t('claims.orderDate'), c.order_date],
              [t('claims.asked'), formatCents(c.amount_cents, lng)],
              [t('claims.left'), c.left_cents === null ? t('claims.noCap') : formatCents(c.left_cents, lng)],
              [t('asked'), new Date(c.created_at).toLocaleString(lng)],
            ]}
          >
            <Receipt api={q.api} claim={c} name={name} />
            <ApproveClaim
              claim={c}
              name={name}
              onApprove={async (cents) => {
                await q.api.approveClaim(c.id, { amount_cents: cents })
                q.done(c.id, t('claims.approved', { name, amount: formatCents(cents, lng) }))
              }}
            />
            <ReasonForm
              part="claims"
              verb="reject"
              item={c.id}
              name={name}
              done={q.done}
              send={(reason) => q.api.rejectClaim(c.id, reason)}
            />
          </QueueItem>
        )
      }}
    </QueuePage>
  )
}

/** The receipt inline: a photo as an image, a PDF in a frame (from its bytes), and a link to open it. */
function Receipt({ api, claim, name }: { api: QueuesApi; claim: ReviewClaim; name: string }) {
  const { t } = useTranslation('staff-queues')
  const pdf = claim.receipt_type === 'application/pdf'
  const [url, setUrl] = useState<string>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!pdf) return undefined
    let made: string | undefined
    api.receipt(claim.id).then(
      (blob) => {
        made = URL.createObjectURL(blob)
        setUrl(made)
      },
      () => setFailed(true),
    )
    return () => {
      if (made) URL.revokeObjectURL(made)
    }
  }, [api, claim.id, pdf])
  return (
    <figure className={s.decision} data-testid="receipt">
      {pdf ? (
        url ? (
          <iframe className={s.receipt} src={url} title={t('claims.receiptOf', { name })} height={360} />
        ) : failed ? (
          <p role="alert">{t('claims.receiptFailed')}</p>
        ) : (
          <p>{t('claims.receiptLoading')}</p>
        )
      ) : (
        <img className={s.receipt} src={api.receiptUrl(claim.id)} alt={t('claims.receiptOf', { name })} />
      )}
      <figcaption className={s.small}>
        <a href={api.receiptUrl(claim.id)} target="_blank" rel="noopener">
          {t('claims.openReceipt', { type: pdf ? 'PDF' : t('claims.image') })}
        </a>
      </figcaption>
    </figure>
  )
}

function ApproveClaim({
  claim: c,
  name,
  onApprove,
}: {
  claim: ReviewClaim
  name: string
  onApprove: (cents: number) => Promise<void>
}) {
  const { t, i18n } = useTranslation('staff-queues')
  const [amount, setAmount] = useState((c.max_cents / 100).toFixed(2))
  const [error, setError] = useState('')
  const id = `claim-${c.id}-approve`
  const most = formatCents(c.max_cents, i18n.language)
  if (c.max_cents <= 0) return <p className={s.decision}>{t('claims.capUsed')}</p>
  return (
    <DecisionForm
      id={id}
      label={t('claims.approveLabel', { name })}
      button={t('claims.approve')}
      onSubmit={(form) => {
        const cents = positiveCents(amount)
        const problem =
          cents === null ? t('amount.invalid') : cents > c.max_cents ? t('claims.overMax', { most }) : ''
        setError(problem)
        if (problem || cents === null) {
          ;(form.elements.namedItem(`${id}-amount`) as HTMLInputElement | null)?.focus()
          return undefined
        }
        return () => onApprove(cents)
      }}
    >
      <Field
        id={`${id}-amount`}
        label={t('claims.amount')}
        hint={t('claims.amountHint', { most })}
        inputMode="decimal"
        value={amount}
        error={error}
        onChange={(e) => setAmount(e.target.value)}
      />
    </DecisionForm>
  )
}
