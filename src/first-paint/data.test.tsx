import { act, render, renderHook, screen } from '@testing-library/react'
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttpClient } from '../http/client'
import { RootLayout } from '../ui/Layout'
import {
  dataKey,
  endPageFirstData,
  FIRST_DATA_ID,
  FirstDataProvider,
  type PaintStatus,
  PaintStatusProvider,
  pageFirstData,
  requestKey,
  resetPageFirstData,
  useFirstData,
  useNotFoundStatus,
} from './data'

// Issue 17: the replies a page was drawn from on the server answer the app's same first calls.
afterEach(() => {
  resetPageFirstData()
  document.getElementById(FIRST_DATA_ID)?.remove()
})

describe('dataKey: one key for the same GET on the server and in the app', () => {
  it('sorts the parameters and drops the empty ones', () => {
    expect(dataKey('/api/stores', { sort: 'rate', lang: 'es', q: '', category: undefined, page: 1 })).toBe(
      '/api/stores?lang=es&page=1&sort=rate',
    )
    expect(dataKey('/api/categories')).toBe('/api/categories')
    expect(dataKey('/api/stores', { q: 'a&b=c' })).toBe('/api/stores?q=a%26b%3Dc')
  })
})

describe('pageFirstData reads the page’s first-data script once', () => {
  it('parses it, and a broken one is no data (the screens fetch as usual)', () => {
    const el = document.createElement('script')
    el.type = 'application/json'
    el.id = FIRST_DATA_ID
    el.textContent = JSON.stringify({ '/api/home?lang=en': { status: 200, body: { data: 1 } } })
    document.body.append(el)
    expect(pageFirstData()['/api/home?lang=en']).toEqual({ status: 200, body: { data: 1 } })
    resetPageFirstData()
    el.textContent = '{not json'
    expect(pageFirstData()).toEqual({})
  })
})

/** An axios adapter that answers every call with `data` (what the server sends). */
const serverAnswers = (data: unknown) =>
  vi.fn(async () => ({ data, status: 200, statusText: '', headers: {}, config: {} }))

describe('the HTTP client answers a first call from the page’s data, once', () => {
  it('a successful reply answers the same GET without a call; the next one goes to the server', async () => {
    const adapter = serverAnswers({ data: 'fetched' })
    const http = createHttpClient(
      '',
      {
        '/api/home?lang=en': { status: 200, body: { data: 'drawn' } },
        '/api/stores/x?lang=en': { status: 404, body: { errors: {} } },
      },
      { adapter: adapter as never },
    )
    expect(await http.get('/api/home', { params: { lang: 'en' } })).toEqual({ data: 'drawn' })
    expect(adapter).not.toHaveBeenCalled()
    expect(await http.get('/api/home', { params: { lang: 'en' } })).toEqual({ data: 'fetched' })
    expect(adapter).toHaveBeenCalledTimes(1)
    // other parameters, or a reply that was not a success, are asked for
    expect(await http.get('/api/home', { params: { lang: 'es' } })).toEqual({ data: 'fetched' })
    expect(await http.get('/api/stores/x', { params: { lang: 'en' } })).toEqual({ data: 'fetched' })
    expect(adapter).toHaveBeenCalledTimes(3)
  })
  it('a start-up read drawn as a POST (a plugin’s startReads) answers that bodyless POST once; a POST with a body is always sent', async () => {
    const adapter = vi.fn(async (cfg: { method?: string; url?: string }) => ({
      data: { sent: `${cfg.method} ${cfg.url}` },
      status: 200,
      statusText: '',
      headers: {},
      config: {},
    }))
    const key = requestKey({ path: '/api/get-cookie', method: 'POST' })
    expect(key).toBe('POST /api/get-cookie')
    const http = createHttpClient(
      '',
      { [key]: { status: 200, body: { data: { country_code: 'MX' } } } },
      {
        adapter: adapter as never,
      },
    )
    expect(await http.post('/api/get-cookie', { x: 1 })).toEqual({ sent: 'post /api/get-cookie' })
    expect(await http.post('/api/get-cookie')).toEqual({ data: { country_code: 'MX' } })
    expect(await http.post('/api/get-cookie')).toEqual({ sent: 'post /api/get-cookie' })
    // a GET of the same path is not answered by the POST's reply
    expect(await http.get('/api/get-cookie')).toEqual({ sent: 'get /api/get-cookie' })
    expect(adapter).toHaveBeenCalledTimes(3)
  })
})

function Missing() {
  useNotFoundStatus()
  return <p>missing</p>
}

describe('useFirstData and the not-found status of a server render', () => {
  it('gives the reply the page was drawn from for the same GET only', () => {
    const map = { '/api/home?lang=en': { status: 200, body: { n: 1 } } }
    const wrapper = ({ children }: { children: React.ReactNode }) => (
      <FirstDataProvider value={map}>{children}</FirstDataProvider>
    )
    expect(renderHook(() => useFirstData('/api/home', { lang: 'en' }), { wrapper }).result.current).toEqual({
      status: 200,
      body: { n: 1 },
    })
    expect(
      renderHook(() => useFirstData('/api/home', { lang: 'es' }), { wrapper }).result.current,
    ).toBeUndefined()
  })
  it('a not-found state drawn on the server marks the page 404; in the browser nothing happens', () => {
    const status: PaintStatus = { notFound: false, member: false, userAgent: '' }
    render(
      <PaintStatusProvider value={status}>
        <Missing />
      </PaintStatusProvider>,
    )
    expect(status.notFound).toBe(true)
    render(<Missing />)
    expect(screen.getAllByText('missing')).toHaveLength(2)
  })
})

/** A screen that shows the reply its page was drawn with, if it has one. */
function Ledger() {
  const first = useFirstData<string>('/api/ledger')
  return (
    <>
      <p data-testid="first">{first?.body ?? 'loads its own'}</p>
      <Link to="/other">other</Link>
    </>
  )
}

describe('the first data is for the address the app was loaded at', () => {
  it('a page drawn with a reply shows it at load; after a navigation, the same page again has none', async () => {
    const el = document.createElement('script')
    el.type = 'application/json'
    el.id = FIRST_DATA_ID
    el.textContent = JSON.stringify({ '/api/ledger': { status: 200, body: 'drawn ledger' } })
    document.body.append(el)
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/history', element: <Ledger /> },
            { path: '/other', element: <Link to="/history">back</Link> },
          ],
        },
      ],
      { initialEntries: ['/history'] },
    )
    render(<RouterProvider router={router} />)
    expect(screen.getByTestId('first').textContent).toBe('drawn ledger')
    await act(() => router.navigate('/other'))
    await act(() => router.navigate('/history'))
    expect(screen.getByTestId('first').textContent).toBe('loads its own')
    expect(pageFirstData()).toEqual({})
  })

  it('once the app has left that address, the HTTP client asks the server for a GET the page was drawn with', async () => {
    const adapter = serverAnswers('fetched')
    const http = createHttpClient(
      '',
      { '/api/ledger': { status: 200, body: 'drawn' } },
      { adapter: adapter as never },
    )
    endPageFirstData()
    expect(await http.get('/api/ledger')).toBe('fetched')
    expect(adapter).toHaveBeenCalledTimes(1)
  })
})
