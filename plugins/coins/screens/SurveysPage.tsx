import {
  Button,
  Lead,
  LoadFailed,
  Page,
  RouteLink,
  useFirstData,
  useLoad,
  usePaintStatus,
  useServices,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { coinsApi } from '../api'
import { GateAlert, SurveyFacts } from '../components/parts'
import s from '../components/styles'
import { useGoToSurvey } from '../components/useGate'
import type { Survey, SurveysReply } from '../contract'
import { surveysRequest } from '../first-data'

/**
 * /surveys: every survey with its coins, minutes, coins per minute and screen-out rate; the onboarding
 * survey first, the others locked until it is done; done ones marked. A visitor sees the list and
 * gets the login tab on start. `?start=<id>` (and `&confirmed=1` after the better-offer choice)
 * resumes the start of that survey: the screens the gating sent the member to come back here.
 */
export default observer(function SurveysPage() {
  const { t } = useTranslation('coins')
  const services = useServices()
  // drawn by the server (src/node/page-paint.tsx), the session is not known yet: a request with a login is a member's
  const paint = usePaintStatus()
  const signedIn = paint ? paint.member : services.session.authenticated
  const first = useFirstData<SurveysReply>(surveysRequest.path)
  const list = useLoad(`surveys:${signedIn}`, () => coinsApi(services.http).surveys(), {
    first: first && { status: first.status, data: first.body },
  })
  const gate = useGoToSurvey()
  const [active, setActive] = useState<number | null>(null)
  const [search, setSearch] = useSearchParams()
  const resumed = useRef(false)

  const start = (id: number, confirmed?: boolean) => {
    setActive(id)
    void gate.go(id, { confirmed })
  }

  // the resume of a start the gating interrupted: once, then the address loses its query
  const resume = search.get('start')
  const confirmed = search.get('confirmed') === '1'
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per resume request
  useEffect(() => {
    if (!resume || resumed.current || !/^[0-9]{1,10}$/.test(resume)) return
    resumed.current = true
    setSearch({}, { replace: true })
    start(Number(resume), confirmed)
  }, [resume])

  const data = list.data
  return (
    <Page title={t('surveys.title')} className={s.page} testId="surveys-page">
      <Lead>{t('surveys.lead')}</Lead>
      {!signedIn ? <p className={s.muted}>{t('surveys.visitor')}</p> : null}
      {data && !data.onboarding_completed && data.data.some((x) => x.is_onboarding) ? (
        <p className={s.card}>{t('surveys.onboardingFirst')}</p>
      ) : null}
      {active !== null && !data?.data.some((x) => x.id === active) ? <GateAlert text={gate.error} /> : null}
      {list.status === 'error' ? (
        <LoadFailed error={list.error} onRetry={list.retry} what={t('surveys.failed')} />
      ) : null}
      {!data && list.status === 'loading' ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <div className={s.skeleton} />
          <div className={s.skeleton} />
          <div className={s.skeleton} />
        </div>
      ) : null}
      {data && data.data.length === 0 ? (
        <p className={s.card} data-testid="surveys-empty">
          {t('surveys.empty')} <RouteLink route="offers-app">{t('surveys.offers')}</RouteLink>
        </p>
      ) : null}
      {data && data.data.length > 0 ? (
        <ul className={s.tiles} data-testid="survey-list">
          {data.data
            .filter((x) => !x.locked)
            .map((survey) => (
              <SurveyItem
                key={survey.id}
                survey={survey}
                busy={gate.busy && active === survey.id}
                error={active === survey.id ? gate.error : null}
                onStart={() => start(survey.id)}
              />
            ))}
        </ul>
      ) : null}
      {data ? <LockedSurveys surveys={data.data.filter((x) => x.locked)} /> : null}
      {/* below the list once it is there: drawn under the skeleton, the list arriving moved them (CLS) */}
      {data || list.status === 'error' ? (
        <p className={s.links}>
          <RouteLink route="offers-app">{t('surveys.offers')}</RouteLink>
          {signedIn ? (
            <RouteLink route="offer-incompletecoinoffers">{t('surveys.incomplete')}</RouteLink>
          ) : null}
        </p>
      ) : null}
    </Page>
  )
})

/**
 * The surveys the onboarding survey unlocks, collapsed under one line that says why (issue 30): a new
 * member's page shows the survey to take now, not some sixty cards they cannot start; the cards are
 * drawn only once the line is opened.
 */
function LockedSurveys({ surveys }: { surveys: readonly Survey[] }) {
  const { t } = useTranslation('coins')
  const [open, setOpen] = useState(false)
  if (!surveys.length) return null
  return (
    <details
      className={s.lockedGroup}
      data-testid="surveys-locked"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{t('surveys.lockedMore', { count: surveys.length })}</summary>
      {open ? (
        <ul className={s.tiles}>
          {surveys.map((survey) => (
            <SurveyItem key={survey.id} survey={survey} busy={false} error={null} onStart={() => {}} />
          ))}
        </ul>
      ) : null}
    </details>
  )
}

function SurveyItem({
  survey,
  busy,
  error,
  onStart,
}: {
  survey: Survey
  busy: boolean
  error: string | null
  onStart: () => void
}) {
  const { t } = useTranslation('coins')
  const errorId = `survey-${survey.id}-error`
  return (
    <li
      className={`${s.tile} ${s.lazyTile} ${survey.locked ? s.locked : ''}`}
      data-testid="survey-item"
      data-survey={survey.id}
      data-locked={survey.locked ? 'true' : 'false'}
      data-done={survey.done ? 'true' : 'false'}
    >
      <h2>{survey.title}</h2>
      {survey.is_onboarding ? <span className={s.badge}>{t('surveys.onboardingBadge')}</span> : null}
      <SurveyFacts survey={survey} />
      {survey.done ? (
        <p className={s.badge} data-testid="survey-done">
          {t('surveys.done')}
        </p>
      ) : survey.locked ? (
        <p className={s.muted} data-testid="survey-locked">
          {t('surveys.locked')}
        </p>
      ) : (
        <Button
          onClick={onStart}
          disabled={busy}
          aria-busy={busy}
          aria-label={t('surveys.startNamed', { title: survey.title })}
          aria-describedby={error ? errorId : undefined}
        >
          {busy ? t('gate.starting') : t('surveys.start')}
        </Button>
      )}
      <GateAlert text={error} id={errorId} />
    </li>
  )
}
