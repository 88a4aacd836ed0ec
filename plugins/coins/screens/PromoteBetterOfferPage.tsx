import {
  Button,
  HttpError,
  Lead,
  LoadFailed,
  localeOf,
  Page,
  RouteLink,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { formatCoins } from '../components/coin-ledger'
import { idOf, profileApi, resumeUrl } from '../components/profile/api'
import s from '../components/profile/styles'
import type { Survey } from '../contract'

const perMinuteFormats = new Map<string, Intl.NumberFormat>()
function formatPerMinute(n: number, lng: string): string {
  const locale = localeOf(lng)
  let f = perMinuteFormats.get(locale)
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 1 })
    perMinuteFormats.set(locale, f)
  }
  return f.format(n)
}

/**
 * /account/promoteBetterOffer?survey=<chosen>&better=<better>: the survey the member chose and one
 * that pays clearly more per minute (the precheck found it), side by side with coins, minutes and
 * coins per minute; the member picks one and the start resumes on /surveys with confirmed=1.
 */
export default function PromoteBetterOfferPage() {
  const { t } = useTranslation('coins')
  const { http } = useServices()
  const [params] = useSearchParams()
  const chosenId = idOf(params.get('survey'))
  const betterId = idOf(params.get('better'))
  const valid = chosenId !== null && betterId !== null && chosenId !== betterId
  const load = useLoad(`better:${chosenId}:${betterId}`, () =>
    valid
      ? Promise.all([profileApi(http).survey(chosenId), profileApi(http).survey(betterId)])
      : Promise.resolve(null),
  )
  const gone = load.status === 'error' && load.error instanceof HttpError && load.error.status === 404
  const problem = !valid ? t('better.invalid') : gone ? t('better.gone') : null
  return (
    <Page title={t('better.title')} className={s.page} testId="promote-better-offer-page">
      {problem ? (
        <div className={s.card} data-testid="better-problem">
          <p>{problem}</p>
          <RouteLink route="surveys">{t('better.backToSurveys')}</RouteLink>
        </div>
      ) : (
        <>
          <Lead>{t('better.lead')}</Lead>
          {load.status === 'error' ? (
            <LoadFailed error={load.error} onRetry={load.retry} what={t('better.failed')} />
          ) : null}
          {!load.data && load.status === 'loading' ? (
            <div role="status" aria-busy="true">
              <span className="visually-hidden">{t('better.loading')}</span>
              <div className={s.skeleton} />
              <div className={s.skeleton} />
            </div>
          ) : null}
          {load.data ? <Compare chosen={load.data[0].data} better={load.data[1].data} /> : null}
        </>
      )}
    </Page>
  )
}

function Compare({ chosen, better }: { chosen: Survey; better: Survey }) {
  const { t, i18n } = useTranslation('coins')
  const { config } = useServices()
  const navigate = useNavigate()
  const lng = i18n.language
  const gain = better.coins_per_minute - chosen.coins_per_minute
  const percent = chosen.coins_per_minute > 0 ? Math.round((gain / chosen.coins_per_minute) * 100) : null
  return (
    <>
      <ul className={s.tiles} aria-label={t('better.title')}>
        <Option survey={chosen} label={t('better.yours')} testId="better-chosen" />
        <Option survey={better} label={t('better.betterBadge')} testId="better-better" highlight />
      </ul>
      {gain > 0 ? (
        <p className={s.gain} data-testid="better-gain">
          {t('better.gain', {
            title: better.title,
            coins: formatPerMinute(gain, lng),
            percent: percent ?? '—',
          })}
        </p>
      ) : null}
      <div className={s.actions}>
        <Button size="large" onClick={() => navigate(resumeUrl(config, better.id, true))}>
          {t('better.takeBetter')}
        </Button>
        <Button variant="secondary" size="large" onClick={() => navigate(resumeUrl(config, chosen.id, true))}>
          {t('better.keep')}
        </Button>
      </div>
    </>
  )
}

function Option({
  survey,
  label,
  testId,
  highlight = false,
}: {
  survey: Survey
  label: string
  testId: string
  highlight?: boolean
}) {
  const { t, i18n } = useTranslation('coins')
  const lng = i18n.language
  const headingId = `${testId}-title`
  return (
    <li className={highlight ? `${s.tile} ${s.better}` : s.tile} data-testid={testId}>
      <span className={s.badge}>{label}</span>
      <h2 id={headingId}>{survey.title}</h2>
      <dl className={s.facts}>
        <dt>{t('better.coins')}</dt>
        <dd>{formatCoins(survey.coins_advertised, lng)}</dd>
        <dt>{t('better.time')}</dt>
        <dd>{t('better.minutes', { count: survey.survey_estimated_time_in_mins })}</dd>
        <dt>{t('better.perMinute')}</dt>
        <dd data-testid={`${testId}-per-minute`}>{formatPerMinute(survey.coins_per_minute, lng)}</dd>
      </dl>
    </li>
  )
}
