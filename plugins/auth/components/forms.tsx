import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import {
  Button,
  CheckField,
  constants,
  Field,
  FormAlert,
  focusFirstError,
  useStore,
  useTranslation,
} from '../../../src/index'
import { captchaResponse } from '../captcha'
import type { LoginReply } from '../contract'
import type { Tab } from '../model'
import { runFlow } from '../run-flow'
import s from './auth.module.css'
import { EMAIL_PATTERN, revealTexts, splitErrors } from './text'

type Errors = Record<string, string>
const MIN = constants.minimumPasswordLength

export function LoginForm({ onDone, onLeave }: { onDone: (r: LoginReply) => void; onLeave?: () => void }) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const form = useRef<HTMLFormElement>(null)
  const [v, setV] = useState({ email: '', password: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function validate(): Errors {
    const e: Errors = {}
    if (!v.email.trim()) e.email = t('validation.email')
    else if (!EMAIL_PATTERN.test(v.email.trim())) e.email = t('validation.emailInvalid')
    if (!v.password) e.password = t('validation.passwordRequired')
    return e
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault()
    if (busy) return
    const e = validate()
    setErrors(e)
    setAlert(null)
    if (Object.keys(e).length) return focusFirstError(form.current, Object.keys(e))
    setBusy(true)
    const r = await runFlow('login', auth, {
      email: v.email.trim(),
      password: v.password,
      captcha: await captchaResponse(),
    })
    setBusy(false)
    if (r.ok) return onDone(r.value)
    const split = splitErrors(t, r, ['email', 'password'])
    setErrors(split.fields)
    setAlert(split.form)
    focusFirstError(form.current, Object.keys(split.fields))
  }

  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value })
  return (
    <form ref={form} className={s.form} onSubmit={submit} noValidate aria-busy={busy}>
      <FormAlert text={alert} />
      <Field
        id="email"
        label={t('field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={v.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        id="password"
        label={t('field.password')}
        type="password"
        autoComplete="current-password"
        value={v.password}
        onChange={set('password')}
        error={errors.password}
        reveal={revealTexts(t)}
      />
      <Button type="submit" size="large" disabled={busy}>
        {busy ? t('action.sending') : t('action.login')}
      </Button>
      <p className={s.small}>
        <Link to="/password/reset" onClick={onLeave}>
          {t('action.forgot')}
        </Link>
      </p>
    </form>
  )
}

export function RegisterForm({ onDone }: { onDone: (r: LoginReply) => void; onLeave?: () => void }) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const form = useRef<HTMLFormElement>(null)
  const [v, setV] = useState({ name: '', email: '', password: '', phone: '', terms: false })
  const [errors, setErrors] = useState<Errors>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function validate(): Errors {
    const e: Errors = {}
    if (!v.name.trim()) e.name = t('validation.name')
    if (!v.email.trim()) e.email = t('validation.email')
    else if (!EMAIL_PATTERN.test(v.email.trim())) e.email = t('validation.emailInvalid')
    if (v.password.length < MIN) e.password = t('validation.passwordShort', { min: MIN })
    if (v.phone.trim() && !/^[+0-9 ()-]{0,25}$/.test(v.phone.trim())) e.phone = t('validation.phone')
    if (!v.terms) e.terms = t('validation.terms')
    return e
  }

  async function submit(ev: FormEvent) {
    ev.preventDefault()
    if (busy) return
    const e = validate()
    setErrors(e)
    setAlert(null)
    if (Object.keys(e).length) return focusFirstError(form.current, Object.keys(e))
    setBusy(true)
    const r = await runFlow('register', auth, {
      name: v.name,
      email: v.email,
      password: v.password,
      phone: v.phone,
    })
    setBusy(false)
    if (r.ok) return onDone(r.value)
    const split = splitErrors(t, r, ['name', 'email', 'password', 'phone'])
    if (r.errors.password_confirmation && !split.fields.password)
      split.fields.password = t('validation.passwordMatch')
    setErrors(split.fields)
    setAlert(split.form)
    focusFirstError(form.current, Object.keys(split.fields))
  }

  const set = (k: 'name' | 'email' | 'password' | 'phone') => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value })
  return (
    <form ref={form} className={s.form} onSubmit={submit} noValidate aria-busy={busy}>
      <FormAlert text={alert} />
      <Field
        id="name"
        label={t('field.name')}
        autoComplete="name"
        value={v.name}
        onChange={set('name')}
        error={errors.name}
      />
      <Field
        id="email"
        label={t('field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={v.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        id="password"
        label={t('field.password')}
        type="password"
        autoComplete="new-password"
        value={v.password}
        onChange={set('password')}
        error={errors.password}
        hint={t('hint.password', { min: MIN })}
        reveal={revealTexts(t)}
      />
      <Field
        id="phone"
        label={t('field.phone')}
        type="tel"
        autoComplete="tel"
        value={v.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <CheckField
        id="terms"
        label={t('field.terms')}
        checked={v.terms}
        onChange={(e) => setV({ ...v, terms: e.target.checked })}
        error={errors.terms}
      >
        <p className={s.small}>
          <Link to="/terms" target="_blank">
            {t('field.termsLink')}
          </Link>
          {' · '}
          <Link to="/privacy-policy" target="_blank">
            {t('field.privacyLink')}
          </Link>
        </p>
      </CheckField>
      <Button type="submit" size="large" disabled={busy}>
        {busy ? t('action.sending') : t('action.register')}
      </Button>
    </form>
  )
}

/** The two tabs (sign in, join) and their forms; used by the modal and the full-page sign-in. */
export function AuthPanels({
  tab,
  onTab,
  onDone,
  onLeave,
  registerLater,
  pitch,
}: {
  tab: Tab
  onTab: (t: Tab) => void
  onDone: (r: LoginReply, tab: Tab) => void
  onLeave?: () => void
  registerLater?: () => void
  pitch?: boolean
}) {
  const { t } = useTranslation('auth')
  const base = useId()
  const tabs: Tab[] = ['login', 'register']
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  function onKey(e: KeyboardEvent) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return
    e.preventDefault()
    const next =
      e.key === 'Home' ? 'login' : e.key === 'End' ? 'register' : tab === 'login' ? 'register' : 'login'
    onTab(next)
    refs.current[next]?.focus()
  }
  return (
    <div>
      <div role="tablist" aria-label={t('modal.tabs')} className={s.tabs} onKeyDown={onKey}>
        {tabs.map((k) => (
          <button
            key={k}
            ref={(el) => {
              refs.current[k] = el
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`${base}-panel`}
            tabIndex={tab === k ? 0 : -1}
            className={s.tab}
            onClick={() => onTab(k)}
          >
            {k === 'login' ? t('modal.loginTab') : t('modal.registerTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tab}`}>
        {tab === 'register' && pitch ? <p className={s.pitch}>{t('modal.cashbackPitch')}</p> : null}
        {tab === 'login' ? (
          <LoginForm key="login" onDone={(r) => onDone(r, 'login')} onLeave={onLeave} />
        ) : (
          <RegisterForm key="register" onDone={(r) => onDone(r, 'register')} onLeave={onLeave} />
        )}
        {registerLater ? (
          <p className={s.small}>
            <Button variant="link" onClick={registerLater}>
              {t('modal.registerLater')}
            </Button>
          </p>
        ) : null}
      </div>
    </div>
  )
}
