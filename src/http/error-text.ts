import type { TFunction } from 'i18next'
import { HttpError } from './client'

/**
 * The text to show for a failed call, in the visitor's language: the server's first error message
 * when it sent one, else the spec's HTTP texts ('Request failed with status code 500', …).
 */
export function errorText(t: TFunction, e: unknown): string {
  if (!(e instanceof HttpError)) return t('core:http.network')
  if (e.firstError) return e.firstError
  if (e.kind === 'status') return t('core:http.status', { status: e.status })
  return t(`core:http.${e.kind}`)
}
