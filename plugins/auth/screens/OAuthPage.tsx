import { type FormEvent, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Button, Field, focusFirstError, type ScreenProps, useTranslation } from '../../../src/index'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { EMAIL_PATTERN } from '../components/text'
import { encodeDevCode, makeOAuthState } from '../entry'
import { wantedPath } from './LoginFullPageRedirect'

/**
 * /oauth/:provider starts a social sign-in. The server's development provider ('dev') has no
 * consent page of its own, so this screen plays it: the identity entered here comes back to
 * /auth/dev/callback as the provider's code, with a state that only this tab can redeem.
 */
export default function OAuthPage({ params }: ScreenProps) {
  const { t } = useTranslation('auth')
  const [q] = useSearchParams()
  const form = useRef<HTMLFormElement>(null)
  const [v, setV] = useState({ email: '', name: '' })
  const [error, setError] = useState<string | null>(null)
  if (params.provider !== 'dev') {
    return (
      <Page title={t('social.unknown')}>
        <p>
          <Link to="/login">{t('action.backToLogin')}</Link>
        </p>
      </Page>
    )
  }
  function submit(e: FormEvent) {
    e.preventDefault()
    if (!EMAIL_PATTERN.test(v.email.trim())) {
      setError(t('validation.emailInvalid'))
      return focusFirstError(form.current, ['email'])
    }
    const code = encodeDevCode({ email: v.email.trim(), name: v.name.trim() || undefined })
    const state = makeOAuthState(wantedPath(q))
    window.location.assign(
      `/auth/dev/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    )
  }
  return (
    <Page title={t('social.title')} testId="oauth-dev">
      <p className={s.small}>{t('social.body')}</p>
      <form ref={form} className={s.form} onSubmit={submit} noValidate>
        <Field
          id="email"
          label={t('field.email')}
          type="email"
          autoComplete="email"
          value={v.email}
          onChange={(e) => setV({ ...v, email: e.target.value })}
          error={error}
        />
        <Field
          id="name"
          label={t('field.name')}
          autoComplete="name"
          value={v.name}
          onChange={(e) => setV({ ...v, name: e.target.value })}
        />
        <Button type="submit" size="large">
          {t('action.continue')}
        </Button>
      </form>
    </Page>
  )
}
