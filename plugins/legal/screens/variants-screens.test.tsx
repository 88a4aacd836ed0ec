import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeServices, makeI18n, renderWith, shippingPartner } from '../test-utils'
import PrivacyPolicyPage from './PrivacyPolicyPage'
import TermsPage from './TermsPage'

const variantOf = () => screen.getByTestId('legal-document').getAttribute('data-variant')

describe('TermsPage', () => {
  it('shows the default terms without a partner', async () => {
    renderWith(<TermsPage />, { i18n: await makeI18n() })
    expect(variantOf()).toBe('default')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service')
  })
  it("shows a shipping partner's terms, with the rebate amount from constants", async () => {
    renderWith(<TermsPage />, {
      i18n: await makeI18n(),
      services: fakeServices({ partner: shippingPartner }),
    })
    expect(variantOf()).toBe('shipping')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ShipNow Rewards Terms of Service')
    expect(document.getElementById('shipping-rebates')!.textContent).toContain('up to $100.00 a month')
    // the shared sections of the default terms follow the partner's own
    expect(document.getElementById('disputes')).not.toBeNull()
  })
})

describe('PrivacyPolicyPage', () => {
  it('shows a loading line under the default title, then the UK policy for GB', async () => {
    let answer: (v: unknown) => void = () => {}
    const get = vi.fn(() => new Promise((r) => (answer = r)))
    renderWith(<PrivacyPolicyPage />, { i18n: await makeI18n(), services: fakeServices({ get }) })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy')
    expect(screen.getByRole('status').textContent).toMatch(/privacy policy/i)
    expect(get).toHaveBeenCalledWith('/api/geo', expect.anything())
    answer({ country_code: 'GB' })
    await waitFor(() => expect(variantOf()).toBe('uk'))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy (United Kingdom)')
    expect(document.getElementById('complaints')).not.toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })
  it('shows the default policy for a US visitor', async () => {
    const get = vi.fn(async () => ({ country_code: 'US' }))
    renderWith(<PrivacyPolicyPage />, { i18n: await makeI18n(), services: fakeServices({ get }) })
    await waitFor(() => expect(variantOf()).toBe('default'))
  })
  it('falls back to the default policy when the lookup fails or answers nonsense', async () => {
    for (const get of [
      vi.fn(async () => Promise.reject(new Error('Network Error'))),
      vi.fn(async () => 'x'),
    ]) {
      const { unmount } = renderWith(<PrivacyPolicyPage />, {
        i18n: await makeI18n(),
        services: fakeServices({ get }),
      })
      await waitFor(() => expect(variantOf()).toBe('default'))
      unmount()
    }
  })
  it('gives a shipping partner its own policy without asking for the country', async () => {
    const get = vi.fn(async () => ({ country_code: 'GB' }))
    renderWith(<PrivacyPolicyPage />, {
      i18n: await makeI18n('es'),
      services: fakeServices({ partner: shippingPartner, get }),
    })
    expect(variantOf()).toBe('shipping')
    expect(get).not.toHaveBeenCalled()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Política de privacidad de ShipNow Rewards',
    )
  })
})
