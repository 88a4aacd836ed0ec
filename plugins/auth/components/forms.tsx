import {
  Button,
  CaptchaCheck,
  CheckField,
  constants,
  Field,
  FormAlert,
  type FormErrors,
  RouteLink,
  useForm,
  useFormCaptcha,
  useStore,
  useTranslation,
} from '@core'
import { type ChangeEvent, type KeyboardEvent, useId, useRef, useState } from 'react'
import type { LoginReply } from '../contract'
import type { Tab } from '../model'
import { runFlow } from '../run-flow'
import s from './auth.module.css'
import { SocialButtons } from './SocialButtons'
import { asksCaptcha, EMAIL_PATTERN, registerErrors, revealTexts, splitErrors } from './text'

const MIN = constants.minimumPasswordLength

type TextField = { value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void; error?: string }

/** The email field of the auth forms (sign-in, sign-up, merge). */
export function EmailField(field: TextField) {
  const { t } = useTranslation('auth')
  return (
    <Field
      id="email"
      label={t('field.email')}
      type="email"
      autoComplete="email"
      inputMode="email"
      {...field}
    />
  )
}

/**
 * The password field of the auth forms, with its show/hide toggle; `isNew` for a password being chosen
 * (its hint says the minimum), `label` when it is not just "Password" (a reset's new password).
 */
export function PasswordField({
  isNew = false,
  label,
  ...field
}: TextField & { isNew?: boolean; label?: string }) {
  const { t } = useTranslation('auth')
  return (
    <Field
      id="password"
      label={label ?? t('field.password')}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      hint={isNew ? t('hint.password', { min: MIN }) : undefined}
      reveal={revealTexts(t)}
      {...field}
    />
  )
}

export function LoginForm({ onDone, onLeave }: { onDone: (r: LoginReply) => void; onLeave?: () => void }) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const f = useForm({ email: '', password: '' })
  // the captcha step (issue 25): shown when the server asks for it; its response goes with the next try
  const [captchaRound, setCaptchaRound] = useState(0)
  const captcha = useRef<string | undefined>(undefined)

  function validate(v: typeof f.values): FormErrors {
    const e: FormErrors = {}
    if (!v.email.trim()) e.email = t('validation.email')
    else if (!EMAIL_PATTERN.test(v.email.trim())) e.email = t('validation.emailInvalid')
    if (!v.password) e.password = t('validation.passwordRequired')
    return e
  }

  const submit = f.onSubmit(async (v) => {
    const response = captcha.current
    captcha.current = undefined
    const r = await runFlow('login', auth, {
      email: v.email.trim(),
      password: v.password,
      ...(response ? { captcha: response } : {}),
    })
    if (r.ok) return onDone(r.value)
    if (asksCaptcha(r)) {
      // a new box each time (a response is good for one try)
      setCaptchaRound((n) => n + 1)
      f.show({}, t('captcha.why'))
      return
    }
    setCaptchaRound(0)
    const split = splitErrors(t, r, ['email', 'password'])
    f.show(split.fields, split.form)
  }, validate)

  return (
    <form ref={f.ref} className={s.form} onSubmit={submit} noValidate aria-busy={f.busy}>
      <FormAlert text={f.alert} />
      <EmailField {...f.text('email')} />
      <PasswordField {...f.text('password')} />
      {captchaRound ? (
        <CaptchaCheck
          key={captchaRound}
          prompt={t('captcha.prompt')}
          onPass={(response) => {
            captcha.current = response
            f.ref.current?.requestSubmit()
          }}
        />
      ) : null}
      <Button type="submit" size="large" disabled={f.busy}>
        {f.busy ? t('action.sending') : t('action.login')}
      </Button>
      <p className={s.small}>
        <RouteLink route="password-reset" onClick={onLeave}>
          {t('action.forgot')}
        </RouteLink>
      </p>
    </form>
  )
}

export function RegisterForm({ onDone }: { onDone: (r: LoginReply) => void; onLeave?: () => void }) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const f = useForm({ name: '', email: '', password: '', phone: '', terms: false })
  // the provider's widget when the server has one (issue 31); the sandbox shows none
  const captcha = useFormCaptcha('register')

  const validate = (v: typeof f.values): FormErrors => registerErrors(t, v)

  const submit = f.onSubmit(async (v) => {
    const r = await runFlow('register', auth, {
      name: v.name,
      email: v.email,
      password: v.password,
      phone: v.phone,
      captcha: captcha.take(),
    })
    if (r.ok) return onDone(r.value)
    const split = splitErrors(t, r, ['name', 'email', 'password', 'phone'])
    if (r.errors.password_confirmation && !split.fields.password)
      split.fields.password = t('validation.passwordMatch')
    f.show(split.fields, split.form)
  }, validate)

  return (
    <form ref={f.ref} className={s.form} onSubmit={submit} noValidate aria-busy={f.busy}>
      <FormAlert text={f.alert} />
      <Field id="name" label={t('field.name')} autoComplete="name" {...f.text('name')} />
      <EmailField {...f.text('email')} />
      <PasswordField {...f.text('password')} isNew />
      <Field id="phone" label={t('field.phone')} type="tel" autoComplete="tel" {...f.text('phone')} />
      <CheckField id="terms" label={t('field.terms')} {...f.check('terms')}>
        <p className={s.small}>
          <RouteLink route="terms" target="_blank">
            {t('field.termsLink')}
          </RouteLink>
          {' · '}
          <RouteLink route="privacy-policy" target="_blank">
            {t('field.privacyLink')}
          </RouteLink>
        </p>
      </CheckField>
      {captcha.field}
      <Button type="submit" size="large" disabled={f.busy}>
        {f.busy ? t('action.sending') : t('action.register')}
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
        <SocialButtons onLeave={onLeave} />
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
