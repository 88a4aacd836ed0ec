import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeHttp, makeI18n, renderWith } from '../components/test-utils'
import { browser } from '../components/useGate'
import CoinOfferPage from './CoinOfferPage'

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const offer = (over: Record<string, unknown> = {}) => ({
  data: {
    offer_id: 12,
    offer_type: 'APP',
    offer_code: null,
    offer_description: 'Install it and keep it 7 days.',
    merchant_name: null,
    merchant_logo_url: null,
    merchant_internal_name: null,
    redirect_url: 'https://apps.example.com/12',
    display_name: 'Budget Buddy',
    display_description: 'Install Budget Buddy.',
    image_url: '/api/logos/budget-buddy.svg',
    coins_advertised: 1200,
    click_url: 'https://apps.example.com/12',
    for_ios: 1,
    app_container: 'ios',
    campaign: null,
    ...over,
  },
})
const onIphone = () => vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE)

afterEach(() => vi.restoreAllMocks())

describe('CoinOfferPage', () => {
  it("an iOS offer: 'You need to agree with the terms' without the box; with it, the instructions popup before leaving", async () => {
    onIphone()
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {})
    const { http, calls } = fakeHttp({
      'GET /api/offers/12': () => offer(),
      'POST /api/offers/12/start': () => ({
        data: { click_url: '/dev-platform/offer/att12345678', attempt_id: 'att12345678' },
      }),
    })
    renderWith(<CoinOfferPage params={{ offer: '12' }} />, { i18n: await makeI18n(), http })
    expect(await screen.findByRole('heading', { level: 1, name: 'Budget Buddy' })).toBeTruthy()
    expect(screen.getByTestId('offer-coins').textContent).toBe('Earn 1,200 coins')
    fireEvent.click(screen.getByRole('button', { name: 'Start offer' }))
    expect(await screen.findByText('You need to agree with the terms')).toBeTruthy()
    const box = screen.getByLabelText(
      'I allow app tracking for this app, so the install can be credited to me',
    )
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    fireEvent.click(box)
    fireEvent.click(screen.getByRole('button', { name: 'Start offer' }))
    const popup = await screen.findByTestId('ios-tracking-popup')
    expect(popup.textContent).toContain('Allow app tracking on your iPhone')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ app_tracking_allowed: true })
    expect(assign).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the offer' }))
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}/dev-platform/offer/att12345678`)
  })

  it('an iOS-only offer on another device says so and has no start button', async () => {
    const { http } = fakeHttp({ 'GET /api/offers/12': () => offer() })
    renderWith(<CoinOfferPage params={{ offer: '12' }} />, { i18n: await makeI18n('es'), http })
    expect((await screen.findByTestId('offer-device')).textContent).toBe(
      'Esta oferta es para iPhone y iPad. Abre esta página en tu iPhone o iPad para empezarla.',
    )
    expect(screen.queryByRole('button', { name: 'Empezar oferta' })).toBeNull()
  })

  it('a long description is set smaller (SPEC 2.9, over 300 characters); a cash-back offer is not a coin offer', async () => {
    const long = 'Terms. '.repeat(50)
    const { http } = fakeHttp({
      'GET /api/offers/12': () => offer({ for_ios: 0, app_container: null, offer_description: long }),
      'GET /api/offers/13': () => offer({ offer_id: 13, offer_type: 'CASHBACK' }),
    })
    const i18n = await makeI18n()
    const { unmount } = renderWith(<CoinOfferPage params={{ offer: '12' }} />, { i18n, http })
    await waitFor(() =>
      expect(screen.getByTestId('offer-description').getAttribute('data-small')).toBe('true'),
    )
    unmount()
    renderWith(<CoinOfferPage params={{ offer: '13' }} />, { i18n, http })
    expect(await screen.findByTestId('not-found')).toBeTruthy()
  })
})
