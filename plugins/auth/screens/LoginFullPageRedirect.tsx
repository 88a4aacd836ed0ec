import { type ScreenProps, useStore, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { Navigate, useSearchParams } from 'react-router-dom'
import { rememberRedirect, safePath, takeStoredRedirect } from '../redirect'
import LoginFullPage from './LoginFullPage'

/** The page to come back to: ?redirect= (or ?url=, ?return_to=), same-origin only. */
export function wantedPath(q: URLSearchParams): string | null {
  for (const k of ['redirect', 'url', 'return_to']) {
    const p = safePath(q.get(k))
    if (p) return p
  }
  return null
}

/**
 * /login-full-page-redirect?redirect=/path: signs in on a full page, then returns to the path
 * (same-origin only). A member who is already signed in goes there at once.
 */
export function FullPageRedirect({ fallback, ...props }: ScreenProps & { fallback: string }) {
  const { t } = useTranslation('auth')
  const auth = useStore('auth')
  const [q] = useSearchParams()
  const wanted = wantedPath(q)
  useEffect(() => {
    if (wanted && !auth.authenticated) rememberRedirect(wanted)
  }, [wanted, auth])
  if (auth.authenticated) {
    const to = wanted ?? takeStoredRedirect() ?? fallback
    return (
      <>
        <p role="status">{t('full.redirecting')}</p>
        <Navigate to={to} replace />
      </>
    )
  }
  return <LoginFullPage {...props} fallback={wanted ?? fallback} />
}

export default observer(function LoginFullPageRedirect(props: ScreenProps) {
  return <FullPageRedirect {...props} fallback="/" />
})
