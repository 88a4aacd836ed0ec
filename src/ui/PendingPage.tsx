import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { ScreenProps } from '../plugin/types'

/** An honest placeholder for a screen whose issue has not landed yet. */
export default function PendingPage({ routeName, params }: ScreenProps) {
  const { t } = useTranslation('core')
  const path = typeof window === 'undefined' ? '' : window.location.pathname
  return (
    <section aria-labelledby="pending-title" data-testid="pending-page">
      <h1 id="pending-title">{t('pending.title')}</h1>
      <p>{t('pending.body')}</p>
      <p>
        <code>{path}</code>
        {routeName ? ` (${String(routeName)})` : ''}
        {Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}
      </p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </section>
  )
}
