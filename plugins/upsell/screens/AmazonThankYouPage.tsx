import { RouteLink, useTranslation } from '@core'
import { EndPage } from '../components/EndPage'

/** /splamzthanq: the end of the Amazon lander. */
export default function AmazonThankYouPage() {
  const { t } = useTranslation('upsell')
  return (
    <EndPage testId="amazon-thanks-page" title={t('amazon.title')}>
      <p>{t('amazon.body')}</p>
      <p>
        <RouteLink route="stores">{t('end.shop')}</RouteLink>
      </p>
    </EndPage>
  )
}
