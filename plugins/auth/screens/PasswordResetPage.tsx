import {
  Button,
  constants,
  Field,
  FormAlert,
  type FormErrors,
  RouteLink,
  type ScreenProps,
  useForm,
  useServices,
  useStore,
  useTranslation,
} from '@core'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import s from '../components/auth.module.css'
import { PasswordField } from '../components/forms'
import { Page } from '../components/Page'
import { splitErrors } from '../components/text'
import { homePath } from '../entry'
import { runFlow } from '../run-flow'

const MIN = constants.minimumPasswordLength

/** The email of a reset link: base64url in the link the server mails, or plain. */
export function emailFromParam(raw: string | undefined): string | null {
  if (!raw) return null
  if (raw.includes('@')) return raw
  try {
    const bin = atob(raw.replace(/-/g, '+').replace(/_/g, '/'))
    const text = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)))
    return text.includes('@') ? text : null
  } catch {
    return null
  }
}

/** /password/reset/:token/:email? and (variant 'set') /password/set/:token/:email. */
export default function PasswordResetPage({ params, variant }: ScreenProps) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const { config } = useServices()
  const navigate = useNavigate()
  const f = useForm({ password: '', password_confirmation: '' })
  const [expired, setExpired] = useState(false)
  const email = emailFromParam(params.email)

  function validate(v: typeof f.values): FormErrors {
    if (v.password.length < MIN) return { password: t('validation.passwordShort', { min: MIN }) }
    if (v.password_confirmation !== v.password)
      return { password_confirmation: t('validation.passwordMatch') }
    return {}
  }

  const submit = f.onSubmit(async (v) => {
    const r = await runFlow('resetPassword', auth, {
      token: params.token ?? '',
      email: params.email,
      password: v.password,
      password_confirmation: v.password_confirmation,
    })
    if (r.ok) {
      auth.showNotice({ key: 'notice.passwordReset', tone: 'success' })
      navigate(homePath(config), { replace: true })
      return
    }
    const split = splitErrors(t, r, ['password', 'password_confirmation'])
    f.show(split.fields, split.form)
    setExpired(Boolean(r.errors.token || r.errors.email_encoded))
  }, validate)

  return (
    <Page title={variant === 'set' ? t('reset.setTitle') : t('reset.title')} testId="password-reset">
      {email ? <p>{t('reset.forEmail', { email })}</p> : null}
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate>
        <FormAlert text={f.alert} />
        {expired ? (
          <p>
            <RouteLink route="password-reset">{t('action.requestNew')}</RouteLink>
          </p>
        ) : null}
        {email ? <input type="hidden" name="username" autoComplete="username" value={email} /> : null}
        <PasswordField isNew label={t('field.newPassword')} {...f.text('password')} />
        <Field
          id="password_confirmation"
          label={t('field.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...f.text('password_confirmation')}
        />
        <Button type="submit" size="large" disabled={f.busy}>
          {f.busy ? t('action.sending') : t('action.savePassword')}
        </Button>
      </form>
    </Page>
  )
}
