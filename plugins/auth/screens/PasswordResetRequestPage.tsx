import { type FormEvent, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button, Field, FormAlert, focusFirstError, useStore, useTranslation } from '../../../src/index'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { EMAIL_PATTERN, serverText, splitErrors } from '../components/text'
import { runFlow } from '../run-flow'

/** /password/reset: asks for a reset link by email. */
export default function PasswordResetRequestPage() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const form = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    setAlert(null)
    const v = email.trim()
    const err = !v ? t('validation.email') : EMAIL_PATTERN.test(v) ? null : t('validation.emailInvalid')
    setError(err)
    if (err) return focusFirstError(form.current, ['email'])
    setBusy(true)
    const r = await runFlow('requestPasswordReset', auth, v)
    setBusy(false)
    if (r.ok) return setSent(r.value ? serverText(t, r.value) : t('reset.sent'))
    const split = splitErrors(t, r, ['email'])
    setError(split.fields.email ?? null)
    setAlert(split.form)
  }

  return (
    <Page title={t('reset.requestTitle')} testId="password-reset-request">
      <p>{t('reset.requestBody')}</p>
      <div role="status">{sent ? <p className={s.ok}>{sent}</p> : null}</div>
      <form ref={form} className={s.form} onSubmit={submit} noValidate>
        <FormAlert text={alert} />
        <Field
          id="email"
          label={t('field.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <Button type="submit" size="large" disabled={busy}>
          {busy ? t('action.sending') : t('action.requestReset')}
        </Button>
        <p className={s.small}>
          <Link to="/login">{t('action.backToLogin')}</Link>
        </p>
      </form>
    </Page>
  )
}
