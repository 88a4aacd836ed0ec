import { RouteLink, type ScreenProps, useSession, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { EndPage } from '../components/EndPage'
import s from '../components/upsell.module.css'

/** /thankyou (confirmation) and /awesome (members only, its guard sends visitors to /thankyou): coins fall. */
function ThankYouPage({ variant }: ScreenProps & { variant?: string }) {
  const { t } = useTranslation('upsell')
  const session = useSession()
  const awesome = variant === 'awesome'
  const name = session.member?.name ?? ''
  return (
    <EndPage
      coins
      testId={awesome ? 'awesome-page' : 'thankyou-page'}
      title={awesome ? t('awesome.title', { name }) : t('thankyou.title')}
    >
      <p>{awesome ? t('awesome.body') : t('thankyou.body')}</p>
      <p className={s.centeredActions}>
        <RouteLink route="stores">{t('end.shop')}</RouteLink>
        {awesome ? <RouteLink route="account">{t('end.account')}</RouteLink> : null}
      </p>
    </EndPage>
  )
}

export default observer(ThankYouPage)
