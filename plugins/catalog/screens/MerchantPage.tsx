import {
  Button,
  constants,
  type Offer,
  type ScreenProps,
  useDocumentTitle,
  useFirstData,
  useLoad,
  useServices,
} from '@core'
import { useState } from 'react'
import { catalogApi } from '../api'
import { CouponCard } from '../components/Coupons'
import s from '../components/catalog.module.css'
import { ExtensionBanner } from '../components/ExtensionBanner'
import { EmptyState, ErrorState, Skeleton } from '../components/ListState'
import { Logo } from '../components/Logo'
import { NotFoundState } from '../components/NotFoundState'
import { OfferPopup } from '../components/offers'
import { PlusRate } from '../components/PlusRate'
import { RateHistory } from '../components/RateHistory'
import { StoreGrid } from '../components/StoreTile'
import { useStoreVisit } from '../components/visit'
import type { StoreDetail, StoreReply } from '../contract'
import { MERCHANT_NAME, storeRequest } from '../first-data'
import { useCatalogPages } from '../texts'

/** A store page: /{merchant}-coupons and the older /{merchant}/coupons. */
export default function MerchantPage({ params }: ScreenProps) {
  const { t, i18n } = useCatalogPages()
  const { http } = useServices()
  const merchant = (params.merchant ?? '').toLowerCase()
  const lang = i18n.language === 'es' ? 'es' : 'en'
  const ask = storeRequest(merchant, lang)
  const first = useFirstData<StoreReply>(ask.path, ask.params)
  const r = useLoad(
    `${merchant}:${lang}`,
    () =>
      catalogApi(http)
        .store(merchant, lang)
        .then((x) => x.data),
    // A name the API cannot take is not found at once (drawn as a 404 too), without a call.
    {
      notFound: true,
      first: MERCHANT_NAME.test(merchant)
        ? first && { status: first.status, data: first.body?.data }
        : { status: 404 },
    },
  )
  useDocumentTitle(r.status === 'success' ? t('store.pageTitle', { name: r.data.name }) : undefined)
  if (r.status === 'not-found') return <NotFoundState what="store" />
  if (r.status === 'error') return <ErrorState error={r.error} onRetry={r.retry} />
  if (r.status === 'loading')
    return (
      <div data-testid="store-loading">
        <Skeleton count={1} kind="row" />
        <div className={s.spacer} />
        <Skeleton count={4} kind="row" />
      </div>
    )
  return <StoreView store={r.data} />
}

function StoreView({ store }: { store: StoreDetail }) {
  const { t } = useCatalogPages()
  const { http } = useServices()
  const visit = useStoreVisit()
  const [offer, setOffer] = useState<Offer | null>(null)
  const [offerError, setOfferError] = useState(false)
  const went = store.previous_rate && store.previous_rate.value < store.rate.value
  const days = store.typical_confirmation_days

  async function openOffer(id: number) {
    setOfferError(false)
    try {
      setOffer((await catalogApi(http).offer(String(id))).data)
    } catch {
      setOfferError(true)
    }
  }

  return (
    <article data-testid="store-page" aria-labelledby="store-name">
      <header className={s.hero}>
        <div className={s.storeHead}>
          <Logo src={store.logo_url} color={store.color} size={72} />
          <div>
            <h1 id="store-name">{store.name}</h1>
            <p className={s.bigRate} data-testid="store-rate">
              {store.rate.label}
            </p>
            {went ? (
              <p className={s.muted}>
                {t('store.was')} <s>{store.previous_rate!.label}</s>
              </p>
            ) : null}
            <p className={s.storeRateLine}>
              {store.good_rate ? (
                <span className={s.goodRate} data-testid="good-rate">
                  ✓ {t('store.goodRate')}
                </span>
              ) : null}
              {store.plus_only ? <span className={s.badgePlus}>{t('store.plus')}</span> : null}
            </p>
            <PlusRate rate={store.plus_rate} />
          </div>
          <Button
            className={s.shopNow}
            onClick={() =>
              visit.start({
                merchant: store.internal_name,
                name: store.name,
                redirectUrl: store.redirect_url,
              })
            }
            data-testid="shop-now"
          >
            {t('store.shopNowAt', { name: store.name })}
          </Button>
        </div>
        {store.description ? <p className={s.storeDescription}>{store.description}</p> : null}
      </header>
      {visit.popup}

      <div className={s.facts}>
        <section className={s.fact} aria-labelledby="fact-best">
          <h2 id="fact-best">{t('store.bestRate')}</h2>
          <p className={s.factValue}>{store.best_rate.label}</p>
          <p className={s.muted}>
            {store.good_rate
              ? t('store.goodRateWhy', { percent: constants.goodRateWithinPercent })
              : t('store.notGoodRateWhy')}
          </p>
        </section>
        <section className={s.fact} aria-labelledby="fact-confirm">
          <h2 id="fact-confirm">{t('store.confirmation')}</h2>
          <p className={s.factValue} data-testid="confirmation-days">
            {days == null ? t('store.confirmationUnknown') : t('store.confirmationDays', { count: days })}
          </p>
          <p className={s.muted}>{t('store.confirmationWhy')}</p>
        </section>
        <section className={s.fact} aria-labelledby="fact-history">
          <h2 id="fact-history">{t('store.history')}</h2>
          <RateHistory history={store.rate_history} rate={store.rate} best={store.best_rate} />
        </section>
      </div>

      <div className={s.columns}>
        <div>
          <section className={s.section} aria-labelledby="store-coupons">
            <h2 id="store-coupons" className={s.subhead}>
              {t('store.coupons', { name: store.name })}
            </h2>
            {store.coupons.length ? (
              <ul className={s.rows}>
                {store.coupons.map((c) => (
                  <CouponCard key={c.id} coupon={c} redirectUrl={store.redirect_url} showStore={false} />
                ))}
              </ul>
            ) : (
              <EmptyState>{t('store.noCoupons')}</EmptyState>
            )}
          </section>
          {store.offers.length ? (
            <section className={s.section} aria-labelledby="store-offers">
              <h2 id="store-offers" className={s.subhead}>
                {t('store.offers')}
              </h2>
              <ul className={s.rows}>
                {store.offers.map((o) => (
                  <li key={o.offer_id} className={s.coupon}>
                    <div className={s.couponText}>
                      <p className={s.couponTitle}>{o.display_name}</p>
                      <p className={s.muted}>{o.display_description}</p>
                    </div>
                    <Button variant="secondary" onClick={() => void openOffer(o.offer_id)}>
                      {t('store.offerDetails')}
                    </Button>
                  </li>
                ))}
              </ul>
              {offerError ? (
                <p role="alert" className={s.muted}>
                  {t('error.offer')}
                </p>
              ) : null}
            </section>
          ) : null}
        </div>
        <aside>
          <section className={s.card} aria-labelledby="store-terms">
            <h2 id="store-terms">{t('store.terms')}</h2>
            <p className={s.storeTerms}>{store.terms || t('store.noTerms')}</p>
          </section>
        </aside>
      </div>

      <ExtensionBanner />
      {store.similar.length ? (
        <section className={`${s.section} ${s.similar}`} aria-labelledby="store-similar">
          <h2 id="store-similar" className={s.subhead}>
            {t('store.similar')}
          </h2>
          <StoreGrid stores={store.similar} />
        </section>
      ) : null}
      {offer ? <OfferPopup offer={offer} onClose={() => setOffer(null)} /> : null}
    </article>
  )
}
