import { type Offer, usePath } from '@core'
import { Link } from 'react-router-dom'
import { isCatalogOffer, useStorePaths } from '../url'
import s from './catalog.module.css'
import { Logo } from './Logo'

/** A cash-back or coupon offer in a list; its page has the details and the button. */
export function OfferCard({ offer }: { offer: Offer }) {
  const paths = useStorePaths()
  const offerPath = usePath('cashback-offer-offer', { offer: offer.offer_id }) ?? '/'
  const to =
    offer.offer_type === 'CASHBACK' || !offer.merchant_internal_name
      ? offerPath
      : paths.store(offer.merchant_internal_name)
  return (
    <li className={s.offer} data-testid="offer-card">
      <div className={s.logoLine}>
        <Logo src={offer.merchant_logo_url ?? offer.image_url} size={44} />
        <h3>
          <Link to={to}>{offer.display_name}</Link>
        </h3>
      </div>
      <p className={s.muted}>{offer.display_description}</p>
    </li>
  )
}

/** Cash-back and coupon offers; a coin offer that reaches the catalog is left out. */
export function OfferGrid({ offers }: { offers: Offer[] }) {
  return (
    <ul className={s.grid}>
      {offers.filter(isCatalogOffer).map((o) => (
        <OfferCard key={o.offer_id} offer={o} />
      ))}
    </ul>
  )
}
