import { type ScreenProps, useServices } from '@core'
import { catalogApi } from '../api'
import { notFound, OfferScreen } from '../components/OfferScreen'
import { useRemote } from '../components/useRemote'
import { isCatalogOffer } from '../url'

/** /cashback/offer/{offer} */
export default function CashbackOfferPage({ params }: ScreenProps) {
  const { http } = useServices()
  const id = params.offer ?? ''
  const r = useRemote(id, () =>
    /^\d{1,10}$/.test(id)
      ? catalogApi(http)
          .offer(id)
          .then((x) => (isCatalogOffer(x.data) ? x.data : notFound()))
      : notFound(),
  )
  return <OfferScreen r={r} />
}
