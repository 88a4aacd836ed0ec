import { Button, errorText, useLoad as useCoreLoad } from '@core'
import { type ReactNode, useMemo } from 'react'
import { useAccountPages } from '../texts'
import s from './styles'

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T }

/** A number per load function: a new function (its inputs changed) is a new key, so it loads again. */
const ids = new WeakMap<() => unknown, number>()
let lastId = 0
const keyOf = (load: () => unknown) => {
  let id = ids.get(load)
  if (id === undefined) {
    id = ++lastId
    ids.set(load, id)
  }
  return String(id)
}

/**
 * The member screens' view of the core loader (`useLoad` of @core): `state` (loading, error with the
 * text in the member's language, or the data), `reload` (the retry), `setData` (an optimistic
 * change). Loads again when `load` changes (pass a `useCallback`).
 */
export function useLoad<T>(load: () => Promise<T>) {
  const { t } = useAccountPages()
  const r = useCoreLoad(keyOf(load), load)
  const state = useMemo<LoadState<T>>(
    () =>
      r.status === 'success'
        ? { status: 'ready', data: r.data }
        : r.status === 'loading'
          ? { status: 'loading' }
          : { status: 'error', message: errorText(t, r.error) },
    [r.status, r.data, r.error, t],
  )
  return { state, reload: r.retry, setData: r.update }
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
  const { t } = useAccountPages()
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
