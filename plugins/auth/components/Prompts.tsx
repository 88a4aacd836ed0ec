import { Button, Dialog, Field, FormAlert, useForm, useStore, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { runFlow } from '../run-flow'
import s from './auth.module.css'
import { EmailField, PasswordField } from './forms'
import { EMAIL_PATTERN, failureText, splitErrors } from './text'

/**
 * Issue 25: a new address waits for the link mailed to it. Shows it, with a way to send the link
 * again or to cancel the change (the current address keeps signing in until then).
 */
export const PendingEmail = observer(function PendingEmail() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const pending = auth.user.pending_email
  if (!pending && !result) return null
  async function act(action: 'resend' | 'cancel') {
    setBusy(true)
    const r = await runFlow('pendingEmail', auth, action)
    setBusy(false)
    if (!r.ok) return setResult({ ok: false, text: failureText(t, r) })
    setResult({
      ok: true,
      text: action === 'resend' ? t('emailPrompt.resent', { email: pending }) : t('emailPrompt.cancelled'),
    })
  }
  return (
    <div className={s.form} data-testid="pending-email">
      {pending ? <p>{t('emailPrompt.pending', { email: pending, current: auth.user.email ?? '' })}</p> : null}
      <div role="status">{result ? <p className={result.ok ? s.ok : s.alert}>{result.text}</p> : null}</div>
      {pending ? (
        <p>
          <Button variant="secondary" onClick={() => act('resend')} disabled={busy}>
            {t('action.resendLink')}
          </Button>{' '}
          <Button variant="link" onClick={() => act('cancel')} disabled={busy}>
            {t('action.cancelChange')}
          </Button>
        </p>
      ) : null}
    </div>
  )
})

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
        <PendingEmail />
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
  const f = useForm({ email: '' })
  const submit = f.onSubmit(
    async (v) => {
      const r = await runFlow('setEmail', auth, v.email.trim())
      if (r.ok) return
      const split = splitErrors(t, r, ['email'])
      f.show(split.fields, split.form)
    },
    (v) => (EMAIL_PATTERN.test(v.email.trim()) ? {} : { email: t('validation.emailInvalid') }),
  )
  return (
    <Dialog
      title={t('emailPrompt.title')}
      onClose={() => auth.openPrompt(null)}
      closeLabel={t('modal.close')}
      testId="email-prompt"
    >
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate>
        <p className={s.small}>{t('emailPrompt.body')}</p>
        <PendingEmail />
        <FormAlert text={f.alert} />
        <Field id="email" label={t('field.email')} type="email" autoComplete="email" {...f.text('email')} />
        <Button type="submit" size="large" disabled={f.busy}>
          {f.busy ? t('action.sending') : t('action.setEmail')}
        </Button>
      </form>
    </Dialog>
  )
})

/** SPEC 4 authenticate-and-merge: the existing account's email and password, both needed. */
export const MergePrompt = observer(function MergePrompt() {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const f = useForm({ email: auth.mergeEmail, password: '' })
  const submit = f.onSubmit(
    async (v) => {
      const r = await runFlow('merge', auth, v.email.trim(), v.password)
      if (r.ok) return
      const split = splitErrors(t, r, ['email', 'password'])
      f.show(split.fields, split.form)
    },
    (v) =>
      !v.email.trim()
        ? { email: t('validation.mergeBoth') }
        : !v.password
          ? { password: t('validation.mergeBoth') }
          : {},
  )
  return (
    <Dialog
      title={t('merge.title')}
      onClose={() => auth.openPrompt(null)}
      closeLabel={t('modal.close')}
      testId="merge-prompt"
    >
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate>
        <p className={s.small}>{t('merge.body')}</p>
        <FormAlert text={f.alert} />
        <EmailField {...f.text('email')} />
        <PasswordField {...f.text('password')} />
        <Button type="submit" size="large" disabled={f.busy}>
          {f.busy ? t('action.sending') : t('action.merge')}
        </Button>
      </form>
    </Dialog>
  )
})
