import {
  Button,
  buttonClass,
  errorText,
  Field,
  FormAlert,
  HttpError,
  Lead,
  LoadFailed,
  Page,
  RouteLink,
  useForm,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { Announced } from '../components/Announced'
import { E164, idOf, normalisePhone, profileApi, resumeUrl } from '../components/profile/api'
import s from '../components/profile/styles'

/** A number the server sent beside its error (retry_after, attempts_left). */
function extra(e: unknown, name: string): number | undefined {
  const v = e instanceof HttpError ? (e.data as Record<string, unknown> | undefined)?.[name] : undefined
  return typeof v === 'number' ? v : undefined
}

/** The text of a refused "send the code" (429 limits, 409 number taken, 503 no text message could be sent), else the common error text. */
function sendErrorText(t: TFunction, e: unknown): string {
  const code = e instanceof HttpError ? e.code : undefined
  const wait = extra(e, 'retry_after') ?? 60
  if (code === 'resend_too_soon') return t('sms.error.resend_too_soon', { count: wait })
  if (code === 'too_many_codes' || code === 'too_many_codes_number')
    return t(`sms.error.${code}`, { count: Math.max(1, Math.ceil(wait / 60)) })
  if (code === 'phone_taken') return t('sms.error.phone_taken')
  if (code === 'sms_unavailable') return t('sms.error.sms_unavailable')
  if (e instanceof HttpError && e.status === 422 && e.errors?.phone) return t('sms.error.phoneInvalid')
  return errorText(t, e)
}

/** Seconds left until `until` (ms), ticking once a second while above zero. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now())
  const [from, setFrom] = useState(until)
  if (from !== until) {
    // a new deadline: count from this moment, not from the last tick
    setFrom(until)
    setNow(Date.now())
  }
  useEffect(() => {
    if (until <= Date.now()) return
    const timer = setInterval(() => {
      const n = Date.now()
      setNow(n)
      if (n >= until) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}

/**
 * /account/survey/smsVerify (auth): the member verifies a phone with a one-time code sent by text
 * message. With ?survey=<id> (a survey that needs a phone sent them here) it goes back to
 * /surveys?start=<id> once verified, where the start resumes; without it, it says the phone is verified.
 */
export default function SmsVerifyPage() {
  const { t } = useTranslation('coins')
  const { http } = useServices()
  const [params] = useSearchParams()
  const surveyId = idOf(params.get('survey'))
  const phone = useLoad('phone', () => profileApi(http).phone())
  const [verified, setVerified] = useState<string | null>(null)
  const shown = verified ?? (phone.data?.data.verified ? phone.data.data.phone : null)
  return (
    <Page title={t('sms.title')} className={s.page} testId="sms-verify-page">
      <Lead>{surveyId ? t('sms.leadSurvey') : t('sms.lead')}</Lead>
      {phone.status === 'error' ? (
        <LoadFailed error={phone.error} onRetry={phone.retry} what={t('sms.failed')} />
      ) : null}
      {!phone.data && phone.status === 'loading' ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('sms.loading')}</span>
          <div className={s.skeleton} />
        </div>
      ) : null}
      {shown !== null ? (
        <Verified phone={shown} surveyId={surveyId} focus={verified !== null} />
      ) : phone.data ? (
        <Steps surveyId={surveyId} onVerified={setVerified} />
      ) : null}
    </Page>
  )
}

function Verified({ phone, surveyId, focus }: { phone: string; surveyId: number | null; focus: boolean }) {
  const { t } = useTranslation('coins')
  const { config } = useServices()
  return (
    <Announced className={s.success} title={t('sms.verified')} testId="sms-verified" focus={focus}>
      <p>{t('sms.verifiedNumber', { phone })}</p>
      <p>
        {surveyId ? (
          <Link className={buttonClass()} to={resumeUrl(config, surveyId)}>
            {t('sms.continue')}
          </Link>
        ) : (
          <RouteLink route="surveys">{t('sms.backToSurveys')}</RouteLink>
        )}
      </p>
    </Announced>
  )
}

interface Sent {
  phone: string
  to: string
  minutes: number
}

function Steps({ surveyId, onVerified }: { surveyId: number | null; onVerified: (phone: string) => void }) {
  const { t } = useTranslation('coins')
  const { http, config } = useServices()
  const navigate = useNavigate()
  const api = profileApi(http)
  const [sent, setSent] = useState<Sent | null>(null)
  const [resendAt, setResendAt] = useState(0)
  const [resending, setResending] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const wait = useCountdown(resendAt)
  const codeRef = useRef<HTMLInputElement>(null)
  // every code sent (the first and each new one): the code field takes the focus
  useEffect(() => {
    if (sent) codeRef.current?.focus()
  }, [sent])
  const phoneForm = useForm({ phone: '' }, { clearErrorOnChange: true })
  const codeForm = useForm({ code: '' }, { clearErrorOnChange: true })

  const waitFrom = (e: unknown) => {
    if (e instanceof HttpError && e.code === 'resend_too_soon')
      setResendAt(Date.now() + (extra(e, 'retry_after') ?? 60) * 1000)
  }

  async function send(number: string) {
    const r = await api.sendCode(number)
    setSent({ phone: number, to: r.data.sent_to, minutes: Math.round(r.data.expires_in_s / 60) })
    setResendAt(Date.now() + r.data.resend_in_s * 1000)
  }

  const sendPhone = phoneForm.onSubmit(
    async (v) => {
      try {
        await send(normalisePhone(v.phone))
        codeForm.show({})
      } catch (e) {
        waitFrom(e)
        const text = sendErrorText(t, e)
        const onField =
          e instanceof HttpError && (e.code === 'phone_taken' || (e.status === 422 && !!e.errors?.phone))
        phoneForm.show(onField ? { phone: text } : {}, onField ? null : text)
      }
    },
    (v) => (E164.test(normalisePhone(v.phone)) ? {} : { phone: t('sms.error.phoneInvalid') }),
  )

  const verify = codeForm.onSubmit(
    async (v) => {
      if (!sent) return
      try {
        const r = await api.verify(sent.phone, v.code.replace(/\s/g, ''))
        if (surveyId) navigate(resumeUrl(config, surveyId), { replace: true })
        else onVerified(r.data.phone ?? sent.to)
      } catch (e) {
        const code = e instanceof HttpError ? e.code : undefined
        if (code === 'wrong_code') {
          codeForm.show({ code: t('sms.error.wrong_code', { count: extra(e, 'attempts_left') ?? 1 }) })
        } else if (code === 'too_many_attempts' || code === 'code_expired' || code === 'no_code') {
          codeForm.set('code', '')
          codeForm.show({}, t(`sms.error.${code}`))
        } else if (code === 'phone_taken') {
          codeForm.show({}, t('sms.error.phone_taken'))
        } else if (e instanceof HttpError && e.status === 422 && e.errors?.code) {
          codeForm.show({ code: t('sms.error.codeInvalid') })
        } else {
          codeForm.show({}, errorText(t, e))
        }
      }
    },
    (v) => (/^[0-9]{4,10}$/.test(v.code.replace(/\s/g, '')) ? {} : { code: t('sms.error.codeInvalid') }),
  )

  async function resend() {
    if (!sent || resending) return
    setResending(true)
    setNotice(null)
    try {
      await send(sent.phone)
      codeForm.set('code', '')
      codeForm.show({})
      setNotice(t('sms.sentTo', { to: sent.to, minutes: sent.minutes }))
    } catch (e) {
      waitFrom(e)
      codeForm.show({}, sendErrorText(t, e))
    } finally {
      setResending(false)
    }
  }

  if (!sent) {
    return (
      <form ref={phoneForm.ref} onSubmit={sendPhone} noValidate aria-label={t('sms.title')}>
        <FormAlert text={phoneForm.alert} />
        <Field
          id="phone"
          label={t('sms.phone')}
          hint={t('sms.phoneHint')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          {...phoneForm.text('phone')}
        />
        <div className={s.actions}>
          <Button type="submit" disabled={phoneForm.busy} aria-busy={phoneForm.busy || undefined}>
            {phoneForm.busy ? t('sms.sending') : t('sms.send')}
          </Button>
        </div>
      </form>
    )
  }

  return (
    <form ref={codeForm.ref} onSubmit={verify} noValidate aria-label={t('sms.verify')}>
      <p data-testid="sms-sent" aria-live="polite">
        {notice ?? t('sms.sentTo', { to: sent.to, minutes: sent.minutes })}
      </p>
      <FormAlert text={codeForm.alert} />
      <Field
        id="code"
        label={t('sms.code')}
        inputRef={codeRef}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={10}
        required
        {...codeForm.text('code')}
      />
      <div className={s.actions}>
        <Button type="submit" disabled={codeForm.busy} aria-busy={codeForm.busy || undefined}>
          {codeForm.busy ? t('sms.verifying') : t('sms.verify')}
        </Button>
        <Button
          variant="secondary"
          onClick={resend}
          disabled={wait > 0 || resending}
          data-testid="sms-resend"
        >
          {wait > 0 ? t('sms.resendIn', { seconds: wait }) : t('sms.resend')}
        </Button>
        <Button
          variant="link"
          onClick={() => {
            setSent(null)
            setNotice(null)
            codeForm.set('code', '')
            codeForm.show({})
          }}
        >
          {t('sms.otherNumber')}
        </Button>
      </div>
    </form>
  )
}
