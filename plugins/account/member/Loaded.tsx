import { Button, errorText, useTranslation } from '@core'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import s from './styles'

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T }

/**
 * Loads what a screen shows: `state` (loading, error with the text in the member's language, or the
 * data), `reload` (the retry), `setData` (an optimistic change). Loads again when `load` changes.
 */
export function useLoad<T>(load: () => Promise<T>) {
  const { t } = useTranslation('account')
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' })
  const seq = useRef(0)
  const reload = useCallback(() => {
    const mine = ++seq.current
    setState({ status: 'loading' })
    load().then(
      (data) => mine === seq.current && setState({ status: 'ready', data }),
      (e) => mine === seq.current && setState({ status: 'error', message: errorText(t, e) }),
    )
  }, [load, t])
  useEffect(() => {
    reload()
    return () => {
      seq.current++
    }
  }, [reload])
  const setData = useCallback((fn: (d: T) => T) => {
    setState((st) => (st.status === 'ready' ? { status: 'ready', data: fn(st.data) } : st))
  }, [])
  return { state, reload, setData }
}

/** The loading line, the error with its retry, or the content. */
export function Loaded<T>({
  state,
  retry,
  children,
}: {
  state: LoadState<T>
  retry: () => void
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation('account')
  if (state.status === 'loading')
    return (
      <p role="status" aria-live="polite" className={s.muted} data-testid="member-loading">
        {t('member.loading')}
      </p>
    )
  if (state.status === 'error')
    return (
      <div role="alert" className={s.alert} data-testid="member-error">
        <p>
          {t('member.loadError')} <span className={s.muted}>({state.message})</span>
        </p>
        <Button variant="secondary" onClick={retry}>
          {t('member.retry')}
        </Button>
      </div>
    )
  return <>{children(state.data)}</>
}
