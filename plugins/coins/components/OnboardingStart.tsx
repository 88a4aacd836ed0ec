import { Button, LoadFailed, RouteLink, useLoad, useServices, useTranslation } from '@core'
import { coinsApi } from '../api'
import { GateAlert, SignInPrompt, useCoins } from './parts'
import s from './styles'
import { useGoToSurvey } from './useGate'

/** The onboarding survey's id: from the survey list, else from the reply's start address. */
async function loadOnboarding(api: ReturnType<typeof coinsApi>) {
  const [reply, list] = await Promise.all([api.onboarding(), api.surveys()])
  if (reply.data === 'completed') return { completed: true as const }
  const fromList = list.data.find((x) => x.is_onboarding)?.id
  const fromUrl = /\/surveys\/([0-9]+)\//.exec(reply.data.click_url)?.[1]
  const id = fromList ?? (fromUrl ? Number(fromUrl) : null)
  return {
    completed: false as const,
    id,
    coins: reply.data.coins_advertised,
    minutes: reply.data.survey_estimated_time_in_mins,
  }
}

/**
 * The onboarding survey (GET api/user/survey/list/onboarding): 'completed' says so with a link to the
 * surveys; else its coins and minutes and the start button through the gating. A visitor gets the
 * sign-in prompt. `startLabel`: the button's text.
 */
export function OnboardingStart({ signedIn, startLabel }: { signedIn: boolean; startLabel: string }) {
  const { t } = useTranslation('coins')
  const { http } = useServices()
  const coins = useCoins()
  const gate = useGoToSurvey()
  const data = useLoad(`onboarding:${signedIn}`, () =>
    signedIn ? loadOnboarding(coinsApi(http)) : Promise.resolve(null),
  )
  if (!signedIn)
    return <SignInPrompt text={t('onboardingSurvey.visitor')} button={t('complete.signInButton')} />
  if (data.status === 'error')
    return <LoadFailed error={data.error} onRetry={data.retry} what={t('onboardingSurvey.failed')} />
  const o = data.data
  if (!o)
    return (
      <div role="status" aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <div className={s.skeleton} />
      </div>
    )
  if (o.completed)
    return (
      <div className={s.success} data-testid="onboarding-completed">
        <p>{t('onboardingSurvey.completed')}</p>
        <p>
          <RouteLink route="surveys">{t('onboardingSurvey.toSurveys')}</RouteLink>
        </p>
      </div>
    )
  return (
    <div className={s.tile} data-testid="onboarding-card">
      <h2>{t('onboardingSurvey.title')}</h2>
      <dl className={s.facts}>
        <div>
          <dt>{t('surveys.coins')}</dt>
          <dd>{coins(o.coins)}</dd>
        </div>
        <div>
          <dt>{t('surveys.time')}</dt>
          <dd>{t('surveys.minutes', { count: o.minutes })}</dd>
        </div>
      </dl>
      <Button
        onClick={() => o.id !== null && void gate.go(o.id)}
        disabled={gate.busy || o.id === null}
        aria-busy={gate.busy}
      >
        {gate.busy ? t('gate.starting') : startLabel}
      </Button>
      <GateAlert text={gate.error} />
    </div>
  )
}
