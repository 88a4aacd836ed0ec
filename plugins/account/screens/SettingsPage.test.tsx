import { constants, HttpError } from '@core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Settings } from '../member/api'
import { fakeHttp, makeI18n, renderWith } from '../member/test-utils'
import SettingsPage from './SettingsPage'

const defaults = (): Settings => ({
  email_offers: true,
  email_rebates: true,
  sms: false,
  language: 'en',
  terms: { ...constants.defaultTerms },
})

describe('SettingsPage', () => {
  it('shows the four terms as the server has them (SPEC 9 defaults for a new member) and saves a change at once', async () => {
    let stored = defaults()
    const { http, calls } = fakeHttp({
      'GET /api/account/settings': () => ({ data: stored }),
      'PUT /api/account/settings': (b) => {
        const body = b as Partial<Settings>
        stored = { ...stored, ...body, terms: { ...stored.terms, ...body.terms } }
        return { data: stored }
      },
    })
    renderWith(<SettingsPage />, { i18n: await makeI18n(), http })
    const stats = await screen.findByRole('checkbox', { name: 'Usage statistics' })
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy()
    expect((stats as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Tracking cookies' }) as HTMLInputElement).checked).toBe(
      true,
    )
    expect(
      (screen.getByRole('checkbox', { name: 'Firefox extension data' }) as HTMLInputElement).checked,
    ).toBe(false)
    const pii = screen.getByRole('checkbox', { name: 'Personal data for partners' }) as HTMLInputElement
    expect(pii.checked).toBe(false)
    fireEvent.click(pii)
    expect(pii.checked).toBe(true) // optimistic: before the server answers
    await waitFor(() =>
      expect(screen.getByTestId('settings-status').textContent).toMatch('Personal data for partners'),
    )
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/api/account/settings',
      body: { terms: { ...constants.defaultTerms, pii: true } },
    })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offers by email' }))
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ email_offers: false }))
    expect(stored.email_offers).toBe(false)
  })

  it('puts a switch back and says why when the server refuses the change, in Spanish', async () => {
    const { http } = fakeHttp({
      'GET /api/account/settings': () => ({ data: defaults() }),
      'PUT /api/account/settings': () => {
        throw new HttpError('Network Error', 'network')
      },
    })
    renderWith(<SettingsPage />, { i18n: await makeI18n('es'), http })
    const sms = (await screen.findByRole('checkbox', { name: 'Mensajes de texto' })) as HTMLInputElement
    fireEvent.click(sms)
    const alert = await screen.findByTestId('settings-error')
    expect(alert.textContent).toMatch('No pudimos guardar «Mensajes de texto»')
    expect(sms.checked).toBe(false)
  })

  it('shows a retry when the settings cannot be loaded', async () => {
    let fail = true
    const { http } = fakeHttp({
      'GET /api/account/settings': () => {
        if (fail) throw new HttpError('Request failed with status code 500', 'status', 500)
        return { data: defaults() }
      },
    })
    renderWith(<SettingsPage />, { i18n: await makeI18n(), http })
    expect(screen.getByTestId('member-loading').textContent).toBe('Loading…')
    await screen.findByTestId('member-error')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('checkbox', { name: 'Usage statistics' })).toBeTruthy()
  })

  it('a reply without data is an error with a retry, not a broken screen', async () => {
    const { http } = fakeHttp({ 'GET /api/account/settings': () => ({}) })
    renderWith(<SettingsPage />, { i18n: await makeI18n(), http })
    expect((await screen.findByTestId('member-error')).textContent).toMatch('We could not load this page.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it("a mail's unsubscribe turned a switch off: it shows off with when and how, until turned on again (issue 27)", async () => {
    let stored: Settings = {
      ...defaults(),
      email_rebates: false,
      unsubscribed: { email_rebates: { at: new Date().toISOString(), via: 'one_click' } },
    }
    const { http } = fakeHttp({
      'GET /api/account/settings': () => ({ data: stored }),
      'PUT /api/account/settings': (b) => {
        stored = { ...stored, ...(b as Partial<Settings>), unsubscribed: {} }
        return { data: stored }
      },
    })
    renderWith(<SettingsPage />, { i18n: await makeI18n('es'), http })
    const box = (await screen.findByRole('checkbox', {
      name: 'Novedades de reembolsos por correo',
    })) as HTMLInputElement
    expect(box.checked).toBe(false)
    const today = new Intl.DateTimeFormat('es-US', { dateStyle: 'long' }).format(new Date())
    expect(screen.getByTestId('setting-email_rebates-unsubscribed').textContent).toBe(
      `Se desactivó el ${today} con el botón para cancelar la suscripción de tu aplicación de correo. Vuelve a activarlo cuando quieras.`,
    )
    fireEvent.click(box)
    expect(box.checked).toBe(true)
    expect(screen.queryByTestId('setting-email_rebates-unsubscribed')).toBeNull()
    fireEvent.click(box)
    await waitFor(() => expect(box.checked).toBe(false))
    expect(screen.queryByTestId('setting-email_rebates-unsubscribed')).toBeNull()
  })
})
