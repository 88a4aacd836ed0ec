import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import authEn from '../../../locales/en/auth.json'
import authEs from '../../../locales/es/auth.json'
import { fakeHttp, renderInApp, testI18n, testServices } from '../../../tests/unit/kit'
import { resetSocialProviders, SocialButtons } from './SocialButtons'

// Issue 31: the sign-in dialog shows one button per provider the server has (GET /api/auth/providers),
// none named in the build; each goes to /oauth/{provider} and back to the page it started on.
async function show(lng: 'en' | 'es', providers: { id: string; label: string }[] | Error) {
  const { http, calls } = fakeHttp({
    'GET /api/auth/providers': () => {
      if (providers instanceof Error) throw providers
      return { providers }
    },
  })
  const { services } = testServices({ http, config: { brand: {}, plugins: ['auth'] } })
  const i18n = await testI18n(lng, { auth: [authEn, authEs] })
  renderInApp(<SocialButtons />, { i18n, services, path: '/stores?page=2' })
  return calls
}

afterEach(resetSocialProviders)

describe('SocialButtons', () => {
  it('shows a labelled link per configured provider, back to this page afterwards (English)', async () => {
    const calls = await show('en', [
      { id: 'google', label: 'Google' },
      { id: 'apple', label: 'Apple' },
    ])
    const nav = await screen.findByRole('navigation', { name: 'Sign in with another account' })
    const google = screen.getByRole('link', { name: 'Continue with Google' })
    expect(nav.contains(google)).toBe(true)
    expect(google.getAttribute('href')).toBe('/oauth/google?redirect=%2Fstores%3Fpage%3D2')
    expect(screen.getByRole('link', { name: 'Continue with Apple' }).getAttribute('href')).toBe(
      '/oauth/apple?redirect=%2Fstores%3Fpage%3D2',
    )
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/auth/providers'])
  })

  it('speaks Spanish', async () => {
    await show('es', [{ id: 'google', label: 'Google' }])
    await screen.findByRole('navigation', { name: 'Iniciar sesión con otra cuenta' })
    expect(screen.getByRole('link', { name: 'Continuar con Google' })).toBeTruthy()
  })

  it('shows nothing when the server has no provider, or cannot say', async () => {
    const calls = await show('en', [])
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(screen.queryByRole('navigation')).toBeNull()
    resetSocialProviders()
    const failing = await show('en', new Error('down'))
    await vi.waitFor(() => expect(failing).toHaveLength(1))
    expect(screen.queryByRole('link')).toBeNull()
  })
})
