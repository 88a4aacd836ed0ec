import { useTranslation } from '../../../src/index'
import s from './account.module.css'

/** Grey rows while a list loads, announced as loading. */
export function RowsSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('core')
  return (
    <div role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className={s.skeleton} aria-hidden="true" />
      ))}
    </div>
  )
}
