import { surface, useTranslation } from '@core'
import n from './news.module.css'

/** Grey placeholders while news loads, with a status line for screen readers. */
export function NewsSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('legal')
  return (
    <div data-testid="news-loading">
      <p role="status" className="visually-hidden">
        {t('news.loading')}
      </p>
      <ul className={n.list} aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className={`${surface.tile} ${n.card}`}>
            <span className={`${n.bone} ${n.boneTitle}`} />
            <span className={`${n.bone} ${n.boneDate}`} />
            <span className={n.bone} />
            <span className={`${n.bone} ${n.boneShort}`} />
          </li>
        ))}
      </ul>
    </div>
  )
}
