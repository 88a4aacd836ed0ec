import { LoadFailed, Page, RouteLink, type ScreenProps, useServices, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useSearchParams } from 'react-router-dom'
import { type AttemptView, useAttemptStatus } from '../components/attempt'
import { formatCoins } from '../components/coin-ledger'
import { SignInPrompt, useCoins } from '../components/parts'
import s from '../components/styles'

/**
 * /survey/{platform_name}/complete?attempt=: where the member lands after a survey. It reads what the
 * platform's signed postback booked (pending until it arrives, polled), never credits anything itself.
 */
export default observer(function SurveyCompletePage({ params }: ScreenProps) {
  const { t } = useTranslation('coins')
  const services = useServices()
  const [search] = useSearchParams()
  const signedIn = services.session.authenticated
  const platform = params.platform_name ?? ''
  const status = useAttemptStatus(platform, search.get('attempt'), signedIn)
  return (
    <Page title={t('complete.title')} className={s.page} testId="survey-complete">
      {signedIn ? (
        <AttemptStatus view={status.view} onRetry={status.retry} texts="complete" />
      ) : (
        <SignInPrompt text={t('complete.signIn')} button={t('complete.signInButton')} />
      )}
      <p className={s.links}>
        <RouteLink route="account-coin-history">{t('complete.history')}</RouteLink>
        <RouteLink route="surveys">{t('complete.more')}</RouteLink>
      </p>
    </Page>
  )
})

/**
 * An attempt's status in a polite live region: a screen reader hears pending once, then the end.
 * `texts`: the survey's words (complete.*) or an offer's (offer.*).
 */
export function AttemptStatus({
  view,
  onRetry,
  texts,
}: {
  view: AttemptView
  onRetry: () => void
  texts: 'complete' | 'offer'
}) {
  const { t, i18n } = useTranslation('coins')
  const coins = useCoins()
  if (view.phase === 'error')
    return <LoadFailed error={view.error} onRetry={onRetry} what={t('complete.failed')} />
  let body = null
  switch (view.phase) {
    case 'checking':
      body = <p className={s.status}>{t('complete.checking')}</p>
      break
    case 'pending':
      body = <p className={s.status}>{t(`${texts}.pending`)}</p>
      break
    case 'completed':
      body = (
        <div className={s.success}>
          <p className={s.big} data-testid="attempt-credited">
            {t(`${texts}.credited`, {
              count: view.attempt.coins_credited,
              value: formatCoins(view.attempt.coins_credited, i18n.language),
            })}
          </p>
          <p data-testid="attempt-balance">
            {t('complete.balance', { value: coins(view.attempt.coin_balance) })}
          </p>
        </div>
      )
      break
    case 'screened_out':
      body = <p className={s.status}>{t('complete.screenedOut')}</p>
      break
    case 'reversed':
      body = <p className={s.status}>{t(`${texts}.reversed`)}</p>
      break
    case 'timeout':
      body = <p className={s.status}>{t(`${texts}.stillPending`)}</p>
      break
    case 'none':
      body = <p className={s.status}>{t('complete.noAttempt')}</p>
      break
    case 'visitor':
      body = null
  }
  return (
    <div role="status" aria-live="polite" data-testid="attempt-status" data-phase={view.phase}>
      {'attempt' in view ? <p className={s.muted}>{view.attempt.title}</p> : null}
      {body}
    </div>
  )
}
