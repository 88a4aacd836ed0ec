import { useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { Link } from 'react-router-dom'
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
        <Link to="/plus">{t('end.plus')}</Link>
        <Link to="/cancel-subscription">{t('end.cancel')}</Link>
      </p>
    </EndPage>
  )
}

export default observer(SummaryPage)
