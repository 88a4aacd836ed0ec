import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react'
import s from './field.module.css'

/** Texts of a password field's show/hide toggle: full accessible names and optional short visible words. */
export interface RevealTexts {
  show: string
  hide: string
  showShort?: string
  hideShort?: string
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string
  label: ReactNode
  /** The message, already translated; shown under the field, and the input is marked invalid. */
  error?: string | null
  hint?: ReactNode
  /** A show/hide toggle (password fields), with its texts. */
  reveal?: RevealTexts
  inputRef?: Ref<HTMLInputElement>
}

/**
 * A labelled input with its hint and its own error message right below it, both tied to the input by
 * aria-describedby. `name` defaults to `id`; every other prop goes to the <input>. The core has no
 * text of its own: the label, hint, error and toggle texts come in translated.
 */
export function Field({ id, label, error, hint, reveal, inputRef, ...input }: FieldProps) {
  const [shown, setShown] = useState(false)
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={s.field}>
      <label htmlFor={id}>{label}</label>
      <div className={s.inputRow}>
        <input
          id={id}
          name={id}
          ref={inputRef}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
          type={reveal && shown ? 'text' : input.type}
        />
        {reveal ? (
          <button
            type="button"
            className={s.reveal}
            aria-controls={id}
            aria-label={shown ? reveal.hide : reveal.show}
            onClick={() => setShown((v) => !v)}
          >
            {shown ? (reveal.hideShort ?? reveal.hide) : (reveal.showShort ?? reveal.show)}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={s.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * A Field of a `Fields` list: its input's props, but not what the form binds (value, onChange, error);
 * bound by its id, or by its name when the id is another.
 */
export type FieldSpec<K extends string = string> = Omit<
  FieldProps,
  'id' | 'name' | 'value' | 'onChange' | 'error'
> &
  ({ id: K; name?: undefined } | { id: string; name: K })

/**
 * The text fields of a form, written as data: one Field per entry, in order, each bound to the form by
 * its name, else its id (`form.text(key)`: value, onChange and error, as useForm gives them).
 *
 * @example
 * <Fields form={f} fields={[{ id: 'city', label: t('city'), autoComplete: 'address-level2' }]} />
 */
export function Fields<K extends string>({
  form,
  fields,
}: {
  form: {
    text: (name: K) => {
      value: string
      onChange: (e: ChangeEvent<HTMLInputElement>) => void
      error?: string | null
    }
  }
  fields: readonly FieldSpec<K>[]
}) {
  return (
    <>
      {fields.map((spec) => (
        <Field key={spec.id} {...spec} {...form.text(spec.name ?? (spec.id as K))} />
      ))}
    </>
  )
}

/**
 * A checkbox with its label beside it (the label may hold links), optional content under it, and its
 * own error message; `name` defaults to `id`.
 */
export function CheckField({
  id,
  label,
  error,
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'children'> & {
  id: string
  label: ReactNode
  error?: string | null
  children?: ReactNode
}) {
  return (
    <div className={s.field}>
      <div className={s.check}>
        <input
          id={id}
          name={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {children}
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * A group of radio buttons in a fieldset with its legend: one choice of `options` (a value and its
 * label, which may hold more than text), 44 px tall targets.
 */
export function RadioGroup<V extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: ReactNode
  name: string
  options: readonly { value: V; label: ReactNode }[]
  value: V | null
  onChange: (value: V) => void
}) {
  return (
    <fieldset className={s.radios}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className={s.radio}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  )
}

/** A field's own message, under it; `${id}-error` is what the input's aria-describedby names. */
function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className={s.error}>
      {error}
    </p>
  ) : null
}

/** The form-level message (server or network): an always-present live region, announced when it fills. */
export function FormAlert({ text }: { text: string | null | undefined }) {
  return (
    <div role="alert" className={text ? s.alert : undefined}>
      {text}
    </div>
  )
}

/** Moves focus to the first of `names` (in that order) that names a control of the form. */
export function focusFirstError(form: HTMLFormElement | null, names: string[]): void {
  const controls = [...(form?.elements ?? [])] as HTMLInputElement[]
  for (const n of names) {
    const el = controls.find((c) => c.name === n)
    if (el) {
      el.focus()
      return
    }
  }
}
