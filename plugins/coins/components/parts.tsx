import { Button, useApp, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import type { Survey } from '../contract'
import { formatCoins } from './coin-ledger'
import s from './styles'

/** A number of coins in the page's language ('1,200 coins'). */
export function useCoins() {
  const { t, i18n } = useTranslation('coins')
  return (n: number) => t('amount', { count: n, value: formatCoins(n, i18n.language) })
}

/** A survey's honest numbers before it starts (UX: coins per minute and screen-out rate). */
export function SurveyFacts({ survey }: { survey: Survey }) {
  const { t, i18n } = useTranslation('coins')
  const coins = useCoins()
  const lng = i18n.language === 'es' ? 'es-US' : 'en-US'
  const perMinute = survey.coins_per_minute.toLocaleString(lng, { maximumFractionDigits: 1 })
  const pct = survey.screen_out_percent.toLocaleString(lng, { maximumFractionDigits: 0 })
  return (
    <dl className={s.facts}>
      <div>
        <dt>{t('surveys.coins')}</dt>
        <dd data-testid="survey-coins">{coins(survey.coins_advertised)}</dd>
      </div>
      <div>
        <dt>{t('surveys.time')}</dt>
        <dd>{t('surveys.minutes', { count: survey.survey_estimated_time_in_mins })}</dd>
      </div>
      <div>
        <dt>{t('surveys.perMinute')}</dt>
        <dd data-testid="survey-per-minute">{perMinute}</dd>
      </div>
      <div>
        <dt>{t('surveys.screenOut')}</dt>
        <dd data-testid="survey-screen-out">
          {t('surveys.screenOutValue', { value: pct })}{' '}
          <span className={s.muted}>
            ({survey.screen_out_from_history ? t('surveys.fromHistory') : t('surveys.estimate')})
          </span>
        </dd>
      </div>
    </dl>
  )
}

/** For a visitor: what signing in gives, and the button that opens the login tab. */
export function SignInPrompt({ text, button }: { text: ReactNode; button: string }) {
  const { services } = useApp()
  return (
    <div className={s.card} data-testid="coins-sign-in">
      <p>{text}</p>
      <Button onClick={() => services.events.emit('open-auth', { tab: 'login' })}>{button}</Button>
    </div>
  )
}

/** The session's authenticated flag, observed (a screen re-renders on sign-in and sign-out). */
export const WhenSignedIn = observer(function WhenSignedIn({
  children,
}: {
  children: (signedIn: boolean) => ReactNode
}) {
  const { services } = useApp()
  return <>{children(services.session.authenticated)}</>
})

/** A gate's refusal, read out when it appears. */
export function GateAlert({ text, id }: { text: string | null; id?: string }) {
  if (!text) return null
  return (
    <p role="alert" id={id} className={s.alert} data-testid="gate-alert">
      {text}
    </p>
  )
}
