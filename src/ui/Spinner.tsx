import { useTranslation } from '../i18n/use-translation'
import s from './layout.module.css'

export function Spinner() {
  const { t } = useTranslation('core')
  return (
    <div role="status" aria-live="polite" className={s.spinner}>
      {t('loading')}
    </div>
  )
}
