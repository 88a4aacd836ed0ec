import { HttpError } from '@core'
import { useCallback, useEffect, useRef, useState } from 'react'
export type Remote<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'not-found'; data?: undefined; error: unknown }
  | { status: 'error'; data?: undefined; error: unknown }

/**
 * One call for a screen (a store page, a product, an offer): loading, success, not found (404, or a
 * 422 for a malformed name) or error, with a retry. A newer key wins over a slower older reply.
 */
export function useRemote<T>(
  key: string,
  fetcher: () => Promise<T>,
  /** The reply the page was drawn from (src/first-paint), if any: the first state, and no first call. */
  first?: { status: number; data?: T },
): Remote<T> & { retry: () => void } {
  const [state, setState] = useState<Remote<T>>(() => fromFirst(first) ?? { status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const fetchRef = useRef(fetcher)
  fetchRef.current = fetcher
  const settledBy = useRef(fromFirst(first) ? key : undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and attempt are what start a call
  useEffect(() => {
    if (settledBy.current === key && attempt === 0) return
    settledBy.current = undefined
    let live = true
    setState({ status: 'loading' })
    fetchRef.current().then(
      (data) => live && setState({ status: 'success', data }),
      (error) => {
        if (!live) return
        const missing = error instanceof HttpError && (error.status === 404 || error.status === 422)
        setState({ status: missing ? 'not-found' : 'error', error })
      },
    )
    return () => {
      live = false
    }
  }, [key, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  return { ...state, retry }
}

/** A first reply as a state: a success, or not found (404, or 422 for a malformed name); else none. */
function fromFirst<T>(first: { status: number; data?: T } | undefined): Remote<T> | undefined {
  if (!first) return undefined
  if (first.status >= 200 && first.status < 300 && first.data !== undefined)
    return { status: 'success', data: first.data }
  if (first.status === 404 || first.status === 422)
    return { status: 'not-found', error: new HttpError('Not found', 'status', first.status) }
  return undefined
}
