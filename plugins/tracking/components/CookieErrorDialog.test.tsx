import { AppProvider, HttpError } from '@core'
import { act, fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/tracking.json'
import { fakeContext } from '../test-utils'
import CookieErrorDialog from './CookieErrorDialog'

async function setup() {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: {
      en: { tracking: en, core: { http: { status: 'Request failed with status code {{status}}' } } },
    },
    react: { useSuspense: false },
  })
  const f = fakeContext()
  render(
    <I18nextProvider i18n={i18n}>
      <AppProvider value={{ store: f.ctx.store, services: f.services, registry: {} as never }}>
        <CookieErrorDialog />
      </AppProvider>
    </I18nextProvider>,
  )
  return f
}

describe('get-cookie error dialog', () => {
  it('shows nothing without an error, then the error text in a dialog that closes', async () => {
    const f = await setup()
    expect(screen.queryByTestId('tracking-error')).toBeNull()
    act(() => f.tracking.setCookieError(new HttpError('Request failed with status code 500', 'status', 500)))
    // the dialog is a chunk of its own, loaded when first shown
    const dialog = await screen.findByTestId('tracking-error')
    expect(dialog.textContent).toContain('We could not load your session')
    expect(dialog.textContent).toContain('Request failed with status code 500')
    act(() => f.tracking.setCookieError(new HttpError('x', 'status', 422, { sid: ['Bad sid.'] })))
    expect(screen.getByTestId('tracking-error').textContent).toContain('Bad sid.')
    fireEvent.click(screen.getByRole('button', { name: 'OK', hidden: true }))
    expect(screen.queryByTestId('tracking-error')).toBeNull()
  })
})
