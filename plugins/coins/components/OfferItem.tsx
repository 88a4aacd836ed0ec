import { type Offer, RouteLink, useTranslation } from '@core'
import { useCoins } from './parts'
import s from './styles'

/** A coin offer in a list: picture, name, what to do, coins; its page has the details and the button. */
export function OfferItem({ offer }: { offer: Offer }) {
  const { t } = useTranslation('coins')
  const coins = useCoins()
  return (
    <li className={s.tile} data-testid="coin-offer" data-offer={offer.offer_id}>
      <div className={s.offerHead}>
        <img src={offer.image_url} alt="" width={56} height={56} loading="lazy" />
        <h2>
          <RouteLink route="coins-offer-offer" params={{ offer: offer.offer_id }}>
            {offer.display_name}
          </RouteLink>
        </h2>
      </div>
      <p className={s.muted}>{offer.display_description}</p>
      <p>
        <strong>{coins(offer.coins_advertised)}</strong>
        {offer.for_ios === 1 ? (
          <>
            {' '}
            <span className={s.badge}>{t('offers.iosBadge')}</span>
          </>
        ) : null}
      </p>
    </li>
  )
}
