import { useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { revealApp } from '../first-paint/client'
import { NotFound } from './NotFound'

/** Anything a route throws ends here: a clear message and a way to retry, never a stack trace. */
export function ErrorPage() {
  const error = useRouteError()
  const { t } = useTranslation('core')
  useLayoutEffect(() => revealApp(), [])
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  if (import.meta.env?.DEV) console.error(error)
  return (
    <section role="alert" style={{ padding: 24 }}>
      <h1>{t('error.title')}</h1>
      <p>{t('error.body')}</p>
      <button type="button" onClick={() => window.location.reload()} style={{ minHeight: 44 }}>
        {t('error.retry')}
      </button>
    </section>
  )
}
