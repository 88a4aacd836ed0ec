import {
  Button,
  errorText,
  Field,
  FormAlert,
  HttpError,
  LoadView,
  surface,
  useLoad,
  useServices,
  useTranslation,
} from '@core'
import type { TFunction } from 'i18next'
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react'
import { StaffLayout } from '../shell/StaffLayout'
import { type QueuesApi, queuesApi } from './api'
import s from './queues.module.css'

/** Server codes of a decision that have a text of their own (`errors.<code>`). */
const CODES = [
  'already_decided',
  'not_found',
  'over_claim',
  'over_monthly_cap',
  'invalid_amount',
  'over_order_amount',
  'conversion_taken',
  'not_this_network',
  'staff_role',
  'staff_sign_in_required',
]

/** A refused or failed decision as one sentence in the page's language. */
export function actionError(t: TFunction, e: unknown): string {
  if (e instanceof HttpError) {
    const code = Object.values(e.codes).find((c) => CODES.includes(c))
    if (code) return t(`errors.${code}`)
  }
  return t('errors.failed', { reason: errorText(t, e) })
}

/**
 * One queue: its items loaded once (a retry on failure), the api, and `done(id, text)` which takes a
 * decided item off the list and says what was done in the page's status line (focused, so a screen
 * reader reads it and the keyboard goes on from the top of the list).
 */
export function useQueue<T extends { id: number }>(
  name: string,
  load: (api: QueuesApi) => Promise<{ data: T[] }>,
) {
  const { http } = useServices()
  const api = useMemo(() => queuesApi(http), [http])
  const list = useLoad(name, () => load(api).then((r) => r.data))
  const [said, setSaid] = useState('')
  const saidRef = useRef<HTMLParagraphElement>(null)
  const done = (id: number, text: string) => {
    list.update((rows) => rows.filter((r) => r.id !== id))
    setSaid(text)
    setTimeout(() => saidRef.current?.focus(), 0)
  }
  return { api, list, said, saidRef, done }
}

/** The page of a queue: the staff frame, what was done last, the list (loading, failed with a retry, empty). */
export function QueuePage<T extends { id: number }>({
  part,
  q,
  children,
}: {
  /** the queue's texts in staff-queues (`<part>.title`, `.lead`, `.failed`, `.empty`) */
  part: 'payouts' | 'claims' | 'inquiries' | 'protection'
  q: ReturnType<typeof useQueue<T>>
  children: (item: T) => ReactNode
}) {
  const { t } = useTranslation('staff-queues')
  return (
    <StaffLayout title={t(`${part}.title`)}>
      <p className={s.lead}>{t(`${part}.lead`)}</p>
      <p role="status" ref={q.saidRef} tabIndex={-1} className={q.said ? surface.success : s.quiet}>
        {q.said}
      </p>
      <LoadView load={q.list} what={t(`${part}.failed`)}>
        {(rows) =>
          rows.length ? (
            <ul className={s.items} data-testid={part}>
              {rows.map((r) => (
                <li key={r.id}>{children(r)}</li>
              ))}
            </ul>
          ) : (
            <p className={s.empty} data-testid="queue-empty">
              {t(`${part}.empty`)}
            </p>
          )
        }
      </LoadView>
    </StaffLayout>
  )
}

/** An item of a queue: a card named by its heading, with its facts and its decisions. */
export function QueueItem({
  id,
  heading,
  facts,
  children,
  testId,
}: {
  id: string
  heading: ReactNode
  facts: [string, ReactNode][]
  children: ReactNode
  testId: string
}) {
  return (
    <article className={surface.card} aria-labelledby={`${id}-h`} data-testid={testId}>
      <h2 id={`${id}-h`}>{heading}</h2>
      <dl className={s.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={s.actions}>{children}</div>
    </article>
  )
}

/** A decision's state: busy while it runs, the sentence of its refusal. */
function useAct() {
  const { t } = useTranslation('staff-queues')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const act = async (run: () => Promise<unknown>) => {
    setBusy(true)
    setError('')
    try {
      await run()
    } catch (e) {
      setError(actionError(t, e))
      setBusy(false)
    }
  }
  return { busy, error, act }
}

/**
 * A decision as a small form: its fields (none for a one-click approval), its button, the refusal in
 * an alert. `submit` returns a field error to show instead of sending, or runs the decision.
 */
export function DecisionForm({
  id,
  label,
  button,
  secondary,
  children,
  onSubmit,
}: {
  id: string
  /** the form's accessible name (which decision of which item) */
  label: string
  button: string
  secondary?: boolean
  children?: ReactNode
  onSubmit: (form: HTMLFormElement) => (() => Promise<unknown>) | undefined
}) {
  const { busy, error, act } = useAct()
  const send = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const run = onSubmit(e.currentTarget)
    if (run) void act(run)
  }
  return (
    <form className={s.decision} aria-label={label} onSubmit={send} noValidate id={id}>
      {children}
      <Button type="submit" variant={secondary ? 'secondary' : 'primary'} disabled={busy} aria-busy={busy}>
        {button}
      </Button>
      <FormAlert text={error} />
    </form>
  )
}

/** A reason field the member will read (reject, decline), required, with its own error. */
export function ReasonForm({
  part,
  verb,
  item,
  name,
  send,
  done,
}: {
  part: 'payouts' | 'claims' | 'inquiries' | 'protection'
  verb: 'reject' | 'decline'
  item: number
  /** the item's name (its heading) */
  name: string
  send: (reason: string) => Promise<unknown>
  /** takes the item off the queue, saying what was done (useQueue's done) */
  done: (id: number, text: string) => void
}) {
  const { t } = useTranslation('staff-queues')
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const id = `${part}-${item}-${verb}`
  return (
    <DecisionForm
      id={id}
      label={t(`${part}.${verb}Label`, { name })}
      button={t(`${part}.${verb}`)}
      secondary
      onSubmit={(form) => {
        const text = reason.trim()
        if (!text) {
          setError(t('reason.required'))
          ;(form.elements.namedItem(`${id}-reason`) as HTMLInputElement | null)?.focus()
          return undefined
        }
        setError('')
        return async () => {
          await send(text)
          done(item, t(`${part}.${verb === 'reject' ? 'rejected' : 'declined'}`, { name }))
        }
      }}
    >
      <Field
        id={`${id}-reason`}
        label={t('reason.label')}
        hint={t('reason.hint')}
        value={reason}
        maxLength={500}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
    </DecisionForm>
  )
}
