import { type ChangeEvent, type FormEvent, useRef, useState } from 'react'
import { focusFirstError } from './Field'

// apart so that sorting a reply's errors does not pull in the form kit (./server-errors.ts)
export { splitServerErrors } from './server-errors'

/** Field name -> message (or a key the form turns into one with `errorText`). */
export type FormErrors = Partial<Record<string, string>>

export interface UseFormOptions {
  /** Turns a stored error into the text shown under its field (e.g. a key of the plugin's namespace). */
  errorText?: (error: string) => string
  /** Typing in a field clears that field's error. */
  clearErrorOnChange?: boolean
}

/**
 * The state of a form with its own error texts: the values, the error of each field, a form-level
 * alert, and whether it is being sent. `text(name)` / `check(name)` give a Field / CheckField its
 * value, onChange and error; `onSubmit(send, validate)` prevents the browser's submit, shows the
 * client errors or else sends, ignores a second submit while sending, busy until `send` settles; `show(errors, alert)` puts errors on
 * the fields and moves focus to the first one, in the order of the initial values.
 */
export function useForm<V extends { [K in keyof V]: string | boolean }>(
  initial: V,
  options: UseFormOptions = {},
) {
  const ref = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FormErrors>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const sending = useRef(false)
  const shown = (name: string) => {
    const e = errors[name]
    return e ? (options.errorText ? options.errorText(e) : e) : undefined
  }

  function set<K extends keyof V & string>(name: K, value: V[K]) {
    setValues((v) => ({ ...v, [name]: value }))
    if (options.clearErrorOnChange) setErrors((x) => (x[name] ? { ...x, [name]: undefined } : x))
  }

  /** Puts `fields` errors and the form-level `alert` on the form; true when there is any field error. */
  function show(fields: FormErrors, formAlert: string | null = null): boolean {
    setErrors(fields)
    setAlert(formAlert)
    const names = Object.keys(fields).filter((k) => fields[k])
    const order = [...Object.keys(initial).filter((k) => names.includes(k)), ...names]
    focusFirstError(ref.current, order)
    return names.length > 0
  }

  /**
   * The form's submit handler: `validate` (client checks) first, whose errors are shown instead of
   * sending; then `send`, busy until it settles.
   */
  function onSubmit(send: (values: V) => Promise<unknown> | unknown, validate?: (values: V) => FormErrors) {
    return async (e: FormEvent) => {
      e.preventDefault()
      if (sending.current) return
      const found = validate?.(values) ?? {}
      if (show(found)) return
      sending.current = true
      setBusy(true)
      try {
        await send(values)
      } finally {
        sending.current = false
        setBusy(false)
      }
    }
  }

  return {
    ref,
    values,
    set,
    errors,
    alert,
    busy,
    show,
    onSubmit,
    /** Value, onChange and error of a text field (an input, a select or a textarea). */
    text: <K extends keyof V & string>(name: K) => ({
      value: values[name] as string,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        set(name, e.target.value as V[K]),
      error: shown(name),
    }),
    /** Checked, onChange and error of a checkbox. */
    check: <K extends keyof V & string>(name: K) => ({
      checked: values[name] as boolean,
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked as V[K]),
      error: shown(name),
    }),
  }
}
