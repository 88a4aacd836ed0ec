import { type ScreenProps, useDocumentTitle, usePaged, useServices, useStore } from '@core'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { catalogApi } from '../api'
import { CategoryChips, type Named } from '../components/CategoryChips'
import { CouponCard } from '../components/Coupons'
import s from '../components/catalog.module.css'
import { Skeleton } from '../components/ListState'
import { NotFoundState } from '../components/NotFoundState'
import { PagedList } from '../components/PagedList'
import type { Coupon } from '../contract'
import { useCatalogPages } from '../texts'

/** /coupons and /coupons/{category}: unexpired coupons, most popular first, a page at a time. */
export default observer(function CouponsPage({ params }: ScreenProps) {
  const { t, i18n } = useCatalogPages()
  const catalog = useStore('catalog')
  const { http } = useServices()
  const category = params.category
  const lang = i18n.language === 'es' ? 'es' : 'en'
  useEffect(() => {
    void catalog.loadCategories()
  }, [catalog])
  const categories = catalog.categories.data as (Named & { store_count: number })[]
  const current = categories.find((c) => c.slug === category)
  const unknown = Boolean(category) && catalog.categories.status === 'success' && !current
  const list = usePaged<Coupon>(
    `${category ?? ''}:${lang}`,
    (page) => catalogApi(http).coupons({ category, page, per_page: 24, lang }),
    !unknown,
  )
  const title = current ? t('coupons.categoryTitle', { name: current.names[lang] }) : t('coupons.title')
  useDocumentTitle(title)
  if (unknown) return <NotFoundState what="category" />
  return (
    <div data-testid="coupons-page">
      <h1>{title}</h1>
      <CategoryChips
        items={categories}
        route="coupons"
        categoryRoute="coupons-category"
        param="category"
        allLabel={t('coupons.all')}
        label={t('coupons.categories')}
      />
      <PagedList
        list={list}
        empty={t('coupons.empty')}
        more={t('coupons.more')}
        skeleton={<Skeleton count={6} kind="row" />}
      >
        <ul className={`${s.rows} ${s.two}`}>
          {list.items.map((c) => (
            <CouponCard key={c.id} coupon={c} />
          ))}
        </ul>
      </PagedList>
    </div>
  )
})
