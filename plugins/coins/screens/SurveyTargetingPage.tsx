import {
  Button,
  buttonClass,
  errorText,
  FormAlert,
  HttpError,
  Lead,
  LoadFailed,
  Page,
  RadioGroup,
  RouteLink,
  type ScreenProps,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { type FormEvent, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { Announced } from '../components/Announced'
import { formatCoins } from '../components/coin-ledger'
import { idOf, profileApi, resumeUrl } from '../components/profile/api'
import s from '../components/profile/styles'
import type { TargetingReply } from '../contract'

/**
 * /account/survey/targeting/:offer_id (auth; the offer is a survey): the survey's targeting
 * questions as radio groups, prefilled with the member's saved answers. Saving continues to
 * /surveys?start=<id> when the answers qualify, else says honestly that this survey looks for other
 * profiles.
 */
export default function SurveyTargetingPage({ params }: ScreenProps) {
  const { t } = useTranslation('coins')
  const { http } = useServices()
  const surveyId = idOf(params.offer_id)
  const load = useLoad(`targeting:${surveyId}`, () =>
    surveyId ? profileApi(http).targeting(surveyId) : Promise.resolve(null),
  )
  const gone =
    surveyId === null ||
    (load.status === 'error' && load.error instanceof HttpError && load.error.status === 404)
  return (
    <Page title={t('targeting.title')} className={s.page} testId="survey-targeting-page">
      {gone ? (
        <div className={s.card} data-testid="targeting-not-found">
          <p>{t('targeting.notFound')}</p>
          <RouteLink route="surveys">{t('targeting.backToSurveys')}</RouteLink>
        </div>
      ) : load.status === 'error' ? (
        <LoadFailed error={load.error} onRetry={load.retry} what={t('targeting.failed')} />
      ) : null}
      {!gone && !load.data && load.status === 'loading' ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('targeting.loading')}</span>
          <div className={s.skeleton} />
          <div className={s.skeleton} />
        </div>
      ) : null}
      {load.data && surveyId ? <Questions data={load.data.data} surveyId={surveyId} /> : null}
    </Page>
  )
}

function Questions({ data, surveyId }: { data: TargetingReply['data']; surveyId: number }) {
  const { t, i18n } = useTranslation('coins')
  const { http, config } = useServices()
  const navigate = useNavigate()
  const { survey, questions } = data
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      questions.flatMap((q) => {
        const a = data.answers[q.key]
        return a ? [[q.key, a] as const] : []
      }),
    ),
  )
  const [missing, setMissing] = useState<Record<string, string>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [notQualified, setNotQualified] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)

  const focusQuestion = (key: string) =>
    formRef.current?.querySelector<HTMLInputElement>(`input[name="q-${key}"]`)?.focus()

  async function save(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    const unanswered = questions.filter((q) => !answers[q.key]).map((q) => q.key)
    if (unanswered.length) {
      setMissing(Object.fromEntries(unanswered.map((k) => [k, t('targeting.required')])))
      setAlert(t('targeting.answerAll'))
      focusQuestion(unanswered[0] as string)
      return
    }
    setBusy(true)
    setAlert(null)
    setMissing({})
    try {
      const r = await profileApi(http).saveTargeting(surveyId, answers)
      if (r.data.qualified) navigate(resumeUrl(config, surveyId), { replace: true })
      else setNotQualified(true)
    } catch (err) {
      // 400: a question or an answer the server does not know (a changed survey): show it on its question
      const fields: Record<string, string> = {}
      if (err instanceof HttpError && err.status === 400) {
        for (const k of Object.keys(err.errors ?? {})) {
          const key = k.replace(/^answers\./, '')
          if (questions.some((q) => q.key === key)) fields[key] = t('targeting.required')
        }
      }
      setMissing(fields)
      setAlert(Object.keys(fields).length ? t('targeting.answerAll') : errorText(t, err))
      const first = Object.keys(fields)[0]
      if (first) focusQuestion(first)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Lead>{t('targeting.lead', { title: survey.title })}</Lead>
      <p className={s.muted} data-testid="targeting-summary">
        {t('targeting.summary', {
          coins: formatCoins(survey.coins_advertised, i18n.language),
          minutes: survey.survey_estimated_time_in_mins,
        })}
      </p>
      {notQualified ? (
        <Announced
          className={s.card}
          title={t('targeting.notQualifiedTitle')}
          testId="targeting-not-qualified"
        >
          <p>{t('targeting.notQualifiedBody')}</p>
          <RouteLink className={buttonClass()} route="surveys">
            {t('targeting.seeOthers')}
          </RouteLink>
        </Announced>
      ) : questions.length === 0 ? (
        <div className={s.card}>
          <p>{t('targeting.noQuestions')}</p>
          <Link className={buttonClass()} to={resumeUrl(config, surveyId)}>
            {t('targeting.continue')}
          </Link>
        </div>
      ) : (
        <form ref={formRef} onSubmit={save} noValidate aria-label={t('targeting.title')}>
          <FormAlert text={alert} />
          {questions.map((q) => (
            <div key={q.key} className={s.question} data-testid={`question-${q.key}`}>
              <RadioGroup
                legend={t(`targeting.q.${q.key}`, { defaultValue: q.key })}
                name={`q-${q.key}`}
                options={q.options.map((o) => ({
                  value: o,
                  label: t(`targeting.a.${q.key}.${o}`, { defaultValue: o }),
                }))}
                value={answers[q.key] ?? null}
                onChange={(v) => {
                  setAnswers((a) => ({ ...a, [q.key]: v }))
                  setMissing((m) => (m[q.key] ? { ...m, [q.key]: '' } : m))
                }}
              />
              {missing[q.key] ? <p className={s.questionError}>{missing[q.key]}</p> : null}
            </div>
          ))}
          <div className={s.actions}>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('targeting.saving') : t('targeting.save')}
            </Button>
            <RouteLink route="surveys">{t('targeting.backToSurveys')}</RouteLink>
          </div>
        </form>
      )}
    </>
  )
}
