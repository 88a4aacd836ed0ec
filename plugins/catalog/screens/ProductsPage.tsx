import { type ScreenProps, useDocumentTitle, usePaged, useServices, useStore } from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { catalogApi } from '../api'
import { CategoryChips, type Named } from '../components/CategoryChips'
import { NotFoundState } from '../components/NotFoundState'
import { PagedList } from '../components/PagedList'
import { ProductGrid } from '../components/ProductCard'
import type { Product } from '../contract'
import { useCatalogPages } from '../texts'

type ProductCategory = Named & { children: Named[] }

/**
 * /products, /products/{category}, /products/{category}/{subcategory} and the plus product page;
 * product categories from the store (cached 24 hours).
 */
export default observer(function ProductsPage({ params, tier }: ScreenProps) {
  const { t, i18n } = useCatalogPages()
  const catalog = useStore('catalog')
  const { http } = useServices()
  const { category, subcategory } = params
  const plus = tier === 'plus'
  const lang = i18n.language === 'es' ? 'es' : 'en'
  useEffect(() => {
    void catalog.loadProductCategories()
  }, [catalog])
  const cats = catalog.productCategories.data as ProductCategory[]
  const cat = cats.find((c) => c.slug === category)
  const sub = cat?.children.find((c) => c.slug === subcategory)
  const loaded = catalog.productCategories.status === 'success'
  const unknown = loaded && ((category && !cat) || (subcategory && !sub))
  const list = usePaged<Product>(
    `${category ?? ''}/${subcategory ?? ''}:${plus}:${lang}`,
    (page) =>
      catalogApi(http).products({
        category,
        subcategory,
        plus: plus ? '1' : undefined,
        page,
        per_page: 24,
        lang,
      }),
    !unknown,
  )
  const title = sub
    ? sub.names[lang]
    : cat
      ? cat.names[lang]
      : plus
        ? t('products.plusTitle')
        : t('products.title')
  useDocumentTitle(title)
  if (unknown) return <NotFoundState what="category" />
  return (
    <div data-testid="products-page">
      <h1>{title}</h1>
      {!plus ? (
        <CategoryChips
          items={cats}
          route="products"
          categoryRoute="products-category"
          param="category"
          current={category}
          allLabel={t('products.all')}
          label={t('products.categories')}
        />
      ) : null}
      {cat?.children.length ? (
        <CategoryChips
          items={cat.children}
          route="products-category"
          params={{ category: cat.slug }}
          categoryRoute="products-category-subcategory"
          param="subcategory"
          current={subcategory}
          allLabel={t('products.allIn', { name: cat.names[lang] })}
          label={t('products.subcategories')}
        />
      ) : null}
      <PagedList list={list} empty={t('products.empty')} more={t('products.more')}>
        <ProductGrid products={list.items} />
      </PagedList>
    </div>
  )
})
