import { type LoadState, type Offer, useDocumentTitle } from '@core'
import { Link } from 'react-router-dom'
import { useCatalogPages } from '../texts'
import { useStorePaths } from '../url'
import s from './catalog.module.css'
import { ErrorState, Skeleton } from './ListState'
import { Logo } from './Logo'
import { NotFoundState } from './NotFoundState'
import { OfferDetail } from './offers'

/** A cash-back offer or campaign page: the offer, its terms and the activate button (gated). */
export function OfferScreen({ r }: { r: LoadState<Offer> & { retry: () => void } }) {
  const { t } = useCatalogPages()
  const paths = useStorePaths()
  useDocumentTitle(r.status === 'success' ? r.data.display_name : undefined)
  if (r.status === 'not-found') return <NotFoundState what="offer" />
  if (r.status === 'error') return <ErrorState error={r.error} onRetry={r.retry} />
  if (r.status === 'loading') return <Skeleton count={2} kind="row" />
  const o = r.data
  return (
    <article className={s.hero} data-testid="offer-page" style={{ maxWidth: 720 }}>
      <Logo src={o.merchant_logo_url ?? o.image_url} size={64} />
      <OfferDetail offer={o} headingLevel={1} />
      {o.merchant_internal_name ? (
        <p className={s.offerActions}>
          <Link to={paths.store(o.merchant_internal_name)}>
            {t('offers.seeStore', { name: o.merchant_name ?? o.display_name })}
          </Link>
        </p>
      ) : null}
    </article>
  )
}
