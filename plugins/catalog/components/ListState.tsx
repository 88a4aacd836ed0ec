import { Button, errorText, useTranslation } from '@core'
import { observer } from 'mobx-react-lite'
import { type ReactNode, useDeferredValue } from 'react'
import s from './catalog.module.css'

// NotFoundState and PagedList are files of their own: home shows neither, and this file is in its first view

/** Grey tiles while a list loads: the same shape as the tiles that will replace them. */
export function Skeleton({ count = 8, kind = 'tile' }: { count?: number; kind?: 'tile' | 'row' }) {
  const { t } = useTranslation('catalog')
  return (
    <div className={kind === 'row' ? s.rows : s.grid} role="status" aria-busy="true" data-testid="skeleton">
      <span className="visually-hidden">{t('loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className={kind === 'row' ? s.skelRow : s.skelTile} aria-hidden="true" />
      ))}
    </div>
  )
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={s.empty} data-testid="empty-state">
      <p>{children}</p>
      {action}
    </div>
  )
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('catalog')
  return (
    <div className={s.errorBox} role="alert" data-testid="error-state">
      <p>
        {t('error.list')}{' '}
        <span className={s.muted}>({typeof error === 'string' ? error : errorText(t, error)})</span>
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </div>
  )
}

/** The status of a cached list in one place: skeleton, error with retry, empty, or the list. */
export function ListStatus({
  status,
  error,
  count,
  onRetry,
  empty,
  skeleton,
  children,
}: {
  status: string
  error?: unknown
  count: number
  onRetry: () => void
  empty: ReactNode
  skeleton?: ReactNode
  children: ReactNode
}) {
  // Items that arrive render in a transition, in short slices, while the skeleton stays: a page of
  // lists does not block input (nor Lighthouse's blocking time) when its data comes in.
  const shown = useDeferredValue(count > 0)
  if (count > 0) return <>{shown ? children : (skeleton ?? <Skeleton />)}</>
  if (status === 'error') return <ErrorState error={error} onRetry={onRetry} />
  if (status === 'success') return <EmptyState>{empty}</EmptyState>
  return <>{skeleton ?? <Skeleton />}</>
}

/** 'Show more' under a paged list; says so when the next page failed. */
export const More = observer(function More({
  list,
  onMore,
  label,
}: {
  list: { has_more: boolean; status: string }
  onMore: () => void
  label: string
}) {
  const { t } = useTranslation('catalog')
  if (!list.has_more && list.status !== 'error') return null
  return (
    <div className={s.more}>
      {list.status === 'error' ? (
        <p role="alert" className={`${s.muted} ${s.moreError}`}>
          {t('error.more')}
        </p>
      ) : null}
      <Button
        variant="secondary"
        onClick={onMore}
        disabled={list.status === 'loading'}
        aria-busy={list.status === 'loading'}
      >
        {list.status === 'loading' ? t('loading') : list.status === 'error' ? t('error.retry') : label}
      </Button>
    </div>
  )
})
