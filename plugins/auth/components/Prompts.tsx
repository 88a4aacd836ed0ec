import { observer } from 'mobx-react-lite'
import { type FormEvent, useRef, useState } from 'react'
import {
  Button,
  Dialog,
  Field,
  FormAlert,
  focusFirstError,
  useStore,
  useTranslation,
} from '../../../src/index'
import { runFlow } from '../run-flow'
import s from './auth.module.css'
import { EMAIL_PATTERN, revealTexts, splitErrors } from './text'

/** SPEC 4 gating: 'Please verify your email', with resend and a way to use another address. */
export const VerifyPrompt = observer(function VerifyPrompt() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const [result, setResult] = useState<'sent' | 'failed' | null>(null)
  const [busy, setBusy] = useState(false)
  async function resend() {
    setBusy(true)
    setResult((await runFlow('resendVerification', auth)) ? 'sent' : 'failed')
    setBusy(false)
  }
  return (
    <Dialog
      title={t('verify.required')}
      onClose={() => auth.openPrompt(null)}
      closeLabel={t('modal.close')}
      testId="verify-prompt"
    >
      <div className={s.form}>
        <p>{t('verify.requiredBody', { email: auth.user.email ?? '' })}</p>
        <div role="status">
          {result === 'sent' ? <p className={s.ok}>{t('verify.resent')}</p> : null}
          {result === 'failed' ? <p className={s.alert}>{t('error.resend')}</p> : null}
        </div>
        <Button size="large" onClick={resend} disabled={busy}>
          {busy ? t('action.sending') : t('action.resend')}
        </Button>
        <Button variant="secondary" onClick={() => auth.openPrompt('email')}>
          {t('action.changeEmail')}
        </Button>
      </div>
    </Dialog>
  )
})

/** SPEC 2.9/5 email-entry prompt: a simple email pattern, else 'You have entered an invalid email address!'. */
export const EmailPrompt = observer(function EmailPrompt() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const form = useRef<HTMLFormElement>(null)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    setAlert(null)
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(t('validation.emailInvalid'))
      return focusFirstError(form.current, ['email'])
    }
    setError(null)
    setBusy(true)
    const r = await runFlow('setEmail', auth, email.trim())
    setBusy(false)
    if (r.ok) return
    const split = splitErrors(t, r, ['email'])
    setError(split.fields.email ?? null)
    setAlert(split.form)
  }
  return (
    <Dialog
      title={t('emailPrompt.title')}
      onClose={() => auth.openPrompt(null)}
      closeLabel={t('modal.close')}
      testId="email-prompt"
    >
      <form ref={form} className={s.form} onSubmit={submit} noValidate>
        <p className={s.small}>{t('emailPrompt.body')}</p>
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
          {busy ? t('action.sending') : t('action.setEmail')}
        </Button>
      </form>
    </Dialog>
  )
})

/** SPEC 4 authenticate-and-merge: the existing account's email and password, both needed. */
export const MergePrompt = observer(function MergePrompt() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const form = useRef<HTMLFormElement>(null)
  const [v, setV] = useState({ email: auth.mergeEmail, password: '' })
  const [alert, setAlert] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    if (busy) return
    setAlert(null)
    if (!v.email.trim() || !v.password) {
      const missing = !v.email.trim() ? 'email' : 'password'
      setErrors({ [missing]: t('validation.mergeBoth') })
      return focusFirstError(form.current, [missing])
    }
    setErrors({})
    setBusy(true)
    const r = await runFlow('merge', auth, v.email.trim(), v.password)
    setBusy(false)
    if (r.ok) return
    const split = splitErrors(t, r, ['email', 'password'])
    setErrors(split.fields)
    setAlert(split.form)
  }
  return (
    <Dialog
      title={t('merge.title')}
      onClose={() => auth.openPrompt(null)}
      closeLabel={t('modal.close')}
      testId="merge-prompt"
    >
      <form ref={form} className={s.form} onSubmit={submit} noValidate>
        <p className={s.small}>{t('merge.body')}</p>
        <FormAlert text={alert} />
        <Field
          id="email"
          label={t('field.email')}
          type="email"
          autoComplete="email"
          value={v.email}
          onChange={(e) => setV({ ...v, email: e.target.value })}
          error={errors.email}
        />
        <Field
          id="password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
          value={v.password}
          onChange={(e) => setV({ ...v, password: e.target.value })}
          error={errors.password}
          reveal={revealTexts(t)}
        />
        <Button type="submit" size="large" disabled={busy}>
          {busy ? t('action.sending') : t('action.merge')}
        </Button>
      </form>
    </Dialog>
  )
})
