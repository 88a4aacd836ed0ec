import { type ScreenProps, useLoad, useServices } from '@core'
import { catalogApi, notFound } from '../api'
import { OfferScreen } from '../components/OfferScreen'
import { isCatalogOffer } from '../url'

/** /cashback/offer/{offer} */
export default function CashbackOfferPage({ params }: ScreenProps) {
  const { http } = useServices()
  const id = params.offer ?? ''
  const r = useLoad(
    id,
    () =>
      catalogApi(http)
        .offer(id)
        .then((x) => (isCatalogOffer(x.data) ? x.data : notFound())),
    { notFound: true },
  )
  return <OfferScreen r={r} />
}
