import { HttpError } from '@core'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import en from '../../../locales/en/auth.json'
import es from '../../../locales/es/auth.json'
import { serverText, splitErrors } from './text'

const i18n = i18next.createInstance()
await i18n.init({ lng: 'es', resources: { en: { auth: en }, es: { auth: es } } })
const t = i18n.t.bind(i18n)

/** A 422 as the server sends it: English messages, and a code per field. */
function failure(errors: Record<string, string[]>, codes: Record<string, string>) {
  const first = Object.keys(errors)[0]!
  const data = { code: codes[first], errors, codes }
  return {
    ok: false as const,
    error: new HttpError('x', 'status', 422, errors, data),
    errors,
    message: errors[first]![0]!,
  }
}

describe('server texts by code (no English message is compared)', () => {
  it('maps a code to its Spanish text; an unknown code keeps the server message', () => {
    expect(serverText(t, 'These credentials do not match our records.', 'invalid_credentials')).toBe(
      es.server.badCredentials,
    )
    expect(serverText(t, 'Brand new server text.', 'brand_new_code')).toBe('Brand new server text.')
    // the English text alone, without its code, is shown as it is
    expect(serverText(t, 'These credentials do not match our records.')).toBe(
      'These credentials do not match our records.',
    )
  })
  it('a locked account (issue 28: staff locked it) has its Spanish text', () => {
    expect(serverText(t, 'This account is locked. Please contact support.', 'account_locked')).toBe(
      es.server.accountLocked,
    )
  })
  it('the email-change codes have their Spanish texts (issue 25)', () => {
    expect(serverText(t, 'This link is invalid or has expired.', 'email_link_invalid')).toBe(
      es.server.emailLinkInvalid,
    )
    expect(serverText(t, 'There is no email change to confirm.', 'no_pending_email')).toBe(
      es.server.noPendingEmail,
    )
    expect(es.notice.emailChangeSent).toContain('{{email}}')
  })
  it('splits field errors with the texts of their codes (validation codes per field)', () => {
    const r = failure(
      {
        email: ['The email has already been taken.'],
        password: ['The password must be at least 8 characters.'],
        captcha: ['Please complete the captcha.'],
      },
      { email: 'email_taken', password: 'too_short', captcha: 'captcha_required' },
    )
    expect(splitErrors(t, r, ['email', 'password'])).toEqual({
      fields: {
        email: es.server.emailTaken,
        password: es.validation.passwordShort.replace('{{min}}', '8'),
      },
      form: es.server.captcha,
    })
  })
  it('a success-false reply (sync-token) is mapped by its code', () => {
    const reply = { success: false, code: 'logged_out', message: 'You have been logged out' }
    const o = {
      ok: false as const,
      error: reply,
      errors: { general: [reply.message] },
      message: reply.message,
    }
    expect(splitErrors(t, o, ['email'])).toEqual({ fields: {}, form: es.server.loggedOut })
  })
})
