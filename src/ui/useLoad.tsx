import { type ReactNode, startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { errorText } from '../http/error-text'
import { HttpError } from '../http/errors'
import { useTranslation } from '../i18n/use-translation'
import { Button } from './Button'
import s from './layout.module.css'

export type LoadState<T> =
  | { status: 'loading'; data?: T; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'not-found'; data?: undefined; error: unknown }
  | { status: 'error'; data?: T; error: unknown }

export interface LoadOptions<T> {
  /**
   * A 404 (or a 422 for a malformed name or id) is the state 'not-found', the one signal a screen
   * tests for "this does not exist"; without it, such a reply is an error like any other.
   */
  notFound?: boolean
  /**
   * The reply the page was drawn with (`useFirstData`), if any: the first state, and no first call
   * for the first key. A drawn 404/422 starts 'not-found' (a malformed name: pass `{ status: 404 }`).
   */
  first?: { status: number; data?: T }
}

/** A reply that says the thing asked for does not exist: 404, or 422 for a malformed name. */
export const isNotFound = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 422)

/**
 * Data a screen loads when it mounts and whenever `key` changes: its status, the last data, the
 * error, `retry` (loads again), `set` (replaces the data after an action) and `update` (changes it). A reply that arrives
 * after a newer request started is dropped. The one loader of the app: paged lists use `usePaged`.
 *
 * @example const ledger = useLoad(`${kind}:${page}`, () => api.ledger({ kind, page }))
 * @example const store = useLoad(name, () => api.store(name), { notFound: true, first })
 */
export function useLoad<T>(key: string, load: () => Promise<T>, options: LoadOptions<T> = {}) {
  const [state, setState] = useState<LoadState<T>>(() => fromFirst(options.first) ?? { status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const seq = useRef(0)
  const loader = useRef(load)
  loader.current = load
  const missing = useRef(options.notFound)
  missing.current = options.notFound
  const settledBy = useRef(fromFirst(options.first) ? key : undefined)
  // Loads again on a new key or a retry; the first key is settled when the page was drawn with it.
  useEffect(() => {
    if (settledBy.current === key && attempt === 0) return
    settledBy.current = undefined
    const mine = ++seq.current
    setState((s) => ({ status: 'loading', data: s.data }))
    loader.current().then(
      // A transition: React renders what arrived (a member's table of 25 purchases took one task of
      // 330 ms on a phone) in short slices, and the page answers input meanwhile.
      (data) => mine === seq.current && startTransition(() => setState({ status: 'success', data })),
      (error: unknown) =>
        mine === seq.current &&
        setState((s) =>
          missing.current && isNotFound(error)
            ? { status: 'not-found', error }
            : { status: 'error', data: s.data, error },
        ),
    )
  }, [key, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const set = useCallback((data: T) => setState({ status: 'success', data }), [])
  /** Changes loaded data from its latest value (an optimistic change); nothing before it has loaded. */
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((s) => (s.status === 'success' ? { status: 'success', data: change(s.data) } : s)),
    [],
  )
  return { ...state, retry, set, update }
}

/** A drawn reply as a state: a success, or not found (404/422); anything else is no state. */
function fromFirst<T>(first: { status: number; data?: T } | undefined): LoadState<T> | undefined {
  if (!first) return undefined
  if (first.status >= 200 && first.status < 300 && first.data !== undefined)
    return { status: 'success', data: first.data }
  if (first.status === 404 || first.status === 422)
    return { status: 'not-found', error: new HttpError('Not found', 'status', first.status) }
  return undefined
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
