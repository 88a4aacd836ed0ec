import { HttpError, type ScreenProps, useDocumentTitle, useServices } from '@core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { catalogApi } from '../api'
import s from '../components/catalog.module.css'
import { ErrorState } from '../components/ListState'
import { NotFoundState } from '../components/NotFoundState'
import { useCatalogPages } from '../texts'
import { safeUrl, useStorePaths } from '../url'

/**
 * /{merchant}-coupons/redirecting (auth): records the member's click (POST /api/clicks) and hands the
 * shopper to the store's tracking link, which carries the click id (never the member's). A link that
 * is not http(s), or a store without a tracking link (409), is never opened.
 */
export default function MerchantRedirectingPage({ params }: ScreenProps) {
  const { t } = useCatalogPages()
  const services = useServices()
  const paths = useStorePaths()
  const merchant = (params.merchant ?? '').toLowerCase()
  const [state, setState] = useState<'loading' | 'leaving' | 'bad-link' | 'not-found' | { error: unknown }>(
    'loading',
  )
  const [attempt, setAttempt] = useState(0)
  useDocumentTitle(t('redirect.title'))

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the call
  useEffect(() => {
    let live = true
    setState('loading')
    catalogApi(services.http)
      .click({ store: merchant })
      .then(
        (r) => {
          if (!live) return
          const url = safeUrl(r.data.redirect_url)
          if (!url) return setState('bad-link')
          services.events.emit('store-visit', { merchant })
          services.track('store_visit', { merchant })
          setState('leaving')
          window.location.replace(url)
        },
        (e) => {
          if (!live) return
          if (e instanceof HttpError && (e.status === 404 || e.status === 422)) setState('not-found')
          else if (e instanceof HttpError && e.status === 409) setState('bad-link')
          else setState({ error: e })
        },
      )
    return () => {
      live = false
    }
  }, [merchant, attempt])

  if (state === 'not-found') return <NotFoundState what="store" />
  if (typeof state === 'object')
    return <ErrorState error={state.error} onRetry={() => setAttempt((n) => n + 1)} />
  return (
    <section className={`${s.hero} ${s.center}`} aria-labelledby="redir-title" data-testid="redirecting-page">
      <h1 id="redir-title">{state === 'bad-link' ? t('redirect.badLinkTitle') : t('redirect.title')}</h1>
      {state === 'bad-link' ? (
        <p role="alert">{t('redirect.badLink')}</p>
      ) : (
        <p role="status">{t('redirect.leaving')}</p>
      )}
      <p>
        <Link to={paths.store(merchant)}>{t('redirect.back')}</Link>
      </p>
    </section>
  )
}
