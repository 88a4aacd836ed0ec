import {
  type AppContextValue,
  AppProvider,
  createCookies,
  createEventBus,
  HttpError,
  type Services,
} from '@core'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import authEn from '../../../locales/en/auth.json'
import authEs from '../../../locales/es/auth.json'
import { routeTable, testI18n } from '../../../tests/unit/kit'
import { AuthStore } from '../model'
import { LoginForm } from './forms'

// Issue 25, item 12: past failed sign-ins of an address the server asks for the captcha (422
// captcha_required); the sign-in form shows the captcha step, announced, and sends again with it.
const captchaRequired = () =>
  new HttpError(
    'Request failed with status code 422',
    'status',
    422,
    {
      'g-recaptcha-response': ['Please complete the captcha.'],
    },
    { code: 'captcha_required', codes: { 'g-recaptcha-response': 'captcha_required' } },
  )

const loginReply = {
  success: true,
  login_token: 'tok.en.1',
  user: { user_id: 7, email: 'a@example.com', is_verified: true, login_token: 'tok.en.1' },
  redirect: null,
  recently_created: false,
}

async function renderForm(lng: 'en' | 'es', answers: ((body: Record<string, unknown>) => unknown)[]) {
  const bodies: Record<string, unknown>[] = []
  const post = vi.fn(async (_url: string, body: Record<string, unknown>) => {
    bodies.push(body)
    const answer = answers[bodies.length - 1]!
    return answer(body)
  })
  const services = {
    http: { setBearer: () => {}, clearBearer: () => {}, post },
    events: createEventBus(),
    cookies: createCookies(''),
    config: { ...routeTable, brand: { defaultAuthPage: 'sm-login' }, plugins: ['auth'] },
  } as unknown as Services
  const auth = AuthStore.create({}, services)
  const i18n = await testI18n(lng, { auth: [authEn, authEs] })
  const done = vi.fn()
  render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={{ store: { auth }, services, registry: {} } as unknown as AppContextValue}>
        <MemoryRouter>
          <LoginForm onDone={done} />
        </MemoryRouter>
      </AppProvider>
    </I18nextProvider>,
  )
  return { bodies, done }
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Email|Correo/i), { target: { value: email } })
  fireEvent.change(document.getElementById('password')!, { target: { value: password } })
}

describe('LoginForm: the captcha step', () => {
  it.each([
    ['en', authEn, "I'm not a robot"],
    ['es', authEs, 'No soy un robot'],
  ] as const)(
    '(%s) signs in without a captcha; when asked, shows the step, announces it, and sends again with the response',
    async (lng, texts, check) => {
      const { bodies, done } = await renderForm(lng, [
        () => {
          throw captchaRequired()
        },
        () => loginReply,
      ])
      fill('a@example.com', 'the right passphrase')
      fireEvent.submit(document.querySelector('form')!)
      // the first try carries no captcha; the server asks for one
      const box = await screen.findByRole('checkbox', { name: check })
      expect(bodies[0]).toEqual({ email: 'a@example.com', password: 'the right passphrase' })
      // announced: the form's alert says why, and focus is on the box
      expect(screen.getByRole('alert').textContent).toBe(texts.captcha.why)
      expect(document.activeElement).toBe(box)
      expect(screen.getByTestId('captcha-step').textContent).toContain(texts.captcha.prompt)
      await act(async () => {
        fireEvent.click(box)
      })
      await vi.waitFor(() => expect(done).toHaveBeenCalled())
      expect(bodies).toHaveLength(2)
      expect(bodies[1]).toEqual({
        email: 'a@example.com',
        password: 'the right passphrase',
        'g-recaptcha-response': 'sandbox-captcha-pass',
      })
    },
  )

  it('asks again with a fresh box when the captcha try fails again; a wrong password then shows its message', async () => {
    const { bodies } = await renderForm('en', [
      () => {
        throw captchaRequired()
      },
      () => {
        throw captchaRequired()
      },
      () => {
        throw new HttpError(
          'Request failed with status code 422',
          'status',
          422,
          {
            email: ['These credentials do not match our records.'],
          },
          { code: 'invalid_credentials', codes: { email: 'invalid_credentials' } },
        )
      },
    ])
    fill('a@example.com', 'wrong')
    fireEvent.submit(document.querySelector('form')!)
    const first = await screen.findByRole('checkbox', { name: "I'm not a robot" })
    await act(async () => {
      fireEvent.click(first)
    })
    await vi.waitFor(() => expect(bodies).toHaveLength(2))
    const again = await screen.findByRole('checkbox', { name: "I'm not a robot" })
    await vi.waitFor(() => expect((again as HTMLInputElement).checked).toBe(false))
    await act(async () => {
      fireEvent.click(again)
    })
    await vi.waitFor(() => expect(bodies).toHaveLength(3))
    expect(bodies[2]!['g-recaptcha-response']).toBe('sandbox-captcha-pass')
    await vi.waitFor(() => expect(screen.queryByTestId('captcha-step')).toBeNull())
    expect(screen.getByText(authEn.server.badCredentials)).toBeTruthy()
  })
})
