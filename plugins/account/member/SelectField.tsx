import type { ChangeEvent, ReactNode } from 'react'
import s from './styles'

/**
 * A labelled select of the account forms (a store, a benefit, a country), with its hint and its error
 * under it, both tied to it by aria-describedby. The options are its children.
 */
export function SelectField({
  id,
  label,
  value,
  onChange,
  className,
  autoComplete,
  hint,
  error,
  children,
}: {
  id: string
  label: ReactNode
  value: string
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void
  className?: string
  autoComplete?: string
  hint?: ReactNode
  error?: string | null | undefined
  children: ReactNode
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={id}
        className={className}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className={s.muted}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={s.fieldError}>
          {error}
        </p>
      ) : null}
    </>
  )
}
