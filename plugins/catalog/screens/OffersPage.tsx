import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { Offer, ScreenProps } from '../../../src/index'
import { Button, useDocumentTitle, useServices, useTranslation } from '../../../src/index'
import { catalogApi } from '../api'
import s from '../components/catalog.module.css'
import { ListStatus, More, NotFoundState } from '../components/ListState'
import { Logo } from '../components/Logo'
import { OfferPopup } from '../components/offers'
import { usePaged } from '../components/usePaged'

const TYPES = ['CASHBACK', 'coupon', 'APP', 'GAME'] as const

/** /offers and /offers/{type}: offers a page at a time; each opens the offer-detail popup. */
export default function OffersPage({ params }: ScreenProps) {
  const { t } = useTranslation('catalog')
  const { http } = useServices()
  const type = params.type
  const known = !type || (TYPES as readonly string[]).includes(type)
  const [open, setOpen] = useState<Offer | null>(null)
  const list = usePaged<Offer>(
    type ?? '',
    (page) => catalogApi(http).offers({ type, page, per_page: 24 }),
    known,
  )
  const title = type && known ? t(`offers.type.${type}`) : t('offers.title')
  useDocumentTitle(title)
  if (!known) return <NotFoundState what="offer" />
  return (
    <div data-testid="offers-page">
      <h1>{title}</h1>
      <nav aria-label={t('offers.types')}>
        <ul className={s.chips}>
          <li>
            <Link to="/offers" aria-current={!type ? 'page' : undefined}>
              {t('offers.all')}
            </Link>
          </li>
          {TYPES.map((x) => (
            <li key={x}>
              <Link to={`/offers/${x}`} aria-current={x === type ? 'page' : undefined}>
                {t(`offers.type.${x}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ListStatus
        status={list.status}
        error={list.error}
        count={list.items.length}
        onRetry={list.retry}
        empty={t('offers.empty')}
      >
        <ul className={s.grid}>
          {list.items.map((o) => (
            <li key={o.offer_id} className={s.offer} data-testid="offer-card">
              <div className={s.logoLine}>
                <Logo src={o.merchant_logo_url ?? o.image_url} size={44} />
                <h2 className={s.offerName}>{o.display_name}</h2>
              </div>
              <p className={s.muted}>{o.display_description}</p>
              {o.coins_advertised > 0 ? (
                <p className={s.couponTitle}>{t('offer.coins', { count: o.coins_advertised })}</p>
              ) : null}
              <Button
                variant="secondary"
                onClick={() => setOpen(o)}
                aria-label={t('offers.detailsFor', { name: o.display_name })}
              >
                {t('store.offerDetails')}
              </Button>
            </li>
          ))}
        </ul>
        <More list={list} onMore={list.more} label={t('offers.more')} />
      </ListStatus>
      {open ? <OfferPopup offer={open} onClose={() => setOpen(null)} /> : null}
    </div>
  )
}
