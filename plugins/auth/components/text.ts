import {
  codeText,
  constants,
  EMAIL_PATTERN,
  errorText,
  HttpError,
  type SignupValues,
  signupProblems,
  splitServerErrors,
} from '@core'
import type { TFunction } from 'i18next'
import type { Outcome } from '../model'

/** The server's codes (server/routes/auth.ts) and the auth key of their text. */
const CODE_KEYS: Record<string, string> = {
  invalid_credentials: 'auth:server.badCredentials',
  captcha_required: 'auth:server.captcha',
  email_taken: 'auth:server.emailTaken',
  invalid_email: 'auth:server.validEmail',
  reset_sent: 'auth:server.resetSent',
  reset_link_invalid: 'auth:server.resetInvalid',
  verify_link_invalid: 'auth:server.verifyInvalid',
  email_verified: 'auth:server.verified',
  already_verified: 'auth:server.alreadyVerified',
  password_reset: 'auth:server.passwordReset',
  already_your_account: 'auth:server.alreadyYours',
  logged_out: 'auth:server.loggedOut',
  email_in_use: 'auth:server.emailInUse',
  email_unverified: 'auth:server.unverified',
  email_link_invalid: 'auth:server.emailLinkInvalid',
  no_pending_email: 'auth:server.noPendingEmail',
  account_locked: 'auth:server.accountLocked',
  // issue 31 · social sign-in
  social_state_invalid: 'auth:social.stateInvalid',
  social_provider_unavailable: 'auth:social.unavailable',
  social_refused: 'auth:social.refused',
  social_account_exists: 'auth:server.emailInUse',
  unknown_provider: 'auth:social.unknown',
  password_too_short: 'auth:validation.passwordShort',
  password_mismatch: 'auth:validation.passwordMatch',
  server_error: 'auth:error.generic',
}

/** Validation codes (required, too_short, invalid_format, …) mean something per field. */
const FIELD_CODE_KEYS: Record<string, string> = {
  'name:required': 'auth:validation.name',
  'name:too_short': 'auth:validation.name',
  'email:required': 'auth:server.validEmail',
  'email:invalid_format': 'auth:server.validEmail',
  'password:required': 'auth:validation.passwordRequired',
  'password:too_short': 'auth:validation.passwordShort',
  'phone:invalid_format': 'auth:validation.phone',
}

/**
 * A server message in the visitor's language when its code is known (the field's own validation
 * code first), else as the server wrote it.
 */
export function serverText(t: TFunction, message: string, code?: string, field?: string): string {
  const fieldKey = code && field ? FIELD_CODE_KEYS[`${field}:${code}`] : undefined
  if (fieldKey) return t(fieldKey, { min: constants.minimumPasswordLength })
  const key = code ? CODE_KEYS[code] : undefined
  return key ? t(key, { min: constants.minimumPasswordLength }) : codeText(t, code, message)
}

/** The codes of a failure: the server's per field, or the code of a reply that said success false. */
function codesOf(o: Extract<Outcome, { ok: false }>): { code?: string; codes: Record<string, string> } {
  if (o.error instanceof HttpError)
    return { ...(o.error.code ? { code: o.error.code } : {}), codes: o.error.codes }
  const code = (o.error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? { code, codes: { general: code } } : { codes: {} }
}

/** Whether the server asks for the captcha (issue 25: past failed sign-ins of the address). */
export function asksCaptcha(o: Extract<Outcome, { ok: false }>): boolean {
  const { code, codes } = codesOf(o)
  return code === 'captcha_required' || Object.values(codes).includes('captcha_required')
}

/**
 * The form-level text of a failure: a network failure or timeout gets the normalised HTTP text;
 * a reply without an errors object the spec's generic text; otherwise the first server message.
 */
export function failureText(t: TFunction, o: Extract<Outcome, { ok: false }>): string {
  if (o.error instanceof HttpError && o.error.kind !== 'status') return errorText(t, o.error)
  return serverText(t, o.message, codesOf(o).code)
}

/** Field errors of a 422 for the fields a form has; the rest become one form-level text. */
export function splitErrors(
  t: TFunction,
  o: Extract<Outcome, { ok: false }>,
  fields: readonly string[],
): { fields: Record<string, string>; form: string | null } {
  const isNetwork = o.error instanceof HttpError && o.error.kind !== 'status'
  const { codes } = codesOf(o)
  const split = splitServerErrors(isNetwork ? {} : o.errors, fields, (m, field) =>
    serverText(t, m, codes[field], field),
  )
  if (!Object.keys(split.fields).length && !split.form) split.form = failureText(t, o)
  return split
}

// the sign-up rules are the core's (src/shared/signup.ts), shared with upsell's lander form
export { EMAIL_PATTERN }

/** The register form's errors before it is sent: the core's sign-up rules in the auth texts. */
export function registerErrors(t: TFunction, v: SignupValues): Record<string, string> {
  const p = signupProblems(v)
  const e: Record<string, string> = {}
  if (p.name) e.name = t('auth:validation.name')
  if (p.email) e.email = t(p.email === 'required' ? 'auth:validation.email' : 'auth:validation.emailInvalid')
  if (p.password) e.password = t('auth:validation.passwordShort', { min: constants.minimumPasswordLength })
  if (p.phone) e.phone = t('auth:validation.phone')
  if (p.terms) e.terms = t('auth:validation.terms')
  return e
}

/** The texts of a password field's show/hide toggle. */
export function revealTexts(t: TFunction) {
  return {
    show: t('auth:field.show'),
    hide: t('auth:field.hide'),
    showShort: t('auth:field.showShort'),
    hideShort: t('auth:field.hideShort'),
  }
}
