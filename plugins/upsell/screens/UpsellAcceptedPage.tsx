import { RouteLink, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
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
        <RouteLink route="stores">{t('end.shop')}</RouteLink>
        <RouteLink route="cancel-subscription">{t('end.cancel')}</RouteLink>
      </p>
    </EndPage>
  )
}

export default observer(UpsellAcceptedPage)
