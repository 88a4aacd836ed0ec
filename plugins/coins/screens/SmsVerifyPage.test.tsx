import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeHttp, makeI18n, refused, renderAt } from '../components/profile/test-utils'
import SmsVerifyPage from './SmsVerifyPage'

const PATTERN = '/account/survey/smsVerify'
const unverified = () => ({ data: { phone: null, verified: false } })
const sent = (resend = 60) => ({ data: { sent_to: '+1•••••4567', expires_in_s: 600, resend_in_s: resend } })

async function enterNumber(number: string, button = 'Send the code', label = 'Mobile number') {
  fireEvent.change(await screen.findByLabelText(label), { target: { value: number } })
  fireEvent.click(screen.getByRole('button', { name: button }))
}

describe('SmsVerifyPage', () => {
  it('sends a code to the typed number, verifies it and resumes the survey start', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/phone': unverified,
      'POST /api/account/phone/code': () => sent(),
      'POST /api/account/phone/verify': () => ({ data: { phone: '+1•••••4567', verified: true } }),
    })
    renderAt(<SmsVerifyPage />, {
      i18n: await makeI18n(),
      http,
      path: `${PATTERN}?survey=5`,
      pattern: PATTERN,
    })
    expect(await screen.findByText(/This survey needs a verified phone/)).toBeTruthy()
    await enterNumber(' +1 (555) 123-4567 ')
    const code = await screen.findByLabelText('Code from the message')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(code.getAttribute('inputmode')).toBe('numeric')
    await waitFor(() => expect(document.activeElement).toBe(code))
    expect(screen.getByTestId('sms-sent').textContent).toBe(
      'We sent a code to +1•••••4567. It expires in 10 minutes.',
    )
    expect(calls.find((c) => c.url === '/api/account/phone/code')?.body).toEqual({ phone: '+15551234567' })
    fireEvent.change(code, { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect((await screen.findByTestId('where')).textContent).toBe('/surveys?start=5')
    expect(calls.at(-1)?.body).toEqual({ phone: '+15551234567', code: '123456' })
  })

  it('checks the number and the code before sending them', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/phone': unverified,
      'POST /api/account/phone/code': () => sent(),
    })
    renderAt(<SmsVerifyPage />, { i18n: await makeI18n(), http, path: PATTERN, pattern: PATTERN })
    await enterNumber('555 1234')
    expect(await screen.findByText('Enter the number with its country code, like +15551234567.')).toBeTruthy()
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    await enterNumber('+15551234567')
    fireEvent.change(await screen.findByLabelText('Code from the message'), { target: { value: '12ab' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByText('Enter the code from the message (digits only).')).toBeTruthy()
    expect(calls.filter((c) => c.url === '/api/account/phone/verify')).toHaveLength(0)
  })

  it('says how many tries are left after a wrong code, and asks for a new code when it expired (Spanish)', async () => {
    let answer = refused(422, 'code', 'wrong_code', { attempts_left: 3 })
    const { http } = fakeHttp({
      'GET /api/account/phone': unverified,
      'POST /api/account/phone/code': () => sent(),
      'POST /api/account/phone/verify': () => {
        throw answer
      },
    })
    renderAt(<SmsVerifyPage />, { i18n: await makeI18n('es'), http, path: PATTERN, pattern: PATTERN })
    await enterNumber('+15551234567', 'Enviar el código', 'Número de móvil')
    const code = await screen.findByLabelText('Código del mensaje')
    fireEvent.change(code, { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }))
    expect(await screen.findByText('Ese código no es correcto. Te quedan 3 intentos.')).toBeTruthy()
    expect(code.getAttribute('aria-invalid')).toBe('true')
    answer = refused(410, 'code', 'code_expired')
    fireEvent.change(code, { target: { value: '111111' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Este código ha caducado. Pide un código nuevo.'),
    )
    expect((code as HTMLInputElement).value).toBe('')
  })

  it('shows the limits with when to retry, and a number taken by another account on its field', async () => {
    let answer = refused(429, 'phone', 'too_many_codes', { retry_after: 1500 })
    const { http } = fakeHttp({
      'GET /api/account/phone': unverified,
      'POST /api/account/phone/code': () => {
        throw answer
      },
    })
    renderAt(<SmsVerifyPage />, { i18n: await makeI18n(), http, path: PATTERN, pattern: PATTERN })
    await enterNumber('+15551234567')
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many codes asked for this hour. Try again in 25 minutes.',
      ),
    )
    answer = refused(503, 'phone', 'sms_unavailable')
    await enterNumber('+15551234567')
    expect(
      await screen.findByText(
        'We could not send a text message just now. Please try again in a few minutes.',
      ),
    ).toBeTruthy()
    answer = refused(409, 'phone', 'phone_taken')
    await enterNumber('+15551234567')
    expect(await screen.findByText('This number is already verified on another account.')).toBeTruthy()
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true')
  })

  it('lets the member ask for a new code once the countdown is over', async () => {
    const { http, calls } = fakeHttp({
      'GET /api/account/phone': unverified,
      'POST /api/account/phone/code': () => sent(1),
    })
    renderAt(<SmsVerifyPage />, { i18n: await makeI18n(), http, path: PATTERN, pattern: PATTERN })
    await enterNumber('+15551234567')
    const resend = await screen.findByTestId('sms-resend')
    expect(resend.textContent).toBe('Send a new code in 1 s')
    expect((resend as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(resend.textContent).toBe('Send a new code'), { timeout: 3000 })
    expect((resend as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(resend)
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/account/phone/code')).toHaveLength(2))
    expect(calls.at(-1)?.body).toEqual({ phone: '+15551234567' })
  })

  it('without a survey it ends on a verified state; a verified phone is shown as such', async () => {
    const { http } = fakeHttp({
      'GET /api/account/phone': unverified,
      'POST /api/account/phone/code': () => sent(),
      'POST /api/account/phone/verify': () => ({ data: { phone: '+1•••••4567', verified: true } }),
    })
    renderAt(<SmsVerifyPage />, { i18n: await makeI18n(), http, path: PATTERN, pattern: PATTERN })
    await enterNumber('+15551234567')
    fireEvent.change(await screen.findByLabelText('Code from the message'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }))
    const heading = await screen.findByRole('heading', { name: 'Your phone is verified' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(screen.getByTestId('sms-verified').textContent).toContain('+1•••••4567 is verified.')

    const again = fakeHttp({
      'GET /api/account/phone': () => ({ data: { phone: '+4•••••9876', verified: true } }),
    })
    renderAt(<SmsVerifyPage />, {
      i18n: await makeI18n(),
      http: again.http,
      path: `${PATTERN}?survey=8`,
      pattern: PATTERN,
    })
    const go = await screen.findByRole('link', { name: 'Continue to the survey' })
    expect(go.getAttribute('href')).toBe('/surveys?start=8')
  })
})
