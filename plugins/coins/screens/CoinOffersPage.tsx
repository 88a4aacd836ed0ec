import {
  Button,
  ChipNav,
  Lead,
  LoadFailed,
  NotFound,
  type Offer,
  Page,
  pathTo,
  RouteLink,
  type ScreenProps,
  useServices,
  useTranslation,
} from '@core'
import { useCallback, useEffect, useState } from 'react'
import { COIN_OFFER_TYPES, type CoinOfferType, coinsApi, isCoinOfferType } from '../api'
import { OfferItem } from '../components/OfferItem'
import s from '../components/styles'

const PER_PAGE = 24

/** /offers/APP and /offers/GAME (routes of their own, ahead of the catalog's /offers/:type): coin offers, a page at a time. */
export default function CoinOffersPage({ params, type: propType }: ScreenProps) {
  const type = (typeof propType === 'string' ? propType : params.type) ?? 'APP'
  if (!isCoinOfferType(type)) return <NotFound />
  return <CoinOffers key={type} type={type} />
}

function CoinOffers({ type }: { type: CoinOfferType }) {
  const { t } = useTranslation('coins')
  const { http, config } = useServices()
  const [items, setItems] = useState<Offer[]>([])
  const [page, setPage] = useState(0)
  const [hasMore, setHasMore] = useState(false)
  const [status, setStatus] = useState<'loading' | 'success' | 'error'>('loading')
  const [error, setError] = useState<unknown>(null)
  const load = useCallback(
    (next: number) => {
      setStatus('loading')
      coinsApi(http)
        .offers(type, next, PER_PAGE)
        .then(
          (r) => {
            setItems((old) => (next === 1 ? r.data : [...old, ...r.data]))
            setPage(next)
            setHasMore(r.has_more)
            setStatus('success')
          },
          (e: unknown) => {
            setError(e)
            setStatus('error')
          },
        )
    },
    [http, type],
  )
  useEffect(() => load(1), [load])
  return (
    <Page title={t(`offers.type.${type}`)} className={s.page} testId="coin-offers-page">
      <Lead>{t('offers.lead')}</Lead>
      <ChipNav
        label={t('offers.title')}
        chips={COIN_OFFER_TYPES.map((x) => ({
          to: pathTo(config, 'offers-type', { type: x }) ?? '/',
          label: t(`offers.type.${x}`),
          current: x === type,
        }))}
      />
      {status === 'error' ? (
        <LoadFailed error={error} onRetry={() => load(page + 1)} what={t('offers.failed')} />
      ) : null}
      {status === 'loading' && items.length === 0 ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <div className={s.skeleton} />
          <div className={s.skeleton} />
        </div>
      ) : null}
      {status === 'success' && items.length === 0 ? (
        <p className={s.card}>
          {t('offers.empty')} <RouteLink route="surveys">{t('history.earn')}</RouteLink>
        </p>
      ) : null}
      {items.length ? (
        <ul className={s.tiles} data-testid="coin-offer-list">
          {items.map((o) => (
            <OfferItem key={o.offer_id} offer={o} />
          ))}
        </ul>
      ) : null}
      {hasMore ? (
        <p className={s.actions}>
          <Button
            variant="secondary"
            onClick={() => load(page + 1)}
            disabled={status === 'loading'}
            aria-busy={status === 'loading'}
          >
            {t('offers.more')}
          </Button>
        </p>
      ) : null}
      <p className={s.links}>
        <RouteLink route="offer-incompletecoinoffers">{t('surveys.incomplete')}</RouteLink>
        <RouteLink route="surveys">{t('surveys.title')}</RouteLink>
      </p>
    </Page>
  )
}
