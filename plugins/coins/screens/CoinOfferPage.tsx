import {
  Button,
  CheckField,
  constants,
  Dialog,
  HttpError,
  LoadFailed,
  mobileOs,
  NotFound,
  type Offer,
  Page,
  RouteLink,
  type ScreenProps,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { coinsApi, isCoinOfferType } from '../api'
import { useAttemptStatus } from '../components/attempt'
import { formatCoins } from '../components/coin-ledger'
import { deviceFits } from '../components/gating'
import { GateAlert } from '../components/parts'
import s from '../components/styles'
import { useGoToCoinOffer } from '../components/useGate'
import { AttemptStatus } from './SurveyCompletePage'

/** SPEC 2.9: the offer's text is set smaller when the description is over 300 characters. */
export const isLong = (text: string | null | undefined) =>
  (text ?? '').length > constants.offerPopupSmallStyleOverChars

/**
 * /coins/offer/{offer}: an app or game offer (coins, what to do, its terms). An iOS offer
 * (for_ios = 1) asks for the app-tracking consent ('You need to agree with the terms' without it) and
 * shows the iOS app-tracking instructions before the member leaves; an offer made for one phone system
 * (app_container) says so elsewhere. `?attempt=` shows that attempt's status (pending, then credited).
 */
export default function CoinOfferPage({ params }: ScreenProps) {
  const { t } = useTranslation('coins')
  const { http } = useServices()
  const id = params.offer ?? ''
  const valid = /^[0-9]{1,10}$/.test(id)
  const r = useLoad(`offer:${id}`, () =>
    valid ? coinsApi(http).offer(id) : Promise.reject(new HttpError('Not found', 'status', 404)),
  )
  if (r.status === 'error' && r.error instanceof HttpError && r.error.status === 404) return <NotFound />
  if (r.data && !isCoinOfferType(r.data.data.offer_type)) return <NotFound />
  if (r.status === 'error')
    return (
      <Page title={t('offer.failed')} className={s.page}>
        <LoadFailed error={r.error} onRetry={r.retry} what={t('offer.failed')} />
      </Page>
    )
  if (!r.data)
    return (
      <div role="status" aria-busy="true" className={s.page}>
        <span className="visually-hidden">{t('loading')}</span>
        <div className={s.skeleton} />
        <div className={s.skeleton} />
      </div>
    )
  return <OfferBody offer={r.data.data} />
}

const OfferBody = observer(function OfferBody({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('coins')
  const { session } = useServices()
  const [search] = useSearchParams()
  const attempt = search.get('attempt')
  const [allowed, setAllowed] = useState(false)
  const [instructions, setInstructions] = useState<string | null>(null)
  const ios = offer.for_ios === 1
  const gate = useGoToCoinOffer((o) => {
    if (!ios) return false
    setInstructions(o.url)
    return true
  })
  const fits = deviceFits(offer, mobileOs())
  const container = offer.app_container?.toLowerCase()
  const small = isLong(offer.offer_description)
  const termsError = gate.code === 'terms_required' ? gate.error : null
  return (
    <Page title={offer.display_name} className={s.page} testId="coin-offer-page">
      <div className={s.offerHead}>
        <img src={offer.image_url} alt="" width={56} height={56} />
        <p className={s.big} data-testid="offer-coins">
          {t('offer.coins', {
            count: offer.coins_advertised,
            value: formatCoins(offer.coins_advertised, i18n.language),
          })}
        </p>
      </div>
      <p>{offer.display_description}</p>
      <p
        className={small ? s.small : undefined}
        data-testid="offer-description"
        data-small={small ? 'true' : 'false'}
      >
        {offer.offer_description}
      </p>
      {attempt ? <OfferAttempt attempt={attempt} signedIn={session.authenticated} /> : null}
      {!fits ? (
        <p className={s.card} data-testid="offer-device">
          {container === 'ios' ? t('offer.iosOnly') : t('offer.androidOnly')}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void gate.go(offer, ios ? allowed : undefined)
          }}
        >
          {ios ? (
            <CheckField
              id="app-tracking"
              label={t('offer.tracking')}
              checked={allowed}
              onChange={(e) => {
                setAllowed(e.currentTarget.checked)
                if (e.currentTarget.checked) gate.clear()
              }}
              error={termsError}
            />
          ) : null}
          <div className={s.actions}>
            <Button type="submit" disabled={gate.busy} aria-busy={gate.busy}>
              {gate.busy ? t('gate.starting') : t('offer.start')}
            </Button>
          </div>
          {!termsError ? <GateAlert text={gate.error} /> : null}
        </form>
      )}
      <p className={s.links}>
        <RouteLink route="offers-type" params={{ type: offer.offer_type }}>
          {t('offer.back')}
        </RouteLink>
        <RouteLink route="offer-incompletecoinoffers">{t('surveys.incomplete')}</RouteLink>
      </p>
      {instructions ? (
        <Dialog
          title={t('offer.trackingTitle')}
          onClose={() => setInstructions(null)}
          closeLabel={t('offer.close')}
          size="small"
          testId="ios-tracking-popup"
        >
          <p>{t('offer.trackingLead')}</p>
          <ol className={s.steps}>
            <li>{t('offer.trackingStep1')}</li>
            <li>{t('offer.trackingStep2')}</li>
            <li>{t('offer.trackingStep3')}</li>
          </ol>
          <Button onClick={() => gate.leave(instructions)}>{t('offer.continue')}</Button>
        </Dialog>
      ) : null}
    </Page>
  )
})

/** The status of an attempt of this offer the member came back from (?attempt=). */
function OfferAttempt({ attempt, signedIn }: { attempt: string; signedIn: boolean }) {
  const { t } = useTranslation('coins')
  const [search] = useSearchParams()
  // the offer platform's name travels with the return address; the development platform otherwise
  const platform = search.get('platform') ?? 'devsurvey'
  const status = useAttemptStatus(platform, attempt, signedIn)
  if (!signedIn) return null
  return (
    <section aria-labelledby="offer-status" className={s.card}>
      <h2 id="offer-status">{t('offer.status')}</h2>
      <AttemptStatus view={status.view} onRetry={status.retry} texts="offer" />
    </section>
  )
}
