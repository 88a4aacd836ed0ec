import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import { Suspense, use } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { HttpError } from '../http/errors'
import { useLoad } from './useLoad'
import { usePaged } from './usePaged'

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A part of the screen that waits for `suspended` (a lazy chunk, say) before it shows the rows. */
let suspended = deferred<void>()
let replyOf: () => Promise<string[]> = () => Promise.resolve([])
function Rows({ rows }: { rows: string[] }) {
  use(suspended.promise)
  return <p>{rows.join(', ')}</p>
}
function Screen() {
  const r = useLoad('k', replyOf)
  return r.status === 'success' ? <Rows rows={r.data} /> : <p>loading</p>
}

describe('useLoad', () => {
  it('loads on mount, then holds the data as a success', async () => {
    const { result } = renderHook(() => useLoad('k', () => Promise.resolve(7)))
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current.data).toBe(7)
  })

  it('renders what arrived as a transition: the screen on show stays until the new render is ready (issue 30)', async () => {
    // A transition's render may wait (here: a part that suspends) while what was shown stays; an
    // ordinary update would replace it with the Suspense fallback. Being a transition is also what
    // lets React render a long table in slices on a phone instead of in one blocking task.
    const reply = deferred<string[]>()
    suspended = deferred<void>()
    replyOf = () => reply.promise
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Screen />
      </Suspense>,
    )
    await act(async () => reply.resolve(['shoes', 'laptops']))
    expect(screen.getByText('loading')).toBeTruthy()
    expect(screen.queryByText('fallback')).toBeNull()
    await act(async () => suspended.resolve())
    expect(screen.getByText('shoes, laptops')).toBeTruthy()
  })

  it('drops a slower reply of an older key: the newer key wins', async () => {
    const calls = { a: deferred<string>(), b: deferred<string>() }
    const { result, rerender } = renderHook(({ k }: { k: 'a' | 'b' }) => useLoad(k, () => calls[k].promise), {
      initialProps: { k: 'a' },
    })
    rerender({ k: 'b' as const })
    await act(async () => calls.b.resolve('B'))
    await act(async () => calls.a.resolve('A'))
    expect(result.current.data).toBe('B')
  })

  it('is an error with a retry that loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('up')
    const { result } = renderHook(() => useLoad('k', load))
    await waitFor(() => expect(result.current.status).toBe('error'))
    act(() => result.current.retry())
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current.data).toBe('up')
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('update changes the loaded data from its latest value (two updates in a row both count)', async () => {
    const { result } = renderHook(() => useLoad('k', () => Promise.resolve(1)))
    await waitFor(() => expect(result.current.status).toBe('success'))
    act(() => {
      result.current.update((n) => n + 1)
      result.current.update((n) => n * 10)
    })
    expect(result.current).toMatchObject({ status: 'success', data: 20 })
  })

  it('with notFound, a 404 or a 422 is the one state "not-found", not an error', async () => {
    for (const status of [404, 422]) {
      const { result } = renderHook(() =>
        useLoad('k', () => Promise.reject(new HttpError('Not found', 'status', status)), { notFound: true }),
      )
      await waitFor(() => expect(result.current.status).toBe('not-found'))
    }
  })

  it('without notFound, a 404 stays an error (screens that show it as a failure keep doing so)', async () => {
    const { result } = renderHook(() =>
      useLoad('k', () => Promise.reject(new HttpError('Not found', 'status', 404))),
    )
    await waitFor(() => expect(result.current.status).toBe('error'))
  })

  it('starts from the reply the page was drawn with, and makes no first call', async () => {
    const load = vi.fn(() => Promise.resolve('fresh'))
    const { result } = renderHook(() => useLoad('k', load, { first: { status: 200, data: 'drawn' } }))
    expect(result.current).toMatchObject({ status: 'success', data: 'drawn' })
    await act(async () => {})
    expect(load).not.toHaveBeenCalled()
  })

  it('starts not found from a drawn 404, at once (the server render answers 404)', () => {
    const load = vi.fn(() => Promise.resolve('x'))
    const { result } = renderHook(() => useLoad('k', load, { first: { status: 404 } }))
    expect(result.current.status).toBe('not-found')
    expect(load).not.toHaveBeenCalled()
  })

  it('calls for a key other than the drawn one', async () => {
    const load = vi.fn((k: string) => Promise.resolve(k))
    const { result, rerender } = renderHook(
      ({ k }) => useLoad(k, () => load(k), { first: { status: 200, data: 'a' } }),
      {
        initialProps: { k: 'a' },
      },
    )
    rerender({ k: 'b' })
    await waitFor(() => expect(result.current.data).toBe('b'))
    expect(load).toHaveBeenCalledTimes(1)
  })
})

describe('usePaged', () => {
  const pages = (n: number, more: boolean) => ({ data: [`p${n}a`, `p${n}b`], has_more: more })

  it('loads the first page, then appends the next on more()', async () => {
    const fetchPage = vi.fn((page: number) => Promise.resolve(pages(page, page < 2)))
    const { result } = renderHook(() => usePaged('q', fetchPage))
    await waitFor(() => expect(result.current.status).toBe('success'))
    expect(result.current).toMatchObject({ items: ['p1a', 'p1b'], has_more: true })
    act(() => result.current.more())
    await waitFor(() => expect(result.current.items).toHaveLength(4))
    expect(result.current.has_more).toBe(false)
    expect(fetchPage).toHaveBeenLastCalledWith(2)
  })

  it("starts over on a new key and drops the older key's slower reply", async () => {
    const calls = { a: deferred<ReturnType<typeof pages>>(), b: deferred<ReturnType<typeof pages>>() }
    const { result, rerender } = renderHook(
      ({ k }: { k: 'a' | 'b' }) => usePaged(k, () => calls[k].promise),
      {
        initialProps: { k: 'a' },
      },
    )
    rerender({ k: 'b' })
    await act(async () => calls.b.resolve({ data: ['b1'], has_more: false }))
    await act(async () => calls.a.resolve({ data: ['a1'], has_more: true }))
    expect(result.current.items).toEqual(['b1'])
  })

  it('says error when the next page fails, and retry asks for that page again', async () => {
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce(pages(1, true))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(pages(2, false))
    const { result } = renderHook(() => usePaged('q', fetchPage))
    await waitFor(() => expect(result.current.status).toBe('success'))
    act(() => result.current.more())
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.items).toEqual(['p1a', 'p1b'])
    act(() => result.current.retry())
    await waitFor(() => expect(result.current.items).toHaveLength(4))
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 2])
  })

  it('asks for nothing while not enabled', async () => {
    const fetchPage = vi.fn(() => Promise.resolve(pages(1, false)))
    const { result } = renderHook(() => usePaged('q', fetchPage, false))
    await act(async () => {})
    expect(fetchPage).not.toHaveBeenCalled()
    expect(result.current.status).toBe('empty')
  })
})
