import { Button, FormAlert } from '@core'
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react'
import s from './styles'

/**
 * A member-area form in its card (message us, missing cash back, rebate claims): the title, the
 * status line once it was sent (focused then, so that it is read out), the fields, the form's alert
 * and the send button (its busy text while sending, when there is one).
 */
export function FormCard({
  form,
  onSubmit,
  title,
  testId,
  intro,
  done,
  doneTestId,
  send,
  sending,
  children,
}: {
  form: { ref: RefObject<HTMLFormElement | null>; alert: string | null; busy: boolean }
  onSubmit: (e: FormEvent) => void
  title: string
  testId?: string
  /** A line under the title. */
  intro?: ReactNode
  /** The status text once the form was sent, else null. */
  done: string | null
  doneTestId: string
  send: string
  sending?: string
  children: ReactNode
}) {
  const titleId = useId()
  const doneRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (done) doneRef.current?.focus()
  }, [done])
  return (
    <form
      ref={form.ref}
      onSubmit={onSubmit}
      noValidate
      className={s.card}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h2 id={titleId}>{title}</h2>
      {intro}
      {done ? (
        <p ref={doneRef} tabIndex={-1} role="status" className={s.ok} data-testid={doneTestId}>
          {done}
        </p>
      ) : null}
      {children}
      <FormAlert text={form.alert} />
      <div className={s.actions}>
        <Button type="submit" disabled={form.busy} aria-busy={form.busy}>
          {form.busy && sending ? sending : send}
        </Button>
      </div>
    </form>
  )
}
