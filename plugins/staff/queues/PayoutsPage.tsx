import { formatCents, useTranslation } from '@core'
import type { ReviewPayout } from './contract'
import { DecisionForm, QueueItem, QueuePage, ReasonForm, useQueue } from './Queue'

/** /staff/payouts (finance): payouts worth more than the review threshold, approved or rejected with a reason. */
export default function PayoutsPage() {
  const { t, i18n } = useTranslation('staff-queues')
  const q = useQueue<ReviewPayout>('payouts', (api) => api.payouts())
  const lng = i18n.language
  return (
    <QueuePage q={q} part="payouts">
      {(p) => {
        const amount = formatCents(p.value_cents, lng)
        const name = t('payouts.item', { id: p.id, amount })
        return (
          <QueueItem
            id={`payout-${p.id}`}
            testId="payout"
            heading={name}
            facts={[
              [t('member'), `${p.member.name ?? ''} <${p.member.email}>`],
              [t('payouts.method'), t(`payouts.methods.${p.method}`, { defaultValue: p.method })],
              [t('payouts.destination'), p.destination],
              [
                t('payouts.amount'),
                p.kind === 'coin'
                  ? t('payouts.coins', { coins: p.amount.toLocaleString(lng), amount })
                  : amount,
              ],
              [t('asked'), new Date(p.created_at).toLocaleString(lng)],
              ...(p.test ? ([[t('payouts.money'), t('payouts.testMoney')]] as [string, string][]) : []),
            ]}
          >
            <DecisionForm
              id={`payout-${p.id}-approve`}
              label={t('payouts.approveLabel', { name })}
              button={t('payouts.approve')}
              onSubmit={() => async () => {
                await q.api.approvePayout(p.id, {})
                q.done(p.id, t('payouts.approved', { name }))
              }}
            />
            <ReasonForm
              part="payouts"
              verb="reject"
              item={p.id}
              name={name}
              done={q.done}
              send={(reason) => q.api.rejectPayout(p.id, reason)}
            />
          </QueueItem>
        )
      }}
    </QueuePage>
  )
}
