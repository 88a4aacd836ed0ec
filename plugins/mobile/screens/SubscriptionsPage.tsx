import { Part, useTranslation } from '@core'
import { MemberPage } from '../components/MemberPage'

/** /mobile/subscriptions: the memberships and their cancel flow ('account.subscriptions'). */
export default function SubscriptionsPage() {
  const { t } = useTranslation('mobile')
  return (
    <MemberPage title={t('subscriptions.title')} testId="mobile-subscriptions">
      <Part
        name="account.subscriptions"
        loading={<p role="status">{t('loading')}</p>}
        fallback={<p>{t('subscriptions.none')}</p>}
      />
    </MemberPage>
  )
}
