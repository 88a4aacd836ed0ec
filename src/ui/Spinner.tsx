import { useTranslation } from 'react-i18next'

export function Spinner() {
  const { t } = useTranslation('core')
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ padding: 24, textAlign: 'center', color: 'var(--c-muted)' }}
    >
      {t('loading')}
    </div>
  )
}
