import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en/core.json'
import es from '../../locales/es/core.json'
import { HttpError } from './client'
import { errorText } from './error-text'

const i18n = i18next.createInstance()
await i18n.init({ lng: 'en', resources: { en: { core: en }, es: { core: es } } })
const t = i18n.t.bind(i18n)

describe('error texts (SPEC 8)', () => {
  it('prefers the server errors object', () => {
    expect(errorText(t, new HttpError('x', 'status', 422, { email: ['The email is taken.'] }))).toBe(
      'The email is taken.',
    )
  })
  it('falls back to the HTTP texts of the spec', () => {
    expect(errorText(t, new HttpError('x', 'status', 503))).toBe('Request failed with status code 503')
    expect(errorText(t, new HttpError('x', 'network'))).toBe('Network Error')
    expect(errorText(t, new HttpError('x', 'aborted'))).toBe('Request aborted')
  })
  it('in Spanish too', async () => {
    await i18n.changeLanguage('es')
    expect(errorText(t, new HttpError('x', 'network'))).toBe('Error de red')
  })
})
