import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../../locales/en/core.json'
import es from '../../locales/es/core.json'
import { HttpError } from './client'
import { CORE_ERROR_CODES, codeText, errorText } from './error-text'

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

describe('server error codes', () => {
  const reply = (code: string, message: string) =>
    new HttpError(
      'x',
      'status',
      429,
      { email: [message] },
      { code, errors: { email: [message] }, codes: { email: code } },
    )

  it('reads the code and the field codes of the reply', () => {
    const e = reply('rate_limited', 'Too many attempts.')
    expect(e.code).toBe('rate_limited')
    expect(e.codes).toEqual({ email: 'rate_limited' })
    expect(new HttpError('x', 'status', 500, undefined, '<html>').codes).toEqual({})
  })
  it("a common code gets core's text in the visitor's language; an unknown one the server's message", async () => {
    await i18n.changeLanguage('es')
    expect(errorText(t, reply('rate_limited', 'Too many attempts. Please wait 3 minutes.'))).toBe(
      es.serverErrors.rate_limited,
    )
    expect(errorText(t, reply('brand_new_code', 'Something new.'))).toBe('Something new.')
    // the same English text without a code is not recognised: the code decides, never the message
    expect(errorText(t, new HttpError('x', 'status', 404, { slug: ['Not found'] }))).toBe('Not found')
    await i18n.changeLanguage('en')
    expect(errorText(t, reply('not_found', 'Not found'))).toBe(en.serverErrors.not_found)
  })
  it("a plugin's own keys come first; every common code has an English and a Spanish text", () => {
    expect(codeText(t, 'card_declined', 'Declined.', { card_declined: 'core:http.network' })).toBe(
      'Network Error',
    )
    expect(codeText(t, undefined, 'As sent.')).toBe('As sent.')
    for (const code of CORE_ERROR_CODES) {
      expect(en.serverErrors[code], code).toMatch(/\S/)
      expect(es.serverErrors[code], code).toMatch(/\S/)
      expect(es.serverErrors[code], code).not.toBe(code === 'not_found' ? 'Not found' : en.serverErrors[code])
    }
  })
})
