import { RouteLink, useDocumentTitle, usePath, useTranslation } from '@core'
import { useEffect, useState } from 'react'
import { useViewportFitCover } from '../components/MobilePage'
import s from '../components/mobile.module.css'

/** How long the page waits for the sign-in to move on before it offers a link. */
export const SLOW_MS = 10_000

/**
 * /mobile/authorized?code=…: the app handed over a one-time code, which the auth plugin exchanges for
 * a session before moving on. This page only says so; after SLOW_MS it offers to sign in instead.
 */
export default function AuthorizedPage() {
  const { t } = useTranslation('mobile')
  const dashboard = usePath('mobile-dashboard') ?? '/'
  const [slow, setSlow] = useState(false)
  useDocumentTitle(t('authorized.title'))
  useViewportFitCover()
  useEffect(() => {
    const id = setTimeout(() => setSlow(true), SLOW_MS)
    return () => clearTimeout(id)
  }, [])
  return (
    <section
      className={`${s.frame} ${s.center}`}
      aria-labelledby="authorized-title"
      data-testid="mobile-authorized"
    >
      <h1 id="authorized-title">{t('authorized.title')}</h1>
      <span className={s.spinner} aria-hidden="true" />
      <p role="status">{t('authorized.status')}</p>
      {slow ? (
        <p data-testid="authorized-slow">
          {t('authorized.slow')}{' '}
          <RouteLink
            className={s.back}
            route="mobile-force-login-then-redirect"
            suffix={`?next=${encodeURIComponent(dashboard)}`}
          >
            {t('authorized.signIn')}
          </RouteLink>
        </p>
      ) : null}
    </section>
  )
}
