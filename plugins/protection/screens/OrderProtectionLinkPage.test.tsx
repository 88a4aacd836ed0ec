import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import enTexts from '../../../locales/en/protection.json'
import { fakeHttp, linked, makeI18n, renderWith } from '../components/test-utils'
import { LinkFailures } from '../contract'
import OrderProtectionLinkPage from './OrderProtectionLinkPage'

describe('OrderProtectionLinkPage (/order-protection-link)', () => {
  it('success=1: the provider is linked, links onward, and the store loads the linked accounts again', async () => {
    const { http, calls } = fakeHttp({ 'GET /api/linked/accounts': () => ({ data: [linked(1, 'amazon')] }) })
    const { store } = renderWith(<OrderProtectionLinkPage />, {
      i18n: await makeI18n(),
      http,
      path: '/order-protection-link?success=1&provider=amazon',
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Amazon is linked' })).toBeTruthy()
    expect(
      screen.getByText('We now watch your orders for price drops, late deliveries and lost parcels.'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'See your watched orders' }).getAttribute('href')).toBe(
      '/account/protection/price',
    )
    expect(screen.getByRole('link', { name: 'Go to your linked accounts' }).getAttribute('href')).toBe(
      '/account/protection/accounts',
    )
    await waitFor(() => expect(store.linked_accounts).toHaveLength(1))
    expect(calls.map((c) => c.url)).toEqual(['/api/linked/accounts'])
    expect(document.title).toBe('Amazon is linked · Rewards')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it.each(LinkFailures)(
    'success=0&reason=%s: the reason in words, nothing loaded, a way back',
    async (reason) => {
      const { http, calls } = fakeHttp({})
      renderWith(<OrderProtectionLinkPage />, {
        i18n: await makeI18n(),
        http,
        path: `/order-protection-link?success=0&reason=${reason}`,
      })
      expect(screen.getByRole('heading', { level: 1, name: 'The account was not linked' })).toBeTruthy()
      expect(screen.getByRole('alert').textContent).toBe(enTexts.link.reason[reason])
      expect(screen.getByRole('link', { name: 'Back to linked accounts' }).getAttribute('href')).toBe(
        '/account/protection/accounts',
      )
      expect(calls).toEqual([])
    },
  )

  it('the messages of every reason as the spec words them', async () => {
    expect(enTexts.link.reason).toEqual({
      state: 'This link did not start here. Please start again from your linked accounts.',
      expired: 'The link took too long. Please start again.',
      replay: 'This link was already used. Please start again.',
      other_member: 'This link was started while signed in as someone else. Nothing was linked.',
      taken: 'That account is already linked to another member.',
      denied: 'You did not allow access, so nothing was linked.',
      provider: 'The provider did not answer. Please try again later.',
      unavailable: 'Linking this provider is not available yet.',
    })
  })

  it('an unknown reason: the generic message; Spanish', async () => {
    const { http } = fakeHttp({})
    renderWith(<OrderProtectionLinkPage />, {
      i18n: await makeI18n('es'),
      http,
      path: '/order-protection-link?success=0&reason=weird',
    })
    expect(screen.getByRole('heading', { level: 1, name: 'La cuenta no se vinculó' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Algo salió mal, no se vinculó nada.')
    expect(screen.getByRole('link', { name: 'Volver a cuentas vinculadas' })).toBeTruthy()
  })

  it('Spanish success; an unknown provider id is not echoed', async () => {
    const { http } = fakeHttp({ 'GET /api/linked/accounts': () => ({ data: [] }) })
    renderWith(<OrderProtectionLinkPage />, {
      i18n: await makeI18n('es'),
      http,
      path: '/order-protection-link?success=1&provider=%3Cscript%3E',
    })
    expect(screen.getByRole('heading', { level: 1, name: 'Tu cuenta está vinculada' })).toBeTruthy()
  })
})
