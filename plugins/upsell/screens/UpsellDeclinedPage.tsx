import { RouteLink, useTranslation } from '@core'
import { EndPage } from '../components/EndPage'
import s from '../components/upsell.module.css'

/** /splnothanq (query tpsha1): the upsell was declined; nothing is billed. */
export default function UpsellDeclinedPage() {
  const { t } = useTranslation('upsell')
  return (
    <EndPage testId="declined-page" title={t('declined.title')}>
      <p>{t('declined.body')}</p>
      <p className={s.centeredActions}>
        <RouteLink route="stores">{t('end.shop')}</RouteLink>
        <RouteLink route="plus">{t('end.plus')}</RouteLink>
      </p>
    </EndPage>
  )
}
