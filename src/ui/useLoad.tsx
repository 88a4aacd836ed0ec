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
