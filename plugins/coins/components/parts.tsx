import { Button, formatWhole, localeOf, useApp, useTranslation } from '@core'
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

/**
 * A number with at most one decimal as en-US and es-US write it ('1,234.5', '12'), without Intl: each
 * `toLocaleString` with options made a format (two per survey card, 60 cards on /surveys), and a
 * page's first one loads ICU's data.
 */
export function formatTenths(n: number, lng: string): string {
  if (!Number.isFinite(n) || Math.abs(n) >= 1e12)
    return n.toLocaleString(localeOf(lng), { maximumFractionDigits: 1 })
  const tenths = Math.round(Math.abs(n) * 10)
  const text = `${formatWhole(Math.trunc(tenths / 10), lng)}${tenths % 10 ? `.${tenths % 10}` : ''}`
  return n < 0 ? `-${text}` : text
}

/** A survey's honest numbers before it starts (UX: coins per minute and screen-out rate). */
export function SurveyFacts({ survey }: { survey: Survey }) {
  const { t, i18n } = useTranslation('coins')
  const coins = useCoins()
  const perMinute = formatTenths(survey.coins_per_minute, i18n.language)
  const pct = formatWhole(Math.round(survey.screen_out_percent), i18n.language)
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
