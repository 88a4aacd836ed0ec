import { codeText, errorText, HttpError, splitServerErrors } from '@core'
import type { TFunction } from 'i18next'

/** The staff namespace's text of a server code; other errors as the core says them. */
const KEYS: Record<string, string> = {
  staff_sign_in_failed: 'errors.signInFailed',
  totp_reused: 'errors.totpReused',
  too_many_attempts: 'errors.tooMany',
  password_required: 'errors.passwordRequired',
  password_too_short: 'errors.passwordTooShort',
  totp_setup_needed: 'errors.totpSetupNeeded',
  totp_already_set: 'errors.totpAlreadySet',
  staff_email_taken: 'errors.emailTaken',
  staff_self: 'errors.self',
  staff_role: 'errors.role',
  staff_sign_in_required: 'errors.signedOut',
  staff_second_factor: 'errors.signedOut',
  staff_only: 'errors.signedOut',
}

/** One sentence for a failed staff call, in the reader's language where the console knows the code. */
export function staffErrorText(t: TFunction, e: unknown): string {
  if (e instanceof HttpError && e.code && KEYS[e.code]) return codeText(t, e.code, e.firstError ?? '', KEYS)
  return errorText(t, e)
}

/**
 * A failed call's errors for a form: each field's message under that field (in the staff namespace's
 * words where the code is known), the rest as the form's alert.
 */
export function staffFormErrors(t: TFunction, e: unknown, fields: readonly string[]) {
  if (!(e instanceof HttpError) || !e.errors) return { fields: {}, form: staffErrorText(t, e) }
  const codes = (e.data as { codes?: Record<string, string> } | undefined)?.codes ?? {}
  return splitServerErrors(e.errors, fields, (message, field) => {
    const key = KEYS[codes[field] ?? '']
    return key ? t(key) : message
  })
}
