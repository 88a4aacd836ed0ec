import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, fakeSession, makeI18n, renderWith } from './test-utils'
import UnreadBadge from './UnreadBadge'

describe('UnreadBadge (header.actions)', () => {
  it("shows a signed-in member's unread count as a link to the notifications, and follows the store", async () => {
    const { http } = fakeHttp({ 'GET /api/account/notifications': () => ({ data: [], unread: 2, total: 3 }) })
    const { store } = renderWith(<UnreadBadge />, { i18n: await makeI18n(), http })
    const link = await screen.findByRole('link', { name: 'Notifications: 2 unread' })
    expect(link.getAttribute('href')).toBe('/account/notifications')
    expect(screen.getByTestId('unread-count').textContent).toBe('2')
    store.setUnread(0)
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull())
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy()
  })

  it('shows nothing and asks nothing for a visitor', async () => {
    const { http, calls } = fakeHttp({})
    renderWith(<UnreadBadge />, { i18n: await makeI18n(), http, session: fakeSession(null).session })
    expect(screen.queryByRole('link')).toBeNull()
    expect(calls).toEqual([])
  })
})
