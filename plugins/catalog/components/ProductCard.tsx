import { Money, RouteLink, useTranslation } from '@core'
import type { Product } from '../contract'
import s from './catalog.module.css'

export function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation('catalog')
  return (
    <li className={s.tile} data-testid="product-card">
      <RouteLink
        route="p-slug-product-id"
        params={{ slug: product.slug, product_id: product.id }}
        className={`${s.stack} ${s.productLink}`}
      >
        <img
          className={s.productImg}
          src={product.image_url}
          alt=""
          width={160}
          height={160}
          loading="lazy"
        />
        <span className={s.tileName}>{product.name}</span>
        <span>
          <span className={s.price}>
            <Money cents={product.price_cents} />
          </span>{' '}
          {product.was_price_cents && product.was_price_cents > product.price_cents ? (
            <span className={s.muted}>
              <span className="visually-hidden">{t('product.was')} </span>
              <s>
                <Money cents={product.was_price_cents} />
              </s>
            </span>
          ) : null}
        </span>
        <span className={s.muted}>
          {product.store.name} · <strong className={s.productRate}>{product.store.rate.label}</strong>
        </span>
      </RouteLink>
    </li>
  )
}

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className={s.grid}>
      {products.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </ul>
  )
}
