import { useTranslation } from '@core'
import { Link } from 'react-router-dom'
import { EndPage } from '../components/EndPage'
import s from '../components/upsell.module.css'

/** /splnothanq (query tpsha1): the upsell was declined; nothing is billed. */
export default function UpsellDeclinedPage() {
  const { t } = useTranslation('upsell')
  return (
    <EndPage testId="declined-page" title={t('declined.title')}>
      <p>{t('declined.body')}</p>
      <p className={s.centeredActions}>
        <Link to="/stores">{t('end.shop')}</Link>
        <Link to="/plus">{t('end.plus')}</Link>
      </p>
    </EndPage>
  )
}
