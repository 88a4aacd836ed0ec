import { type ScreenProps, useLoad, useServices } from '@core'
import { catalogApi } from '../api'
import { OfferScreen } from '../components/OfferScreen'

/** /cashback/campaign/{campaign}: the offer of a cash-back campaign. */
export default function CampaignPage({ params }: ScreenProps) {
  const { http } = useServices()
  const c = (params.campaign ?? '').toLowerCase()
  const r = useLoad(
    c,
    () =>
      catalogApi(http)
        .campaign(c)
        .then((x) => x.data),
    { notFound: true },
  )
  return <OfferScreen r={r} />
}
