import type { TFunction } from 'i18next'
import { errorText, HttpError, splitServerErrors } from '../../../src/index'
import { GENERIC_ERROR, type Outcome } from '../model'

/** Known server texts (English) and the key of their translation. */
const SERVER_KEYS: Record<string, string> = {
  'These credentials do not match our records.': 'server.badCredentials',
  'Please complete the captcha.': 'server.captcha',
  'The email has already been taken.': 'server.emailTaken',
  'Please enter a valid email address.': 'server.validEmail',
  'If an account exists for that email, we have sent a password reset link.': 'server.resetSent',
  'This password reset link is invalid or has expired.': 'server.resetInvalid',
  'This verification link is invalid or has expired.': 'server.verifyInvalid',
  'Your email is verified.': 'server.verified',
  'Your email is already verified.': 'server.alreadyVerified',
  'Your password has been reset.': 'server.passwordReset',
  'This is already your account.': 'server.alreadyYours',
  'You have been logged out': 'server.loggedOut',
  'Email already in use. Please authenticate.': 'server.emailInUse',
  'Please verify your email': 'server.unverified',
  'Please enter your name.': 'validation.name',
  'Please enter both email and password.': 'validation.mergeBoth',
  'The password must be at least 8 characters.': 'validation.passwordShort',
  'The password confirmation does not match.': 'validation.passwordMatch',
  'Please enter your password.': 'validation.passwordRequired',
  'Please enter a valid phone number.': 'validation.phone',
  [GENERIC_ERROR]: 'error.generic',
}

/** A server message in the visitor's language when we know it, else as the server wrote it. */
export function serverText(t: TFunction, message: string): string {
  const key = SERVER_KEYS[message]
  return key ? t(`auth:${key}`, { min: 8 }) : message
}

/**
 * The form-level text of a failure: a network failure or timeout gets the normalised HTTP text;
 * a reply without an errors object the spec's generic text; otherwise the first server message.
 */
export function failureText(t: TFunction, o: Extract<Outcome, { ok: false }>): string {
  if (o.error instanceof HttpError && o.error.kind !== 'status') return errorText(t, o.error)
  return serverText(t, o.message)
}

/** Field errors of a 422 for the fields a form has; the rest become one form-level text. */
export function splitErrors(
  t: TFunction,
  o: Extract<Outcome, { ok: false }>,
  fields: readonly string[],
): { fields: Record<string, string>; form: string | null } {
  const isNetwork = o.error instanceof HttpError && o.error.kind !== 'status'
  const split = splitServerErrors(isNetwork ? {} : o.errors, fields, (m) => serverText(t, m))
  if (!Object.keys(split.fields).length && !split.form) split.form = failureText(t, o)
  return split
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The texts of a password field's show/hide toggle. */
export function revealTexts(t: TFunction) {
  return {
    show: t('auth:field.show'),
    hide: t('auth:field.hide'),
    showShort: t('auth:field.showShort'),
    hideShort: t('auth:field.hideShort'),
  }
}
