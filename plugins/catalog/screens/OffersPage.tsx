import type { Offer, ScreenProps } from '@core'
import { Button, ChipNav, OfferTypes, pathTo, routeAt, useDocumentTitle, usePaged, useServices } from '@core'
import { useState } from 'react'
import { catalogApi } from '../api'
import s from '../components/catalog.module.css'
import { Logo } from '../components/Logo'
import { NotFoundState } from '../components/NotFoundState'
import { OfferPopup } from '../components/offers'
import { PagedList } from '../components/PagedList'
import { useCatalogPages } from '../texts'

/** The catalog's own offers: cash back and coupons. Coin offers (APP, GAME) belong to the coins plugin. */
export const CATALOG_OFFER_TYPES = ['CASHBACK', 'coupon'] as const
type CatalogType = (typeof CATALOG_OFFER_TYPES)[number]
const isCatalogType = (t: unknown): t is CatalogType =>
  (CATALOG_OFFER_TYPES as readonly unknown[]).includes(t)

/**
 * /offers and /offers/{type}: the catalog's offers a page at a time; each opens the offer-detail popup.
 * /offers shows each of its types in a section of its own. The chips name other offer types only where
 * the brand routes '/offers/<type>' to a screen of its own (coins' APP and GAME on a brand with coins).
 */
export default function OffersPage({ params }: ScreenProps) {
  const { t } = useCatalogPages()
  const { config } = useServices()
  const type = params.type
  const known = !type || isCatalogType(type)
  const title = type && known ? t(`offers.type.${type}`) : t('offers.title')
  useDocumentTitle(title)
  if (!known) return <NotFoundState what="offer" />
  const typePath = (x: string) => pathTo(config, 'offers-type', { type: x }) ?? '/'
  // a type the brand routes to a screen of its own: its path is a route other than '/offers/:type'
  // (a page of a plugin the brand does not ship is no route at all)
  const others = OfferTypes.filter((x) => {
    const route = routeAt(config, typePath(x))?.name
    return !isCatalogType(x) && route !== undefined && route !== 'offers-type'
  })
  return (
    <div data-testid="offers-page">
      <h1>{title}</h1>
      <ChipNav
        label={t('offers.types')}
        chips={[
          { to: pathTo(config, 'offers') ?? '/', label: t('offers.all'), current: !type },
          ...[...CATALOG_OFFER_TYPES, ...others].map((x) => ({
            to: typePath(x),
            label: t(`offers.type.${x}`),
            current: x === type,
          })),
        ]}
      />
      {type ? (
        <OfferList type={type as CatalogType} />
      ) : (
        CATALOG_OFFER_TYPES.map((x) => (
          <section key={x} className={s.section} aria-labelledby={`offers-${x}`}>
            <h2 id={`offers-${x}`}>{t(`offers.type.${x}`)}</h2>
            <OfferList type={x} headingLevel={3} />
          </section>
        ))
      )}
    </div>
  )
}

function OfferList({ type, headingLevel = 2 }: { type: CatalogType; headingLevel?: 2 | 3 }) {
  const { t } = useCatalogPages()
  const { http } = useServices()
  const [open, setOpen] = useState<Offer | null>(null)
  const list = usePaged<Offer>(type, (page) => catalogApi(http).offers({ type, page, per_page: 24 }))
  const H = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <>
      <PagedList list={list} empty={t('offers.empty')} more={t('offers.more')}>
        <ul className={s.grid}>
          {list.items.map((o) => (
            <li key={o.offer_id} className={s.offer} data-testid="offer-card" data-type={o.offer_type}>
              <div className={s.logoLine}>
                <Logo src={o.merchant_logo_url ?? o.image_url} size={44} />
                <H className={s.offerName}>{o.display_name}</H>
              </div>
              <p className={s.muted}>{o.display_description}</p>
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
      </PagedList>
      {open ? <OfferPopup offer={open} onClose={() => setOpen(null)} /> : null}
    </>
  )
}
