import { observer } from 'mobx-react-lite'
import { type FormEvent, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  Button,
  CheckField,
  constants,
  Field,
  focusFirstError,
  useServices,
  useSession,
  useTranslation,
} from '../../../src/index'
import { useErrorText, withErrors } from '../components/errorText'
import s from '../components/upsell.module.css'
import { type FieldErrors, type SignupForm, serverErrors, validateSignup } from '../forms'
import type { BlockProps } from './types'

const ORDER = ['name', 'phone', 'email', 'password', 'terms']

/**
 * SPEC 2.9 sign-up form: name, phone (optional), email, password, Continue. Registers through the
 * session (the core's session view, which the auth plugin provides): it signs the new member in, then
 * fires the registration pixel through the tracking plugin's 'load-pixel' event.
 */
function Signup({ lander, onDone }: BlockProps) {
  const { t } = useTranslation('upsell')
  const text = useErrorText()
  const { events, track } = useServices()
  const session = useSession()
  const form = useRef<HTMLFormElement>(null)
  const [f, setF] = useState<SignupForm>({ name: '', phone: '', email: '', password: '', terms: false })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof SignupForm) => (e: { target: HTMLInputElement }) => {
    const v = k === 'terms' ? e.target.checked : e.target.value
    setF((x) => ({ ...x, [k]: v }))
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }))
  }

  if (session.authenticated) {
    return (
      <div className={s.form}>
        <p>{t('signup.signedIn', { email: session.member?.email ?? '' })}</p>
        <Button size="large" block onClick={() => onDone({ already_member: true })}>
          {t('signup.continue')}
        </Button>
      </div>
    )
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validateSignup(f)
    setErrors(found)
    if (Object.keys(found).length) return focusFirstError(form.current, withErrors(ORDER, found))
    setBusy(true)
    const r = await session.register({
      name: f.name,
      email: f.email,
      password: f.password,
      phone: f.phone || undefined,
    })
    setBusy(false)
    if (!r.ok) {
      const server = serverErrors(r.errors)
      const shown = Object.fromEntries(
        Object.entries(server).filter(([k]) => ORDER.includes(k) || k === 'general'),
      ) as FieldErrors
      if (!Object.keys(shown).length) shown.general = `!${r.message}`
      setErrors(shown)
      return focusFirstError(form.current, withErrors(ORDER, shown))
    }
    const user = r.value
    track('lander_registration', { lander: lander.id })
    events.emit('load-pixel', { transactionId: user.id, email: user.email || f.email })
    onDone({ registered: true })
  }

  return (
    <form ref={form} className={s.form} noValidate onSubmit={submit} data-testid="signup">
      <Field
        id="su-name"
        name="name"
        label={t('signup.name')}
        autoComplete="name"
        value={f.name}
        onChange={set('name')}
        error={text(errors.name)}
      />
      <Field
        id="su-phone"
        name="phone"
        type="tel"
        label={
          <>
            {t('signup.phone')} <span className={s.optional}>{t('signup.optional')}</span>
          </>
        }
        autoComplete="tel"
        value={f.phone}
        onChange={set('phone')}
        error={text(errors.phone)}
      />
      <Field
        id="su-email"
        name="email"
        type="email"
        label={t('signup.email')}
        autoComplete="email"
        value={f.email}
        onChange={set('email')}
        error={text(errors.email)}
      />
      <Field
        id="su-password"
        name="password"
        type="password"
        label={t('signup.password')}
        autoComplete="new-password"
        value={f.password}
        onChange={set('password')}
        error={text(errors.password)}
        hint={t('signup.passwordHint', { min: constants.minimumPasswordLength })}
      />
      <CheckField
        id="su-terms"
        name="terms"
        label={
          <>
            {t('signup.termsBefore')} <Link to="/terms">{t('signup.termsLink')}</Link> {t('signup.and')}{' '}
            <Link to="/privacy-policy">{t('signup.privacyLink')}</Link>
          </>
        }
        checked={f.terms}
        onChange={set('terms')}
        error={text(errors.terms)}
      />
      {errors.general ? (
        <p className={s.alert} role="alert">
          {text(errors.general)}
        </p>
      ) : null}
      <Button type="submit" size="large" block disabled={busy} aria-busy={busy}>
        {busy ? t('signup.sending') : t('signup.continue')}
      </Button>
    </form>
  )
}

export default observer(Signup)
