import { Link } from 'react-router-dom'
import { useNotFoundStatus } from '../first-paint/data'
import { useTranslation } from '../i18n/use-translation'

/** The page for a path no route matches (also a screen the brand does not ship): a 404 when drawn by the server. */
export function NotFound() {
  const { t } = useTranslation('core')
  useNotFoundStatus() // drawn by the server, the page is a 404
  return (
    <section aria-labelledby="nf-title" data-testid="not-found">
      <h1 id="nf-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </section>
  )
}
