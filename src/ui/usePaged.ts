import { useCallback, useEffect, useRef, useState } from 'react'

/** One page of a paged list as the API answers it. */
export interface PageOf<T> {
  data: T[]
  has_more: boolean
}

/**
 * A paged list for one screen and query: the first page, then `more()` for the next ('Show more').
 * A newer key starts over and wins over a slower older reply; `retry()` asks again for the page that
 * failed. Status words are the store's cached lists' (`empty` until the first call).
 *
 * @example const list = usePaged(type, (page) => catalogApi(http).offers({ type, page, per_page: 24 }))
 */
export function usePaged<T>(key: string, fetchPage: (page: number) => Promise<PageOf<T>>, enabled = true) {
  const [items, setItems] = useState<T[]>([])
  const [page, setPage] = useState(0)
  const [hasMore, setHasMore] = useState(false)
  const [status, setStatus] = useState<'empty' | 'loading' | 'success' | 'error'>('empty')
  const [error, setError] = useState<unknown>(null)
  const live = useRef(key)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const load = useCallback((next: number, reset: boolean) => {
    const asked = live.current
    setStatus('loading')
    fetchRef.current(next).then(
      (r) => {
        if (live.current !== asked) return
        setItems((old) => (reset ? r.data : [...old, ...r.data]))
        setPage(next)
        setHasMore(r.has_more)
        setStatus('success')
      },
      (e) => {
        if (live.current !== asked) return
        setError(e)
        setStatus('error')
      },
    )
  }, [])

  useEffect(() => {
    live.current = key
    setItems([])
    setPage(0)
    setHasMore(false)
    if (enabled) load(1, true)
  }, [key, enabled, load])

  return {
    items,
    status,
    error,
    has_more: hasMore,
    more: () => load(page + 1, false),
    retry: () => load(page ? page + 1 : 1, !page),
  }
}
