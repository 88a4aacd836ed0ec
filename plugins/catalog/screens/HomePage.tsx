import {
  buttonClass,
  type Offer,
  type OffersReply,
  RouteLink,
  type ScreenProps,
  useDocumentTitle,
  useFirstData,
  useServices,
  useStore,
  useTranslation,
} from '@core'
import { observer } from 'mobx-react-lite'
import { lazy, Suspense, useEffect } from 'react'
import { CouponCard } from '../components/Coupons'
import s from '../components/catalog.module.css'
import { ExtensionBanner } from '../components/ExtensionBanner'
import { ListStatus, More, Skeleton } from '../components/ListState'
import { OfferGrid } from '../components/OfferCard'
import { ProductGrid } from '../components/ProductCard'
import { StoreGrid } from '../components/StoreTile'
import { WhenVisible } from '../components/WhenVisible'
import type { Coupon, HomeReply, Product, Store } from '../contract'
import { HOME_COUPONS, homeOffersRequest, homeRequest } from '../first-data'

/** One row at desktop width; 'See all' opens the whole section. */
const HOME_ROW = 6

const CountryBenefits = lazy(() => import('../components/CountryBenefits'))

type ListLike = { status: string; error?: string; data: readonly unknown[]; has_more: boolean }

/**
 * A list's own state once it has data or has settled; until then the reply the page was drawn from
 * (the server's paint, src/first-paint), so the first render is what the HTML showed.
 */
function orFirst(list: ListLike, first: readonly unknown[] | undefined, hasMore = false): ListLike {
  if (list.data.length || list.status === 'success' || list.status === 'error' || !first) return list
  return { status: 'success', data: first, has_more: hasMore }
}

/** Home (SPEC 2.6 '/' and '/msg/{msgCode}'): the API's sections, each a cached list of the store. */
export default observer(function HomePage({ params }: ScreenProps) {
  const { t, i18n } = useTranslation('catalog')
  const catalog = useStore('catalog')
  const { config } = useServices()
  const lang = i18n.language
  const homeAsk = homeRequest(lang)
  const offersAsk = homeOffersRequest(1)
  const firstHome = useFirstData<HomeReply>(homeAsk.path, homeAsk.params)
  const firstOffers = useFirstData<OffersReply>(offersAsk.path, offersAsk.params)
  const home = firstHome?.status === 200 ? firstHome.body.data : undefined
  const offersFirst = firstOffers?.status === 200 ? firstOffers.body : undefined
  const coupons = orFirst(catalog.coupons, home?.coupons, (home?.coupons.length ?? 0) >= HOME_COUPONS)
  const offers = orFirst(catalog.offers, offersFirst?.data, offersFirst?.has_more)
  const products = orFirst(catalog.topProducts, home?.top_products)
  useDocumentTitle(t('home.title'))
  useEffect(() => {
    void catalog.loadHome(lang)
  }, [catalog, lang])
  useEffect(() => {
    if (!catalog.offers.data.length && catalog.offers.status === 'empty') void catalog.moreOffers()
  }, [catalog])
  const retry = () => void catalog.loadHome(lang, { force: true })
  const msg = params.msgCode ? t(`msg.${params.msgCode}`, { defaultValue: t('msg.default') }) : null

  const storeSection = (id: string, key: string, list: ListLike, section: string) => (
    <section className={s.lazySection} aria-labelledby={id}>
      <div className={s.sectionHead}>
        <h2 id={id}>{t(key)}</h2>
        <RouteLink route="section-section" params={{ section }}>
          {t('home.seeAll')}
        </RouteLink>
      </div>
      <ListStatus
        status={list.status}
        error={list.error}
        count={list.data.length}
        onRetry={retry}
        empty={t('home.emptyStores')}
        skeleton={<Skeleton count={6} />}
      >
        <StoreGrid stores={list.data.slice(0, HOME_ROW) as Store[]} />
      </ListStatus>
    </section>
  )

  return (
    <div data-testid="home-page">
      {msg ? (
        <p className={s.message} role="status" data-testid="home-message">
          {msg}
        </p>
      ) : null}
      <section className={s.hero} aria-labelledby="home-title">
        <h1 id="home-title">{t('home.heading', { brand: config.brand.name })}</h1>
        <p className={`${s.muted} ${s.heroLead}`}>{t('home.lead', { brand: config.brand.name })}</p>
        <p className={s.heroActions}>
          <RouteLink route="stores" className={buttonClass()}>
            {t('home.browseStores')}
          </RouteLink>
          <RouteLink route="coupons" className={buttonClass({ variant: 'secondary' })}>
            {t('home.browseCoupons')}
          </RouteLink>
        </p>
      </section>
      <ExtensionBanner />
      {storeSection('home-top', 'home.topStores', orFirst(catalog.topStores, home?.top_stores), 'top-stores')}
      {storeSection(
        'home-best',
        'home.bestCashback',
        orFirst(catalog.bestCashback, home?.best_cashback),
        'best-cashback',
      )}
      {storeSection(
        'home-love',
        'home.merchantsWeLove',
        orFirst(catalog.merchantsWeLove, home?.merchants_we_love),
        'merchants-we-love',
      )}
      <section className={s.lazySection} aria-labelledby="home-coupons">
        <div className={s.sectionHead}>
          <h2 id="home-coupons">{t('home.coupons')}</h2>
          <RouteLink route="coupons">{t('home.seeAll')}</RouteLink>
        </div>
        <ListStatus
          status={coupons.status}
          error={coupons.error}
          count={coupons.data.length}
          onRetry={retry}
          empty={t('home.emptyCoupons')}
          skeleton={<Skeleton count={4} kind="row" />}
        >
          <ul className={`${s.rows} ${s.two}`}>
            {(coupons.data as Coupon[]).map((c) => (
              <CouponCard key={c.id} coupon={c} />
            ))}
          </ul>
          <More list={coupons} onMore={() => void catalog.moreCoupons(lang)} label={t('home.moreCoupons')} />
        </ListStatus>
      </section>
      <WhenVisible>
        <Suspense fallback={null}>
          <CountryBenefits />
        </Suspense>
      </WhenVisible>
      <section className={s.lazySection} aria-labelledby="home-products">
        <div className={s.sectionHead}>
          <h2 id="home-products">{t('home.topProducts')}</h2>
          <RouteLink route="section-section" params={{ section: 'top-products' }}>
            {t('home.seeAll')}
          </RouteLink>
        </div>
        <ListStatus
          status={products.status}
          error={products.error}
          count={products.data.length}
          onRetry={retry}
          empty={t('home.emptyProducts')}
          skeleton={<Skeleton count={4} />}
        >
          <ProductGrid products={(products.data as Product[]).slice(0, HOME_ROW)} />
        </ListStatus>
      </section>
      <section className={s.lazySection} aria-labelledby="home-offers">
        <div className={s.sectionHead}>
          <h2 id="home-offers">{t('home.offers')}</h2>
          <RouteLink route="offers-type" params={{ type: 'CASHBACK' }}>
            {t('home.seeAll')}
          </RouteLink>
        </div>
        <ListStatus
          status={offers.status}
          error={offers.error}
          count={offers.data.length}
          onRetry={() => void catalog.moreOffers()}
          empty={t('home.emptyOffers')}
          skeleton={<Skeleton count={3} />}
        >
          <OfferGrid offers={offers.data as Offer[]} />
          <More list={offers} onMore={() => void catalog.moreOffers()} label={t('home.moreOffers')} />
        </ListStatus>
      </section>
    </div>
  )
})
