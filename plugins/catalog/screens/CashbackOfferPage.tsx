import { type ScreenProps, useServices } from '../../../src/index'
import { catalogApi } from '../api'
import { notFound, OfferScreen } from '../components/OfferScreen'
import { useRemote } from '../components/useRemote'

/** /cashback/offer/{offer} */
export default function CashbackOfferPage({ params }: ScreenProps) {
  const { http } = useServices()
  const id = params.offer ?? ''
  const r = useRemote(id, () =>
    /^\d{1,10}$/.test(id)
      ? catalogApi(http)
          .offer(id)
          .then((x) => x.data)
      : notFound(),
  )
  return <OfferScreen r={r} />
}
