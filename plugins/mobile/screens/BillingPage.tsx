import { Part, useTranslation } from '@core'
import { MemberPage } from '../components/MemberPage'

/** /mobile/billing: the card on file and the charges ('account.billing'). */
export default function BillingPage() {
  const { t } = useTranslation('mobile')
  return (
    <MemberPage title={t('billing.title')} testId="mobile-billing">
      <Part
        name="account.billing"
        loading={<p role="status">{t('loading')}</p>}
        fallback={<p>{t('billing.none')}</p>}
      />
    </MemberPage>
  )
}
