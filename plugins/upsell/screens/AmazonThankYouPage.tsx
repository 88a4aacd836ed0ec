import { useTranslation } from '@core'
import { Link } from 'react-router-dom'
import { EndPage } from '../components/EndPage'

/** /splamzthanq: the end of the Amazon lander. */
export default function AmazonThankYouPage() {
  const { t } = useTranslation('upsell')
  return (
    <EndPage testId="amazon-thanks-page" title={t('amazon.title')}>
      <p>{t('amazon.body')}</p>
      <p>
        <Link to="/stores">{t('end.shop')}</Link>
      </p>
    </EndPage>
  )
}
