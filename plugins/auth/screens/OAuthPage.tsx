import {
  Button,
  Field,
  pathTo,
  RouteLink,
  type ScreenProps,
  useForm,
  useServices,
  useTranslation,
} from '@core'
import { useSearchParams } from 'react-router-dom'
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
  const { config } = useServices()
  const f = useForm({ email: '', name: '' })
  if (params.provider !== 'dev') {
    return (
      <Page title={t('social.unknown')}>
        <p>
          <RouteLink route="login">{t('action.backToLogin')}</RouteLink>
        </p>
      </Page>
    )
  }
  const submit = f.onSubmit(
    (v) => {
      const code = encodeDevCode({ email: v.email.trim(), name: v.name.trim() || undefined })
      const state = makeOAuthState(wantedPath(q))
      const callback = pathTo(config, 'auth-provider-callback', { provider: 'dev' }) ?? '/'
      window.location.assign(
        `${callback}?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      )
    },
    (v) => (EMAIL_PATTERN.test(v.email.trim()) ? {} : { email: t('validation.emailInvalid') }),
  )
  return (
    <Page title={t('social.title')} testId="oauth-dev">
      <p className={s.small}>{t('social.body')}</p>
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate>
        <Field id="email" label={t('field.email')} type="email" autoComplete="email" {...f.text('email')} />
        <Field id="name" label={t('field.name')} autoComplete="name" {...f.text('name')} />
        <Button type="submit" size="large">
          {t('action.continue')}
        </Button>
      </form>
    </Page>
  )
}
