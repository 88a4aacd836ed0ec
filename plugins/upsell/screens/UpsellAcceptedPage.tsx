import { useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { Link } from 'react-router-dom'
import { EndPage } from '../components/EndPage'
import { SubscriptionSummary } from '../components/SubscriptionSummary'
import s from '../components/upsell.module.css'

/** /splthanq (query tpsha1): the upsell was accepted. Coins fall; what is billed and when is restated. */
function UpsellAcceptedPage() {
  const { t } = useTranslation('upsell')
  const session = useSession()
  return (
    <EndPage coins testId="accepted-page" title={t('accepted.title')}>
      <p>{t('accepted.body')}</p>
      <SubscriptionSummary signedIn={Boolean(session.authenticated)} />
      <p className={s.centeredActions}>
        <Link to="/stores">{t('end.shop')}</Link>
        <Link to="/cancel-subscription">{t('end.cancel')}</Link>
      </p>
    </EndPage>
  )
}

export default observer(UpsellAcceptedPage)
