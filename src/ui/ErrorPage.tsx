import { useLayoutEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { revealApp } from '../first-paint/client'
import { useTranslation } from '../i18n/use-translation'
import { NotFound } from '../routing/NotFound'
import { Button } from './Button'
import s from './layout.module.css'

/** Anything a route throws ends here: a clear message and a way to retry, never a stack trace. */
export function ErrorPage() {
  const error = useRouteError()
  const { t } = useTranslation('core')
  useLayoutEffect(() => revealApp(), [])
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  if (import.meta.env?.DEV) console.error(error)
  return (
    <section role="alert" className={s.errorPage}>
      <h1>{t('error.title')}</h1>
      <p>{t('error.body')}</p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('error.retry')}
      </Button>
    </section>
  )
}
