import type { ComponentProps, ReactNode } from 'react'
import s from './styles'

/** A control's label, and the hint and error under it. */
interface Labels {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string | null | undefined
}

/** What ties a control to its hint and error. */
interface Aria {
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/** The label, the control (given the aria attributes tying it to them), its hint and its error. */
function Labelled({ id, label, hint, error, control }: Labels & { control: (aria: Aria) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      {control({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
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

/**
 * A labelled select of the account forms (a store, a benefit, a country), with its hint and its error
 * under it. The options are its children; `name` defaults to `id`, every other prop goes to the <select>.
 */
export function SelectField({
  id,
  label,
  hint,
  error,
  ...select
}: Omit<ComponentProps<'select'>, 'id'> & Labels) {
  return (
    <Labelled
      id={id}
      label={label}
      hint={hint}
      error={error}
      control={(aria) => <select id={id} name={id} {...aria} {...select} />}
    />
  )
}

/**
 * A labelled textarea of the member forms (a message, a chat line), with its error under it. `name`
 * defaults to `id`; every other prop goes to the <textarea>.
 */
export function TextAreaField({
  id,
  label,
  error,
  ...area
}: Omit<ComponentProps<'textarea'>, 'id'> & Labels) {
  return (
    <Labelled
      id={id}
      label={label}
      error={error}
      control={(aria) => <textarea id={id} name={id} className={s.textarea} {...aria} {...area} />}
    />
  )
}
