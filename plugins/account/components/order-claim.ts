import { type FieldSpec, HttpError, localeOf } from '@core'
import type { TFunction } from 'i18next'
import { parseDollars } from './amount-input'

/**
 * What the two forms that report an order share (missing cash back, rebate claims): the day as the
 * member reads it, the order's checks before sending, and a refusal's texts on the form.
 */

/** A day (YYYY-MM-DD) as the member's language writes it, without a time zone shifting it. */
export function dayText(day: string, lng: string): string {
  const d = new Date(`${day}T12:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return new Intl.DateTimeFormat(localeOf(lng), {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(d)
}

/** The order's fields (a `Fields` list): its number, its day within [min, max], its amount in dollars. */
export const orderFields = {
  number: <K extends string>(id: K, label: string, hint?: string): FieldSpec<K> => ({
    id,
    label,
    ...(hint ? { hint } : {}),
    maxLength: 64,
    autoComplete: 'off',
  }),
  day: <K extends string>(id: K, label: string, min: string | undefined, max: string): FieldSpec<K> => ({
    id,
    type: 'date',
    label,
    min,
    max,
  }),
  amount: (label: string, hint: string): FieldSpec<'amount'> => ({
    id: 'amount',
    label,
    hint,
    inputMode: 'decimal',
    autoComplete: 'off',
  }),
}

export type OrderProblem = 'order_required' | 'date_required' | 'amount_required' | 'amount_invalid'

/** The order number, its day (YYYY-MM-DD) and its amount (dollars as typed), checked before sending. */
export function orderProblems(v: {
  order: string
  day: string
  amount: string
}): Partial<Record<'order' | 'day' | 'amount', OrderProblem>> {
  const out: Partial<Record<'order' | 'day' | 'amount', OrderProblem>> = {}
  if (!v.order.trim()) out.order = 'order_required'
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.day)) out.day = 'date_required'
  const cents = parseDollars(v.amount)
  if (!v.amount.trim()) out.amount = 'amount_required'
  else if (cents === null || cents < 1) out.amount = 'amount_invalid'
  return out
}

/**
 * The text of a refusal: `<prefix>.errors.<code>` with `vars` (null: the server's words instead), else
 * the server's words, else `<prefix>.errors.generic`; a failure without an answer is `<prefix>.errors.network`.
 */
export function refusalText(
  t: TFunction,
  prefix: string,
  e: unknown,
  field: string,
  vars: (e: HttpError, code: string) => Record<string, unknown> | null = () => ({}),
): string {
  if (!(e instanceof HttpError)) return t(`${prefix}.errors.network`)
  const code = (field ? e.codes[field] : undefined) ?? e.code ?? ''
  const v = vars(e, code)
  return (
    (v ? t(`${prefix}.errors.${code}`, { ...v, defaultValue: '' }) : '') ||
    e.firstError ||
    t(`${prefix}.errors.generic`)
  )
}

/**
 * A refused send on its form: each error of the answer under its field (`fieldOf` names the form's
 * field of an answer's key; amount_cents is the amount), the rest as the form's alert.
 */
export function showRefusal(
  form: { show: (fields: Record<string, string>, alert: string | null) => unknown },
  e: unknown,
  fields: readonly string[],
  text: (key: string) => string,
  fieldOf: (key: string) => string = (key) => (key === 'amount_cents' ? 'amount' : key),
): void {
  if (!(e instanceof HttpError) || e.kind !== 'status' || !e.errors) {
    form.show({}, text(''))
    return
  }
  const out: Record<string, string> = {}
  let alert: string | null = null
  for (const key of Object.keys(e.errors)) {
    const field = fieldOf(key)
    const message = text(key)
    if (fields.includes(field)) out[field] ??= message
    else alert ??= message
  }
  form.show(out, alert)
}
