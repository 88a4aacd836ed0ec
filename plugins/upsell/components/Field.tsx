import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import { useTranslation } from 'react-i18next'
import s from './upsell.module.css'

/** An error key of the upsell namespace, or a server text prefixed with '!'. */
export function useErrorText() {
  const { t } = useTranslation('upsell')
  return (e: string | undefined) => (!e ? '' : e.startsWith('!') ? e.slice(1) : t(e))
}

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string
  label: ReactNode
  error?: string
  hint?: ReactNode
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input with its message right under it, tied by aria-describedby. */
export function Field({ id, label, error, hint, inputRef, ...input }: Props) {
  const text = useErrorText()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={s.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={s.error}>
          {text(error)}
        </p>
      ) : null}
    </div>
  )
}

/** Focuses the first field of `order` that has an error. */
export function focusFirstError(
  form: HTMLFormElement | null,
  order: string[],
  errors: Record<string, unknown>,
) {
  const first = order.find((f) => errors[f])
  if (!first || !form) return
  const el = form.querySelector<HTMLInputElement>(`[name="${first}"]`)
  el?.focus()
}
