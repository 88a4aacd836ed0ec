import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../http/error-text'
import { Button } from './Button'
import s from './layout.module.css'

export type LoadState<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: T; error: unknown }

/**
 * Data a screen loads when it mounts and whenever `key` changes: its status, the last data, the
 * error, `retry` (loads again) and `set` (replaces the data after an action). A reply that arrives
 * after a newer request started is dropped.
 *
 * @example const ledger = useLoad(`${kind}:${page}`, () => api.ledger({ kind, page }))
 */
export function useLoad<T>(key: string, load: () => Promise<T>) {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const seq = useRef(0)
  const loader = useRef(load)
  loader.current = load
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads on a new key or a retry
  useEffect(() => {
    const mine = ++seq.current
    setState((s) => ({ status: 'loading', data: s.data }))
    loader.current().then(
      (data) => mine === seq.current && setState({ status: 'success', data }),
      (error: unknown) => mine === seq.current && setState((s) => ({ status: 'error', data: s.data, error })),
    )
  }, [key, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const set = useCallback((data: T) => setState({ status: 'success', data }), [])
  return { ...state, retry, set }
}

/**
 * A load that failed: what went wrong in the page's language and a retry button. `what` says what
 * could not be loaded ('Your history could not be loaded.').
 */
export function LoadFailed({
  error,
  onRetry,
  what,
}: {
  error: unknown
  onRetry: () => void
  what?: ReactNode
}) {
  const { t } = useTranslation('core')
  return (
    <div role="alert" className={s.loadFailed} data-testid="load-failed">
      <p>
        {what ?? t('error.body')} <span>({errorText(t, error)})</span>
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('error.retry')}
      </Button>
    </div>
  )
}

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

/**
 * What a screen shows of a `useLoad`: the failure with its retry (`what` says what could not be
 * loaded), grey rows until the first data arrives, then `children(data)` (kept while a reload runs).
 *
 * @example <LoadView load={balances} what={t('withdraw.failed')}>{(b) => <Form balances={b} />}</LoadView>
 */
export function LoadView<T>({
  load,
  what,
  rows = 4,
  children,
}: {
  load: LoadState<T> & { retry: () => void }
  what?: ReactNode
  rows?: number
  children: (data: T) => ReactNode
}) {
  return (
    <>
      {load.status === 'error' ? <LoadFailed error={load.error} onRetry={load.retry} what={what} /> : null}
      {load.data === undefined && load.status === 'loading' ? <RowsSkeleton rows={rows} /> : null}
      {load.data !== undefined ? children(load.data) : null}
    </>
  )
}
