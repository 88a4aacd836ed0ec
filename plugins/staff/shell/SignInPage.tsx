import { Button, Fields, FormAlert, pathTo, Spinner, useForm, useServices, useTranslation } from '@core'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { staffApi } from './api'
import type { TotpSetupReply } from './contract'
import { staffErrorText, staffFormErrors } from './errors'
import { nextPath } from './guard'
import { StaffLayout } from './StaffLayout'
import s from './staff.module.css'
import { setStaff } from './staff-state'

type Step = { kind: 'password' } | { kind: 'code'; mustChange: boolean; setup: boolean }

/**
 * Staff sign-in (issue 28): the e-mail and password, then the second factor. On the first sign-in the
 * same step also asks for a password of one's own and shows the TOTP set-up (a QR code and the secret
 * as text for typing in), confirmed by a first code. Then the page the guard was asked for, or home.
 */
export default function SignInPage() {
  const { t } = useTranslation('staff')
  const { http, config } = useServices()
  const api = staffApi(http)
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [step, setStep] = useState<Step>({ kind: 'password' })
  const first = useForm({ email: '', password: '' })
  const second = useForm({ new_password: '', code: '' })
  const [enrolment, setEnrolment] = useState<TotpSetupReply | null>(null)
  const [setupFailed, setSetupFailed] = useState<string | null>(null)
  // the server's rule (the staff passwordMinLength of config/constants.json), read with the password-stage session
  const [minLength, setMinLength] = useState<number | null>(null)
  const stepHeading = useRef<HTMLHeadingElement>(null)

  // a new step: its heading takes the focus, so a screen reader reads where the person is
  useEffect(() => {
    if (step.kind === 'code') stepHeading.current?.focus()
  }, [step.kind])

  const loadSetup = async () => {
    setSetupFailed(null)
    try {
      setEnrolment(await api.totpSetup())
    } catch (e) {
      setSetupFailed(staffErrorText(t, e))
    }
  }

  const signIn = first.onSubmit(async (v) => {
    try {
      const r = await api.signIn({ email: v.email.trim(), password: v.password })
      first.set('password', '')
      first.show({})
      second.show({})
      setStep({ kind: 'code', mustChange: r.must_change_password, setup: r.totp_setup_needed })
      if (r.must_change_password) setMinLength((await api.me()).data.settings.password_min_length)
      if (r.totp_setup_needed) await loadSetup()
    } catch (e) {
      const { form } = staffFormErrors(t, e, [])
      first.show({}, form)
    }
  })

  const verify = second.onSubmit(async (v) => {
    if (step.kind !== 'code') return
    try {
      await api.totpVerify({
        code: v.code.replace(/\s/g, ''),
        ...(step.mustChange ? { new_password: v.new_password } : {}),
      })
      setStaff((await api.me()).data)
      navigate(nextPath(config, params.get('next')) ?? pathTo(config, 'staff') ?? '/', { replace: true })
    } catch (e) {
      second.set('code', '')
      const { fields, form } = staffFormErrors(t, e, ['new_password', 'code'])
      second.show(fields, form)
    }
  })

  const startOver = () => {
    setStep({ kind: 'password' })
    second.set('code', '')
    second.show({})
  }

  return (
    <StaffLayout title={t('signIn.title')}>
      {step.kind === 'password' ? (
        <form
          ref={first.ref}
          className={s.form}
          onSubmit={signIn}
          noValidate
          aria-describedby="staff-sign-in-lead"
        >
          <p id="staff-sign-in-lead" className={s.muted}>
            {t('signIn.lead')}
          </p>
          <Fields
            form={first}
            fields={[
              {
                id: 'email',
                label: t('signIn.email'),
                type: 'email',
                autoComplete: 'username',
                required: true,
              },
              {
                id: 'password',
                label: t('signIn.password'),
                type: 'password',
                autoComplete: 'current-password',
                required: true,
              },
            ]}
          />
          <FormAlert text={first.alert} />
          <Button type="submit" disabled={first.busy}>
            {first.busy ? t('signIn.checking') : t('signIn.continue')}
          </Button>
        </form>
      ) : (
        <form ref={second.ref} className={s.form} onSubmit={verify} noValidate>
          <h2 ref={stepHeading} tabIndex={-1}>
            {step.setup ? t('signIn.firstTitle') : t('signIn.codeTitle')}
          </h2>
          {step.mustChange ? (
            <Fields
              form={second}
              fields={[
                {
                  id: 'new_password',
                  label: t('signIn.newPassword'),
                  hint: minLength ? t('signIn.newPasswordHint', { count: minLength }) : undefined,
                  type: 'password',
                  autoComplete: 'new-password',
                  required: true,
                },
              ]}
            />
          ) : null}
          {step.setup ? (
            <section className={s.card} aria-labelledby="staff-totp-setup">
              <h3 id="staff-totp-setup">{t('signIn.setupTitle')}</h3>
              <p>{t('signIn.setupLead')}</p>
              {enrolment ? (
                <>
                  <img
                    className={s.qr}
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
                    alt={t('signIn.qrAlt')}
                  />
                  <p>
                    {t('signIn.secretLabel')}{' '}
                    <code className={s.secret} data-testid="staff-totp-secret">
                      {enrolment.secret}
                    </code>
                  </p>
                </>
              ) : setupFailed ? (
                <div role="alert">
                  <p>{setupFailed}</p>
                  <Button variant="secondary" onClick={loadSetup}>
                    {t('retry')}
                  </Button>
                </div>
              ) : (
                <Spinner />
              )}
            </section>
          ) : null}
          <Fields
            form={second}
            fields={[
              {
                id: 'code',
                label: t('signIn.code'),
                hint: t('signIn.codeHint'),
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                maxLength: 8,
                required: true,
              },
            ]}
          />
          <FormAlert text={second.alert} />
          <div className={s.actions}>
            <Button type="submit" disabled={second.busy}>
              {second.busy ? t('signIn.checking') : t('signIn.signIn')}
            </Button>
            <Button variant="link" onClick={startOver}>
              {t('signIn.startOver')}
            </Button>
          </div>
        </form>
      )}
    </StaffLayout>
  )
}
