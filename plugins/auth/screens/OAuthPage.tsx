import {
  Button,
  Field,
  HttpError,
  pathTo,
  RouteLink,
  type ScreenProps,
  useForm,
  useServices,
  useTranslation,
} from '@core'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { authApi } from '../api'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { EMAIL_PATTERN } from '../components/text'
import { encodeDevCode, makeOAuthState, socialFailureKey } from '../social'
import { wantedPath } from './LoginFullPageRedirect'

/**
 * Issue 31 · an OpenID Connect provider: the server starts the authorization (PKCE, state and nonce
 * kept on the server) and gives the provider's address, where the browser goes; a provider that is
 * unknown or not answering says so here.
 */
function ProviderStart({ provider, redirect }: { provider: string; redirect: string | null }) {
  const { t } = useTranslation('auth')
  const { http } = useServices()
  const [failed, setFailed] = useState<string | null>(null)
  useEffect(() => {
    authApi(http)
      .socialStart(provider, redirect)
      .then((r) => window.location.assign(r.authorization_url))
      .catch((e: unknown) => {
        const code = e instanceof HttpError ? (e.data as { code?: string } | null)?.code : undefined
        setFailed(e instanceof HttpError && e.status === 404 ? 'social.unknown' : socialFailureKey(code))
      })
  }, [http, provider, redirect])
  return (
    <Page title={failed ? t('social.failed') : t('social.redirecting')} testId="oauth-start">
      {failed ? (
        <p className={s.alert} role="alert">
          {t(failed)}
        </p>
      ) : (
        <p role="status">{t('social.working')}</p>
      )}
      <p>
        <RouteLink route="login">{t('action.backToLogin')}</RouteLink>
      </p>
    </Page>
  )
}

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
  if (params.provider !== 'dev')
    return <ProviderStart provider={params.provider ?? ''} redirect={wantedPath(q)} />
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
