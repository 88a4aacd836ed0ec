import { HttpError } from '@core'
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import authEn from '../../../locales/en/auth.json'
import authEs from '../../../locales/es/auth.json'
import { fakeHttp, renderInApp, testI18n, testServices } from '../../../tests/unit/kit'
import { AuthStore } from '../model'
import { savePendingLink } from '../social'
import SocialCallbackPage from './SocialCallbackPage'

// Issue 31 · an address an account already has: the callback page asks for that account's password
// (SPEC 4) before the provider is linked; a link that expired says so, in English and Spanish.
async function show(lng: 'en' | 'es', answer: () => unknown) {
  const fake = fakeHttp({ 'POST /api/auth/social/link': answer })
  // the store sets and clears the bearer header as a sign-in succeeds or fails
  const http = { ...fake.http, setBearer: () => {}, clearBearer: () => {} } as typeof fake.http
  const { services } = testServices({ http, config: { brand: {}, plugins: ['auth'] } })
  const i18n = await testI18n(lng, { auth: [authEn, authEs] })
  renderInApp(<SocialCallbackPage />, { i18n, services, store: { auth: AuthStore.create({}, services) } })
  return fake.calls
}

/** The server's answer to a link that expired or was used (422 social_state_invalid). */
const expired = () => {
  const message = 'This sign-in has expired or was already used.'
  throw new HttpError(
    `Request failed with status code ${422}`,
    'status',
    422,
    { link_token: [message] },
    {
      code: 'social_state_invalid',
      codes: { link_token: 'social_state_invalid' },
    },
  )
}

afterEach(() => savePendingLink(null))

describe('SocialCallbackPage', () => {
  it.each([
    [
      'en',
      'Link your Google account',
      'Link and sign in',
      'This sign-in has expired or was already used. Please start again.',
    ],
    [
      'es',
      'Vincula tu cuenta de Google',
      'Vincular y entrar',
      'Este inicio de sesión ha caducado o ya se usó. Vuelve a empezar.',
    ],
  ] as const)(
    '(%s) asks for the existing account’s password and says when the link expired',
    async (lng, title, submit, why) => {
      savePendingLink({ provider: 'google', label: 'Google', email: 'a@example.com', linkToken: 'tok' })
      const calls = await show(lng, expired)
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title)
      expect(screen.getByText(/a@example\.com/)).toBeTruthy()
      fireEvent.change(document.getElementById('password')!, { target: { value: 'secret words' } })
      fireEvent.click(screen.getByRole('button', { name: submit }))
      expect(await screen.findByText(why)).toBeTruthy()
      expect(calls).toEqual([
        expect.objectContaining({
          url: '/api/auth/social/link',
          body: { link_token: 'tok', password: 'secret words' },
        }),
      ])
    },
  )

  it('without a waiting link, says the sign-in did not complete', async () => {
    await show('en', () => ({}))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'The sign-in did not complete. Please try again.',
    )
  })
})
