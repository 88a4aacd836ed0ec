import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatDay } from '../components/dates'
import {
  daysFromNow,
  fakeHttp,
  linked,
  makeI18n,
  providers,
  refusal,
  renderWith,
} from '../components/test-utils'
import LinkedAccountsPage, { consentUrl } from './LinkedAccountsPage'

const routes = (accounts = [linked(1, 'amazon'), linked(2, 'expedia', { status: 'needs_attention' })]) => ({
  'GET /api/linked/providers': () => ({ data: providers }),
  'GET /api/linked/accounts': () => ({ data: accounts }),
})

afterEach(() => vi.unstubAllGlobals())

describe('LinkedAccountsPage', () => {
  it('lists the linked accounts, then the providers not linked yet grouped by kind', async () => {
    const failedAt = daysFromNow(-3)
    const { http, calls } = fakeHttp({
      ...routes([
        linked(1, 'amazon'),
        linked(2, 'expedia', {
          status: 'needs_attention',
          sync_error: { at: failedAt, message: 'down' },
        }),
      ]),
    })
    renderWith(<LinkedAccountsPage />, { i18n: await makeI18n(), http })
    expect(screen.getByRole('heading', { level: 1, name: 'Linked accounts' })).toBeTruthy()
    const amazon = await screen.findByTestId('linked-amazon')
    expect(within(amazon).getByText('dana+amazon@example.com')).toBeTruthy()
    expect(within(amazon).getByText('Connected')).toBeTruthy()
    expect(within(amazon).getByRole('link', { name: 'Manage at Amazon' }).getAttribute('href')).toBe(
      'https://provider.example.com/amazon/account',
    )
    expect(within(amazon).getByRole('button', { name: 'Unlink Amazon' })).toBeTruthy()
    expect(within(amazon).getByText(/^Last checked /)).toBeTruthy()
    const expedia = screen.getByTestId('linked-expedia')
    expect(within(expedia).getByText('Needs attention')).toBeTruthy()
    expect(within(expedia).getByRole('button', { name: 'Link Expedia again' })).toBeTruthy()
    expect(within(expedia).getByTestId('sync-error').textContent).toBe(
      `We could not reach Expedia since ${formatDay(failedAt, 'en')}. You see what we knew before.`,
    )
    // linked providers are not offered again; the rest is grouped by kind, headings in order
    expect(screen.queryByTestId('provider-amazon')).toBeNull()
    expect(screen.queryByTestId('provider-expedia')).toBeNull()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your linked accounts',
      'Retailers',
      'Delivery',
      'Rideshare',
      'Streaming',
    ])
    expect(within(screen.getByTestId('kind-retailer')).getByTestId('provider-walmart')).toBeTruthy()
    expect(within(screen.getByTestId('kind-delivery')).getByTestId('provider-doordash')).toBeTruthy()
    // an unavailable provider says so and has no button
    const netflix = screen.getByTestId('provider-netflix')
    expect(within(netflix).getByText('Not available yet')).toBeTruthy()
    expect(within(netflix).queryByRole('button')).toBeNull()
    // the sub-navigation marks this page
    const nav = screen.getByRole('navigation', { name: 'Protection pages' })
    expect(within(nav).getByRole('link', { name: 'Accounts' }).getAttribute('aria-current')).toBe('page')
    expect(within(nav).getByRole('link', { name: 'Car rental' }).getAttribute('href')).toBe(
      '/account/protection/carrental',
    )
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      'GET /api/linked/accounts',
      'GET /api/linked/providers',
    ])
  })

  it('"Link Amazon" asks for the consent page and goes there (a full page load)', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, origin: 'http://localhost', assign })
    const { http, calls } = fakeHttp({
      ...routes([]),
      'POST /api/linked/accounts/authorize': () => ({ url: '/dev-provider/oauth/authorize?state=abc' }),
    })
    renderWith(<LinkedAccountsPage />, { i18n: await makeI18n(), http })
    expect(await screen.findByText('You have not linked an account yet. Pick one below.')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Link Amazon' })
    fireEvent.click(button)
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/dev-provider/oauth/authorize?state=abc'),
    )
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ provider: 'amazon' })
    // busy until the page leaves: no second link meanwhile
    expect((screen.getByRole('button', { name: 'Link Amazon' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Link Walmart' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('a refused link says so beside the provider, and the buttons work again', async () => {
    const { http } = fakeHttp({
      ...routes([]),
      'POST /api/linked/accounts/authorize': () => {
        throw refusal(503, 'unavailable', 'Linking is off', 'provider')
      },
    })
    renderWith(<LinkedAccountsPage />, { i18n: await makeI18n(), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Link Walmart' }))
    const error = await within(screen.getByTestId('provider-walmart')).findByRole('alert')
    expect(error.textContent).toContain('We could not start linking Walmart. Please try again.')
    expect((screen.getByRole('button', { name: 'Link Walmart' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('"Unlink Amazon" asks first ("Keep it" keeps it), then DELETEs and shows the list again', async () => {
    let accounts = [linked(1, 'amazon'), linked(2, 'expedia')]
    const { http, calls } = fakeHttp({
      'GET /api/linked/providers': () => ({ data: providers }),
      'GET /api/linked/accounts': () => ({ data: accounts }),
      'DELETE /api/linked/accounts/1': () => {
        accounts = accounts.filter((a) => a.id !== 1)
        return { success: true }
      },
    })
    renderWith(<LinkedAccountsPage />, { i18n: await makeI18n(), http })
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink Amazon' }))
    let dialog = screen.getByTestId('unlink-dialog')
    expect(within(dialog).getByRole('heading', { name: 'Unlink Amazon?' })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }))
    expect(screen.queryByTestId('unlink-dialog')).toBeNull()
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: 'Unlink Amazon' }))
    dialog = screen.getByTestId('unlink-dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }))
    await waitFor(() => expect(screen.queryByTestId('linked-amazon')).toBeNull())
    await waitFor(() => expect(screen.queryByTestId('unlink-dialog')).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/linked/accounts/1'])
    expect(screen.getByText('Amazon is unlinked. We no longer read its orders.')).toBeTruthy()
    // Amazon can be linked again
    expect(screen.getByTestId('provider-amazon')).toBeTruthy()
    expect(screen.getByTestId('linked-expedia')).toBeTruthy()
  })

  it('"Check now": disabled while it runs, then the count of new claims; the accounts as the check left them', async () => {
    let answer: (v: unknown) => void = () => {}
    const { http } = fakeHttp({
      ...routes([linked(1, 'amazon', { last_synced_at: null })]),
      'POST /api/linked/sync': () => new Promise((r) => (answer = r)),
    })
    renderWith(<LinkedAccountsPage />, { i18n: await makeI18n(), http })
    expect(
      await within(await screen.findByTestId('linked-amazon')).findByText('Not checked yet'),
    ).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Check now' }) as HTMLButtonElement
    fireEvent.click(button)
    await waitFor(() => expect(button.disabled).toBe(true))
    expect(screen.getByTestId('check-status').textContent).toBe('Checking your linked accounts…')
    answer({ data: [linked(1, 'amazon')], claims_found: 2 })
    await waitFor(() => expect(screen.getByTestId('check-status').textContent).toBe('Checked. 2 new claims.'))
    expect(screen.getByTestId('check-status').getAttribute('role')).toBe('status')
    expect(button.disabled).toBe(false)
    expect(within(screen.getByTestId('linked-amazon')).getByText(/^Last checked /)).toBeTruthy()
  })

  it('"Check now" with nothing new says 0, one says claim; too soon (429) says to try again, in Spanish', async () => {
    let reply: () => unknown = () => ({ data: [], claims_found: 0 })
    const { http } = fakeHttp({ ...routes([]), 'POST /api/linked/sync': () => reply() })
    renderWith(<LinkedAccountsPage />, { i18n: await makeI18n('es'), http })
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuentas vinculadas' })).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Revisar ahora' }))
    await waitFor(() =>
      expect(screen.getByTestId('check-status').textContent).toBe('Revisado. 0 reclamos nuevos.'),
    )
    reply = () => ({ data: [], claims_found: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Revisar ahora' }))
    await waitFor(() =>
      expect(screen.getByTestId('check-status').textContent).toBe('Revisado. 1 reclamo nuevo.'),
    )
    reply = () => {
      throw refusal(429, 'rate_limited', 'Checked a moment ago, try again in 20 seconds.', 'sync')
    }
    fireEvent.click(screen.getByRole('button', { name: 'Revisar ahora' }))
    await waitFor(() =>
      expect(screen.getByTestId('check-status').textContent).toBe(
        'Revisaste hace un momento. Inténtalo de nuevo en unos segundos.',
      ),
    )
  })

  it('a failed load shows the error with a retry', async () => {
    let fail = true
    const { http } = fakeHttp({
      'GET /api/linked/providers': () => ({ data: providers }),
      'GET /api/linked/accounts': () => {
        if (fail) throw refusal(500, 'server_error', 'Boom', 'server')
        return { data: [linked(1, 'amazon')] }
      },
    })
    renderWith(<LinkedAccountsPage />, { i18n: await makeI18n(), http })
    const alert = await screen.findByTestId('load-failed')
    expect(alert.textContent).toContain('Your linked accounts could not be loaded.')
    fail = false
    fireEvent.click(within(alert).getByRole('button'))
    expect(await screen.findByTestId('linked-amazon')).toBeTruthy()
  })
})

describe('consentUrl: where linking may send the browser', () => {
  it('a same-origin path or an https address; nothing else', () => {
    const o = 'http://localhost:3100'
    expect(consentUrl('/dev-provider/oauth/authorize?x=1', o)).toBe(
      'http://localhost:3100/dev-provider/oauth/authorize?x=1',
    )
    expect(consentUrl('https://www.amazon.com/ap/oa?client_id=1', o)).toBe(
      'https://www.amazon.com/ap/oa?client_id=1',
    )
    expect(consentUrl('//evil.example.com/x', o)).toBeNull()
    expect(consentUrl('javascript:alert(1)', o)).toBeNull()
    expect(consentUrl('http://evil.example.com/', o)).toBeNull()
  })
})
