import {
  Button,
  pathTo,
  RouteLink,
  type ScreenProps,
  Spinner,
  useServices,
  useStore,
  useTranslation,
} from '@core'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import s from '../components/auth.module.css'
import { Page } from '../components/Page'
import { useAfterLogin } from '../components/useAfterLogin'
import { homePath, withoutToken } from '../entry'
import { runFlow } from '../run-flow'

/**
 * /token/callback/:token, where the token is a one-time code (POST /api/login-code; a login token
 * fails). A first load is handled before the app renders (session.ts): the code leaves the address
 * bar and the member lands on the page. This screen covers an in-app visit.
 */
export default function TokenCallbackPage({ params }: ScreenProps) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const { config } = useServices()
  const navigate = useNavigate()
  const afterLogin = useAfterLogin()
  const [failed, setFailed] = useState(false)
  const used = useRef(false)
  useEffect(() => {
    if (used.current) return
    used.current = true
    const token = params.token
    // the address without the code: the route's path without its last segment
    window.history.replaceState(
      window.history.state,
      '',
      withoutToken(pathTo(config, 'token-callback-token', { token: '-' }) ?? '/'),
    )
    if (!token) return setFailed(true)
    void runFlow('loginWithCode', auth, token).then((r) => {
      if (r.ok) afterLogin(r.value, homePath(config))
      else setFailed(true)
    })
  }, [auth, params.token, afterLogin, config])
  return (
    <Page title={t('token.working')}>
      {failed ? (
        <>
          <p className={s.alert}>{t('token.failed')}</p>
          <p>
            <Button variant="link" onClick={() => navigate(pathTo(config, 'login') ?? '/')}>
              {t('action.backToLogin')}
            </Button>{' '}
            <RouteLink route="home">{t('action.home')}</RouteLink>
          </p>
        </>
      ) : (
        <Spinner />
      )}
    </Page>
  )
}
