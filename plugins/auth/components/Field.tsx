import { type InputHTMLAttributes, type ReactNode, useState } from 'react'
import s from './auth.module.css'

/** A labelled input with its hint and its own error message right below it. */
export function Field({
  id,
  label,
  error,
  hint,
  reveal,
  ...input
}: {
  id: string
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  /** Texts of the show/hide toggle of a password field: short visible words, full accessible names. */
  reveal?: { show: string; hide: string; showShort?: string; hideShort?: string }
} & InputHTMLAttributes<HTMLInputElement>) {
  const [shown, setShown] = useState(false)
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={s.field}>
      <label htmlFor={id}>{label}</label>
      <div className={s.inputRow}>
        <input
          id={id}
          name={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
          type={reveal && shown ? 'text' : input.type}
        />
        {reveal ? (
          <button
            type="button"
            className={s.reveal}
            aria-pressed={shown}
            aria-controls={id}
            aria-label={reveal.show}
            onClick={() => setShown((v) => !v)}
          >
            {reveal.showShort ?? reveal.show}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={s.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={s.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The form-level message (server or network), announced when it appears. */
export function FormAlert({ text }: { text: string | null }) {
  return (
    <div role="alert" className={text ? s.alert : undefined}>
      {text}
    </div>
  )
}

/** Moves focus to the first field with an error, so a screen reader reads its message. */
export function focusFirstError(form: HTMLFormElement | null, names: string[]): void {
  for (const n of names) {
    const el = form?.querySelector<HTMLElement>(`[name="${CSS.escape(n)}"]`)
    if (el) {
      el.focus()
      return
    }
  }
}
