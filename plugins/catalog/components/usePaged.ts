import { useCallback, useEffect, useRef, useState } from 'react'

interface Page<T> {
  data: T[]
  has_more: boolean
}

/**
 * A paged list for one screen and query: the first page, then 'Show more'. A newer query wins over a
 * slower older reply. Same status words as the store's cached lists.
 */
export function usePaged<T>(key: string, fetchPage: (page: number) => Promise<Page<T>>, enabled = true) {
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
