import {
  buttonClass,
  Money,
  RouteLink,
  type ScreenProps,
  useDocumentTitle,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import { Link } from 'react-router-dom'
import { catalogApi } from '../api'
import s from '../components/catalog.module.css'
import { ErrorState, Skeleton } from '../components/ListState'
import { Logo } from '../components/Logo'
import { NotFoundState } from '../components/NotFoundState'
import type { Product } from '../contract'
import { useStorePaths } from '../url'

/** /p/{slug}/{product_id}: the product and the same kind of product at other stores, side by side. */
export default function ProductComparePage({ params }: ScreenProps) {
  const { t, i18n } = useTranslation('catalog')
  const { http } = useServices()
  const paths = useStorePaths()
  const id = params.product_id ?? ''
  const lang = i18n.language === 'es' ? 'es' : 'en'
  const r = useLoad(`${id}:${lang}`, () => catalogApi(http).product(id, lang), { notFound: true })
  useDocumentTitle(r.status === 'success' ? r.data.data.name : undefined)
  if (r.status === 'not-found') return <NotFoundState what="product" />
  if (r.status === 'error') return <ErrorState error={r.error} onRetry={r.retry} />
  if (r.status === 'loading') return <Skeleton count={2} kind="row" />
  const p = r.data.data
  const rows = [p, ...r.data.compare]
  return (
    <article data-testid="product-page" aria-labelledby="product-name">
      <div className={`${s.hero} ${s.compareHead}`}>
        <img className={s.productImg} src={p.image_url} alt="" width={160} height={160} />
        <div>
          <h1 id="product-name">{p.name}</h1>
          <p className={s.price}>
            <Money cents={p.price_cents} />{' '}
            {p.was_price_cents && p.was_price_cents > p.price_cents ? (
              <span className={s.muted}>
                <span className="visually-hidden">{t('product.was')} </span>
                <s>
                  <Money cents={p.was_price_cents} />
                </s>
              </span>
            ) : null}
          </p>
          <p>
            {t('product.at', { name: p.store.name })} · <strong>{p.store.rate.label}</strong>
          </p>
          <Link to={paths.store(p.store.internal_name)} className={buttonClass()}>
            {t('product.goToStore', { name: p.store.name })}
          </Link>
        </div>
      </div>
      <section aria-labelledby="compare-title">
        <h2 id="compare-title" className={s.subhead}>
          {t('product.compare')}
        </h2>
        {r.data.compare.length ? (
          <CompareTable rows={rows} />
        ) : (
          <p className={s.muted}>{t('product.noCompare')}</p>
        )}
      </section>
    </article>
  )
}

function CompareTable({ rows }: { rows: Product[] }) {
  const { t } = useTranslation('catalog')
  const paths = useStorePaths()
  return (
    <div className={s.tableScroll}>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">{t('product.product')}</th>
            <th scope="col">{t('product.store')}</th>
            <th scope="col">{t('product.price')}</th>
            <th scope="col">{t('product.cashback')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((x, i) => (
            <tr key={x.id} aria-current={i === 0 ? 'true' : undefined}>
              <th scope="row">
                {i === 0 ? (
                  x.name
                ) : (
                  <RouteLink route="p-slug-product-id" params={{ slug: x.slug, product_id: x.id }}>
                    {x.name}
                  </RouteLink>
                )}
              </th>
              <td>
                <Link to={paths.store(x.store.internal_name)} className={s.couponStore}>
                  <Logo src={x.store.logo_url} size={28} />
                  {x.store.name}
                </Link>
              </td>
              <td>
                <Money cents={x.price_cents} />
              </td>
              <td>{x.store.rate.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
