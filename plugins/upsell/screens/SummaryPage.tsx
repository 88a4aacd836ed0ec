import { RouteLink, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { EndPage } from '../components/EndPage'
import { SubscriptionSummary } from '../components/SubscriptionSummary'
import s from '../components/upsell.module.css'

/** /spsummary: the member's memberships, what each costs and when it is billed next. */
function SummaryPage() {
  const { t } = useTranslation('upsell')
  const session = useSession()
  return (
    <EndPage testId="summary-page" title={t('summary.title')}>
      {session.authenticated ? <SubscriptionSummary signedIn /> : <p>{t('summary.signedOut')}</p>}
      <p className={s.centeredActions}>
        <RouteLink route="plus">{t('end.plus')}</RouteLink>
        <RouteLink route="cancel-subscription">{t('end.cancel')}</RouteLink>
      </p>
    </EndPage>
  )
}

export default observer(SummaryPage)
