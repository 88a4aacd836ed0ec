import { Link } from 'react-router-dom'
import { type Offer, useTranslation } from '../../../src/index'
import s from './catalog.module.css'
import { Logo } from './Logo'

/** A cash-back or coin offer in a list; its page (and popup) has the details and the button. */
export function OfferCard({ offer }: { offer: Offer }) {
  const { t } = useTranslation('catalog')
  const to =
    offer.offer_type === 'CASHBACK' ? `/cashback/offer/${offer.offer_id}` : `/coins/offer/${offer.offer_id}`
  return (
    <li className={s.offer} data-testid="offer-card">
      <div className={s.logoLine}>
        <Logo src={offer.merchant_logo_url ?? offer.image_url} size={44} />
        <h3>
          <Link to={to}>{offer.display_name}</Link>
        </h3>
      </div>
      <p className={s.muted}>{offer.display_description}</p>
      {offer.coins_advertised > 0 ? (
        <p className={s.couponTitle}>{t('offer.coins', { count: offer.coins_advertised })}</p>
      ) : null}
    </li>
  )
}

export function OfferGrid({ offers }: { offers: Offer[] }) {
  return (
    <ul className={s.grid}>
      {offers.map((o) => (
        <OfferCard key={o.offer_id} offer={o} />
      ))}
    </ul>
  )
}
