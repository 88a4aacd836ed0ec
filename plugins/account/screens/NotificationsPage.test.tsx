import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import NotificationsPage from './NotificationsPage'

const list = () => [
  {
    id: 3,
    title: 'Cash back confirmed',
    body: 'Your $4.20 is confirmed.',
    read: false,
    created_at: new Date().toISOString(),
  },
  {
    id: 2,
    title: 'New survey',
    body: 'A survey is waiting.',
    read: false,
    created_at: new Date().toISOString(),
  },
  {
    id: 1,
    title: 'Plus renewal',
    body: 'Renews next week.',
    read: true,
    created_at: new Date().toISOString(),
  },
]

describe('NotificationsPage', () => {
  it('marks one read, then all, and keeps the header count (the store) in step', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/notifications': () => ({ data: list(), unread: 2, total: 3 }),
      'POST /api/account/notifications/read': () => ({ success: true }),
    })
    const { store } = renderWith(<NotificationsPage />, { i18n: await makeI18n(), http })
    await screen.findByText('2 unread notifications')
    expect(store.unread).toBe(2)
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Cash back confirmed' }))
    await screen.findByText('1 unread notification')
    expect(calls.at(-1)?.body).toEqual({ ids: [3] })
    expect(store.unread).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }))
    await screen.findByText('0 unread notifications')
    expect(calls.at(-1)?.body).toEqual({})
    expect(store.unread).toBe(0)
    expect(screen.queryByRole('button', { name: /Mark/ })).toBeNull()
  })

  it('says when there is nothing, in Spanish', async () => {
    const { http } = fakeHttp({ 'GET /api/account/notifications': () => ({ data: [], unread: 0, total: 0 }) })
    renderWith(<NotificationsPage />, { i18n: await makeI18n('es'), http })
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Notificaciones'))
    expect(await screen.findByText(/Aún no tienes notificaciones/)).toBeTruthy()
  })
})

describe('cash back notifications (issue 26)', () => {
  const cashback = () => [
    {
      id: 9,
      title: 'Cash back tracked',
      body: 'We tracked your purchase at Acme: $4.20 cash back is pending until the store confirms it.',
      read: false,
      created_at: new Date().toISOString(),
      kind: 'cashback_tracked',
      params: { store: 'Acme', amount_cents: 420, conversion_id: 3 },
    },
    {
      id: 8,
      title: 'An older kind of notice',
      body: 'Kept as the server wrote it.',
      read: true,
      created_at: new Date().toISOString(),
      kind: 'something_else',
      params: null,
    },
  ]

  it("writes a cash back notification in the member's language from its kind and parameters", async () => {
    const { http } = fakeHttp({
      'GET /api/account/notifications': () => ({ data: cashback(), unread: 1, total: 2 }),
    })
    renderWith(<NotificationsPage />, { i18n: await makeI18n('es'), http })
    expect(await screen.findByRole('heading', { level: 2, name: /Reembolso registrado/ })).toBeTruthy()
    expect(screen.getByText(/Registramos tu compra en Acme: \$4\.20 de reembolso/)).toBeTruthy()
    // a kind the page does not know keeps the server's words
    expect(screen.getByText('Kept as the server wrote it.')).toBeTruthy()
  })

  it('in English too', async () => {
    const { http } = fakeHttp({
      'GET /api/account/notifications': () => ({ data: cashback(), unread: 1, total: 2 }),
    })
    renderWith(<NotificationsPage />, { i18n: await makeI18n('en'), http })
    expect(await screen.findByRole('heading', { level: 2, name: /Cash back tracked/ })).toBeTruthy()
    expect(screen.getByText(/We tracked your purchase at Acme: \$4\.20 cash back is pending/)).toBeTruthy()
  })
})
