import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Profile } from '../member/api'
import { fakeHttp, invalid, makeI18n, renderWith } from '../member/test-utils'
import ProfilePage from './ProfilePage'
import ProfileVerifyPage from './ProfileVerifyPage'

const profile = (over: Partial<Profile> = {}): Profile => ({
  user_id: 7,
  name: 'Dana Demo',
  email: 'dana@example.com',
  phone: null,
  country_code: 'US',
  is_verified: true,
  created_at: new Date().toISOString(),
  rebate_address: null,
  cash_balance_cents: 0,
  coin_balance: 0,
  ...over,
})

describe('ProfilePage', () => {
  it("shows the server's field error under its field in Spanish (by its code)", async () => {
    const { http } = fakeHttp({
      'GET /api/account/profile': () => ({ data: profile() }),
      'PUT /api/account/profile': () => {
        throw invalid({ phone: 'Please enter a valid phone number.' }, { phone: 'invalid_format' })
      },
    })
    renderWith(<ProfilePage />, { i18n: await makeI18n('es'), http })
    expect(await screen.findByTestId('verified-state')).toHaveProperty('textContent', 'Verificado')
    fireEvent.change(screen.getByLabelText('Teléfono (opcional)'), { target: { value: 'call me' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }))
    const phone = screen.getByLabelText('Teléfono (opcional)')
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById('phone-error')?.textContent).toBe('Escribe un número de teléfono válido.')
    expect(document.activeElement).toBe(phone)
  })

  it('checks the name before sending, and saves name and phone', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/profile': () => ({ data: profile() }),
      'PUT /api/account/profile': (b) => ({ data: profile(b as Partial<Profile>) }),
    })
    renderWith(<ProfilePage />, { i18n: await makeI18n(), http })
    const name = await screen.findByLabelText('Name')
    fireEvent.change(name, { target: { value: '  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }))
    expect(await screen.findByText('Please enter your name.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
    fireEvent.change(name, { target: { value: 'Dana Q. Demo' } })
    fireEvent.change(screen.getByLabelText('Phone (optional)'), { target: { value: '+1 555 0100' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }))
    expect(await screen.findByText('Your details are saved.')).toBeTruthy()
    expect(calls.at(-1)?.body).toEqual({ name: 'Dana Q. Demo', phone: '+1 555 0100' })
  })

  it('saves the rebate address, which sets rebate_address_updated; nested server errors land on their fields', async () => {
    let fail = true
    const { http, calls } = fakeHttp({
      'GET /api/account/profile': () => ({ data: profile({ is_verified: false }) }),
      'PUT /api/account/profile': (b) => {
        if (fail)
          throw invalid(
            { 'rebate_address.postal_code': 'Too big' },
            { 'rebate_address.postal_code': 'too_long' },
          )
        return { data: profile(b as Partial<Profile>) }
      },
    })
    const { store } = renderWith(<ProfilePage />, { i18n: await makeI18n(), http })
    expect(await screen.findByRole('link', { name: 'Verify your email address' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: '1 Main St' } })
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Springfield' } })
    fireEvent.change(screen.getByLabelText('State or region'), { target: { value: 'IL' } })
    fireEvent.change(screen.getByLabelText('ZIP or postal code'), { target: { value: '62701' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save rebate address' }))
    expect(await screen.findByText('The ZIP or postal code is too long.')).toBeTruthy()
    expect(store.rebate_address_updated).toBe(false)
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Save rebate address' }))
    await waitFor(() => expect(store.rebate_address_updated).toBe(true))
    expect(screen.getByTestId('address-status').textContent).toBe('Your rebate address is updated.')
    expect(calls.at(-1)?.body).toEqual({
      rebate_address: {
        line1: '1 Main St',
        city: 'Springfield',
        region: 'IL',
        postal_code: '62701',
        country: 'US',
      },
    })
  })
})

describe('ProfileVerifyPage', () => {
  it('resends the verification e-mail with the spec message; a failure says try later', async () => {
    let ok = true
    const { http } = fakeHttp({
      'GET /api/account/profile': () => ({ data: profile({ is_verified: false }) }),
      'POST /api/verify/resend': () => {
        if (!ok) throw invalid({ email: 'x' }, { email: 'rate_limited' }, 429)
        return { success: true, code: 'verification_sent' }
      },
    })
    renderWith(<ProfileVerifyPage />, { i18n: await makeI18n(), http })
    expect(await screen.findByText('Your email address dana@example.com is not verified yet.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Send the verification email again' }))
    await waitFor(() =>
      expect(screen.getByTestId('verify-result').textContent).toBe(
        'Please check your mailbox for verification email.',
      ),
    )
    ok = false
    fireEvent.click(screen.getByRole('button', { name: 'Send the verification email again' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong, please try again later.',
    )
  })

  it('says so when the e-mail is verified', async () => {
    const { http } = fakeHttp({ 'GET /api/account/profile': () => ({ data: profile() }) })
    renderWith(<ProfileVerifyPage />, { i18n: await makeI18n('es'), http })
    expect((await screen.findByTestId('verify-state')).textContent).toMatch(
      'dana@example.com está verificado',
    )
  })
})
