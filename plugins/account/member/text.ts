import { errorText, HttpError, localeOf, splitServerErrors } from '@core'
import type { TFunction } from 'i18next'

/**
 * A failed form call as the form shows it: each field's text in the member's language (the field's
 * own key for its server validation code, `member.errors.<field>.<code>`, else the code's
 * `member.errors.<code>`, else the server's message), and the rest as one form-level text.
 */
export function formErrors(
  t: TFunction,
  e: unknown,
  fields: readonly string[],
  /** Nested fields come as 'rebate_address.line1': with this prefix they are the form's 'line1'. */
  prefix = '',
): { fields: Record<string, string>; form: string | null } {
  if (!(e instanceof HttpError) || e.kind !== 'status' || !e.errors)
    return { fields: {}, form: errorText(t, e) }
  const strip = (k: string) => (prefix && k.startsWith(prefix) ? k.slice(prefix.length) : k)
  const errors = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [strip(k), v]))
  const codes = Object.fromEntries(Object.entries(e.codes).map(([k, v]) => [strip(k), v]))
  const text = (message: string, field: string) => {
    const code = codes[field]
    if (!code) return message
    return (
      t(`account-pages:member.errors.${field}.${code}`, { defaultValue: '' }) ||
      t(`account-pages:member.errors.${code}`, { defaultValue: '' }) ||
      errorText(t, new HttpError(e.message, e.kind, e.status, { [field]: [message] }, { code }))
    )
  }
  const split = splitServerErrors(errors, fields, text)
  if (!Object.keys(split.fields).length && !split.form) split.form = errorText(t, e)
  return split
}

/** A date in the member's language ('March 4, 2026' / '4 de marzo de 2026'). */
export function formatDate(iso: string | null | undefined, lng: string): string {
  if (!iso) return ''
  return new Intl.DateTimeFormat(localeOf(lng), { dateStyle: 'long' }).format(new Date(iso))
}

/** The required fields left blank, each with its text (`member.errors.<field>.required`). */
export function missingFields<K extends string>(
  t: TFunction,
  fields: readonly K[],
  values: Record<K, string>,
): Partial<Record<K, string>> {
  return Object.fromEntries(
    fields.filter((k) => !values[k].trim()).map((k) => [k, t(`member.errors.${k}.required`)]),
  ) as Partial<Record<K, string>>
}
