import { useCallback, useEffect, useRef, useState } from 'react'
import { HttpError } from '../../../src/index'
export type Remote<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'not-found'; data?: undefined; error: unknown }
  | { status: 'error'; data?: undefined; error: unknown }

/**
 * One call for a screen (a store page, a product, an offer): loading, success, not found (404, or a
 * 422 for a malformed name) or error, with a retry. A newer key wins over a slower older reply.
 */
export function useRemote<T>(key: string, fetcher: () => Promise<T>): Remote<T> & { retry: () => void } {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const fetchRef = useRef(fetcher)
  fetchRef.current = fetcher
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and attempt are what start a call
  useEffect(() => {
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
