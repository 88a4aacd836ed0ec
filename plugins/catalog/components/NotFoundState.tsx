import { buttonClass, RouteLink, useNotFoundStatus } from '@core'
import { useCatalogPages } from '../texts'
import s from './catalog.module.css'

/** Where a not-found page sends the visitor, by route name. */
const BACK = { product: { route: 'products' }, offer: { route: 'offers' }, store: { route: 'stores' } }

/** A merchant, category, offer or product that does not exist: said plainly, inside the layout. */
export function NotFoundState({ what }: { what: 'store' | 'category' | 'offer' | 'product' | 'section' }) {
  const { t } = useCatalogPages()
  useNotFoundStatus() // drawn by the server, the page is a 404
  const back = (what === 'product' ? BACK.product : what === 'offer' ? BACK.offer : BACK.store).route
  return (
    <section className={s.notFound} data-testid="catalog-not-found" aria-labelledby="cnf-title">
      <h1 id="cnf-title">{t(`notFound.${what}.title`)}</h1>
      <p>{t(`notFound.${what}.body`)}</p>
      <p>
        <RouteLink route={back} className={buttonClass()}>
          {t(`notFound.${what}.action`)}
        </RouteLink>
      </p>
    </section>
  )
}
