import { Lead, LoadFailed, Page, RouteLink, useLoad, useServices, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { coinsApi } from '../api'
import { OfferItem } from '../components/OfferItem'
import { SignInPrompt } from '../components/parts'
import s from '../components/styles'

/** /offer/incompleteCoinOffers: coin offers the member started and has not finished (at most offersRemembered). */
export default observer(function IncompleteCoinOffersPage() {
  const { t } = useTranslation('coins')
  const { http, session } = useServices()
  const signedIn = session.authenticated
  const list = useLoad(`incomplete:${signedIn}`, () =>
    signedIn ? coinsApi(http).incomplete() : Promise.resolve(null),
  )
  return (
    <Page title={t('incomplete.title')} className={s.page} testId="incomplete-offers">
      <Lead>{t('incomplete.lead')}</Lead>
      {!signedIn ? (
        <SignInPrompt text={t('incomplete.visitor')} button={t('incomplete.signIn')} />
      ) : list.status === 'error' ? (
        <LoadFailed error={list.error} onRetry={list.retry} what={t('incomplete.failed')} />
      ) : !list.data ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <div className={s.skeleton} />
        </div>
      ) : list.data.data.length === 0 ? (
        <p className={s.card} data-testid="incomplete-empty">
          {t('incomplete.empty')} <RouteLink route="offers-app">{t('incomplete.browse')}</RouteLink>
        </p>
      ) : (
        <ul className={s.tiles}>
          {list.data.data.map((o) => (
            <OfferItem key={o.offer_id} offer={o} />
          ))}
        </ul>
      )}
      <p className={s.links}>
        <RouteLink route="offers-app">{t('incomplete.browse')}</RouteLink>
      </p>
    </Page>
  )
})
