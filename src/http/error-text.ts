import type { TFunction } from 'i18next'
import { HttpError } from './client'

/** Server error codes any screen may meet; their texts are core's `serverErrors.<code>`. */
export const CORE_ERROR_CODES = [
  'body_too_large',
  'captcha_required',
  'email_unverified',
  'forbidden',
  'not_found',
  'rate_limited',
  'server_error',
  'sign_in_required',
] as const

/**
 * A server code as text: the plugin's key for it (`keys`, full keys with namespace), else core's
 * text of a common code, else the server's English message (`fallback`): an unknown code never
 * hides what the server said. No server message is ever compared: the code decides.
 */
export function codeText(
  t: TFunction,
  code: string | undefined,
  fallback: string,
  keys: Readonly<Record<string, string>> = {},
): string {
  if (!code) return fallback
  const key = keys[code]
  if (key) return t(key)
  if ((CORE_ERROR_CODES as readonly string[]).includes(code)) return t(`core:serverErrors.${code}`)
  return fallback
}

/**
 * The text to show for a failed call, in the visitor's language: the text of the server's error code
 * when it is a common one, else the server's first error message, else the spec's HTTP texts
 * ('Request failed with status code 500', …).
 */
export function errorText(t: TFunction, e: unknown): string {
  if (!(e instanceof HttpError)) return t('core:http.network')
  if (e.firstError) return codeText(t, e.code, e.firstError)
  if (e.kind === 'status') return t('core:http.status', { status: e.status })
  return t(`core:http.${e.kind}`)
}
