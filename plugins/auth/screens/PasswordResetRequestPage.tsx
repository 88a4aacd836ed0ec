import { Button, Field, FormAlert, RouteLink, useForm, useFormCaptcha, useStore, useTranslation } from '@core'
import { useState } from 'react'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { EMAIL_PATTERN, splitErrors } from '../components/text'
import { runFlow } from '../run-flow'

/** /password/reset: asks for a reset link by email. */
export default function PasswordResetRequestPage() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const f = useForm({ email: '' })
  const [sent, setSent] = useState<string | null>(null)
  // the provider's widget when the server has one (issue 31); the sandbox shows none
  const captcha = useFormCaptcha('reset')

  function validate(v: typeof f.values) {
    const email = v.email.trim()
    if (!email) return { email: t('validation.email') }
    return EMAIL_PATTERN.test(email) ? {} : { email: t('validation.emailInvalid') }
  }

  const submit = f.onSubmit(async (v) => {
    const r = await runFlow('requestPasswordReset', auth, v.email.trim(), captcha.take())
    // the server answers the same for every address (its code reset_sent): our text of it
    if (r.ok) return setSent(t('reset.sent'))
    const split = splitErrors(t, r, ['email'])
    f.show(split.fields, split.form)
  }, validate)

  return (
    <Page title={t('reset.requestTitle')} testId="password-reset-request">
      <p>{t('reset.requestBody')}</p>
      <div role="status">{sent ? <p className={s.ok}>{sent}</p> : null}</div>
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate>
        <FormAlert text={f.alert} />
        <Field id="email" label={t('field.email')} type="email" autoComplete="email" {...f.text('email')} />
        {captcha.field}
        <Button type="submit" size="large" disabled={f.busy}>
          {f.busy ? t('action.sending') : t('action.requestReset')}
        </Button>
        <p className={s.small}>
          <RouteLink route="login">{t('action.backToLogin')}</RouteLink>
        </p>
      </form>
    </Page>
  )
}
