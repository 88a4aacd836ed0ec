import { Link } from 'react-router-dom'
import { buttonClass, useTranslation } from '../../../src/index'
import s from '../components/catalog.module.css'
import { InfoPage } from '../components/InfoPage'

export default function GetAppPage() {
  const { t } = useTranslation('catalog')
  return (
    <InfoPage k="apps.getApp" testId="get-app-page">
      <p className={s.muted}>{t('apps.where')}</p>
      <p>
        <Link to="/stores" className={buttonClass()}>
          {t('apps.browse')}
        </Link>
      </p>
    </InfoPage>
  )
}
