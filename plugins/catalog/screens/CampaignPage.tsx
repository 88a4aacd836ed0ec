import { type ScreenProps, useServices } from '@core'
import { catalogApi } from '../api'
import { notFound, OfferScreen } from '../components/OfferScreen'
import { useRemote } from '../components/useRemote'

/** /cashback/campaign/{campaign}: the offer of a cash-back campaign. */
export default function CampaignPage({ params }: ScreenProps) {
  const { http } = useServices()
  const c = (params.campaign ?? '').toLowerCase()
  const r = useRemote(c, () =>
    /^[a-z0-9-]{1,120}$/.test(c)
      ? catalogApi(http)
          .campaign(c)
          .then((x) => x.data)
      : notFound(),
  )
  return <OfferScreen r={r} />
}
