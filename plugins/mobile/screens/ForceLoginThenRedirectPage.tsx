import { usePath, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { MobilePage } from '../components/MobilePage'
import s from '../components/mobile.module.css'
import { safeNext } from '../components/next'

/**
 * /mobile/force-login-then-redirect?next=<path> (auth: the guard sends a visitor to sign in and back
 * here): once signed in, goes on to `next` when it is a path on this site, else to the dashboard.
 */
export default observer(function ForceLoginThenRedirectPage() {
  const { t } = useTranslation('mobile')
  const session = useSession()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const next = safeNext(search.get('next'), usePath('mobile-dashboard') ?? '/')
  const ready = session.authenticated
  useEffect(() => {
    if (ready) navigate(next, { replace: true })
  }, [ready, next, navigate])
  return (
    <MobilePage title={t('forceLogin.title')} nav={false} testId="mobile-force-login">
      <div className={s.center}>
        <span className={s.spinner} aria-hidden="true" />
        <p role="status">{t('forceLogin.status')}</p>
      </div>
    </MobilePage>
  )
})
