import { formatCents, useTranslation } from '@core'
import type { ReviewProtectionClaim } from './contract'
import { DecisionForm, QueueItem, QueuePage, ReasonForm, useQueue } from './Queue'

/**
 * /staff/protection (finance): filed protection claims the watcher could not settle (no provider, no
 * linked account, an account that needs the member, or filed too long ago); approve (the refund is
 * paid once) or decline with a reason.
 */
export default function ProtectionClaimsPage() {
  const { t, i18n } = useTranslation('staff-queues')
  const q = useQueue<ReviewProtectionClaim>('protection', (api) => api.protection())
  const lng = i18n.language
  return (
    <QueuePage q={q} part="protection">
      {(c) => {
        const amount = formatCents(c.amount_cents, lng)
        const name = t('protection.item', {
          id: c.id,
          kind: t(`protection.kinds.${c.kind}`, { defaultValue: c.kind }),
          merchant: c.merchant,
        })
        return (
          <QueueItem
            id={`protection-${c.id}`}
            testId="protection-claim"
            heading={name}
            facts={[
              [t('member'), `${c.member.name ?? ''} <${c.member.email}>`],
              [t('protection.reference'), c.reference],
              [t('protection.amount'), amount],
              [t('protection.why'), t(`protection.whys.${c.why}`)],
              [t('asked'), new Date(c.created_at).toLocaleString(lng)],
            ]}
          >
            <DecisionForm
              id={`protection-${c.id}-approve`}
              label={t('protection.approveLabel', { name })}
              button={t('protection.approve', { amount })}
              onSubmit={() => async () => {
                await q.api.approveProtection(c.id)
                q.done(c.id, t('protection.approved', { name, amount }))
              }}
            />
            <ReasonForm
              part="protection"
              verb="decline"
              item={c.id}
              name={name}
              done={q.done}
              send={(reason) => q.api.declineProtection(c.id, reason)}
            />
          </QueueItem>
        )
      }}
    </QueuePage>
  )
}
