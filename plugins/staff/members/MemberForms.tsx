import {
  Button,
  codeText,
  errorText,
  Field,
  FormAlert,
  type FormErrors,
  formatCents,
  HttpError,
  useForm,
  useTranslation,
} from '@core'
import type { TFunction } from 'i18next'
import { type ChangeEvent, type FormEvent, type ReactNode, type RefObject, useState } from 'react'
import { signedCents } from './amount'
import { useMembersApi } from './api'
import type { Adjustment, MemberDetail } from './contract'
import s from './members.module.css'

/** Server codes of this folder's calls with a text of their own (staff-members:errors.<code>). */
const CODES = [
  'adjustment_decided',
  'adjustment_not_found',
  'adjustment_own_request',
  'balance_too_low',
  'member_already_locked',
  'member_not_found',
  'member_not_locked',
  'staff_role',
  'staff_sign_in_required',
]

/** A failed call as text: this namespace's text of its code, else the core's, else the server's words. */
export function failureText(t: TFunction, e: unknown): string {
  if (!(e instanceof HttpError) || !e.firstError) return errorText(t, e)
  const keys = Object.fromEntries(CODES.map((c) => [c, `staff-members:errors.${c}`]))
  return codeText(t, e.code, e.firstError, keys)
}

/**
 * A failed call as the form shows it: the reason's own error (a 422 on it), a code that belongs to a
 * field (`fieldOf`: code -> field) under that field, else the form-level alert.
 */
export function failureOf(
  t: TFunction,
  e: unknown,
  fieldOf: Record<string, string> = {},
): [FormErrors, string | null] {
  if (e instanceof HttpError && e.status === 422 && e.errors?.reason)
    return [{ reason: t('errors.reason') }, null]
  const field = e instanceof HttpError && e.code ? fieldOf[e.code] : undefined
  if (field) return [{ [field]: failureText(t, e) }, null]
  return [{}, failureText(t, e)]
}

/** A reason of at least 3 characters, as the server wants it. */
export const reasonCheck = (t: TFunction) => (v: { reason: string }) => ({
  reason: v.reason.trim().length < 3 ? t('errors.reason') : undefined,
})

/**
 * A form of this folder: its fields, then the form-level alert, the submit button (and `more` buttons),
 * and the live region that says what was done (`done`).
 */
export function StaffForm({
  form,
  onSubmit,
  labelledBy,
  submit,
  look = 'primary',
  more,
  done,
  doneTestId,
  children,
}: {
  form: { ref: RefObject<HTMLFormElement | null>; alert: string | null; busy: boolean }
  onSubmit: (e: FormEvent) => void
  labelledBy?: string
  submit: string
  look?: 'primary' | 'secondary'
  more?: ReactNode
  done?: string
  doneTestId?: string
  children: ReactNode
}) {
  return (
    <form ref={form.ref} className={s.form} noValidate aria-labelledby={labelledBy} onSubmit={onSubmit}>
      {children}
      <FormAlert text={form.alert} />
      <div className={s.actions}>
        <Button type="submit" disabled={form.busy} variant={look}>
          {submit}
        </Button>
        {more}
      </div>
      {done === undefined ? null : (
        <p role="status" className={s.status} data-testid={doneTestId}>
          {done}
        </p>
      )}
    </form>
  )
}

/** The reason of a lock, an unlock, an adjustment or a rejection (at most 500 characters, as the server takes). */
export function ReasonField({
  id,
  label,
  hint,
  form,
}: {
  id: string
  label: string
  hint?: string
  form: {
    text: (name: 'reason') => {
      value: string
      onChange: (e: ChangeEvent<HTMLInputElement>) => void
      error?: string | null
    }
  }
}) {
  return <Field id={id} name="reason" label={label} hint={hint} maxLength={500} {...form.text('reason')} />
}

/**
 * Lock or unlock the member with a reason (support, admin): the result is said in the live region and
 * the page shows the member as the server answers.
 */
export function LockForm({ member, onDone }: { member: MemberDetail; onDone: (m: MemberDetail) => void }) {
  const { t } = useTranslation('staff-members')
  const api = useMembersApi()
  const locked = member.locked_at !== null
  const f = useForm({ reason: '' }, { clearErrorOnChange: true })
  const [done, setDone] = useState('')
  const send = async (v: { reason: string }) => {
    setDone('')
    try {
      const r = await api.lock(member.id, !locked, v.reason.trim())
      f.set('reason', '')
      setDone(locked ? t('lock.unlockedNow') : t('lock.lockedNow'))
      onDone(r.data)
    } catch (e) {
      f.show(...failureOf(t, e))
    }
  }
  return (
    <StaffForm
      form={f}
      onSubmit={f.onSubmit(send, reasonCheck(t))}
      labelledBy="member-lock"
      submit={locked ? t('lock.unlock') : t('lock.lock')}
      look={locked ? 'secondary' : 'primary'}
      done={done}
    >
      <ReasonField
        id="lock-reason"
        label={locked ? t('lock.unlockReason') : t('lock.lockReason')}
        hint={locked ? undefined : t('lock.hint')}
        form={f}
      />
    </StaffForm>
  )
}

/**
 * A manual cash adjustment with its reason (finance, admin). Above `threshold` cents it waits for a
 * second staff member; the form says which happened.
 */
export function AdjustForm({
  memberId,
  threshold,
  onDone,
}: {
  memberId: number
  threshold: number | undefined
  onDone: (a: Adjustment) => void
}) {
  const { t, i18n } = useTranslation('staff-members')
  const api = useMembersApi()
  const f = useForm({ amount: '', reason: '' }, { clearErrorOnChange: true })
  const [done, setDone] = useState('')
  const send = async (v: { amount: string; reason: string }) => {
    setDone('')
    try {
      const r = await api.adjust(memberId, {
        amount_cents: signedCents(v.amount)!,
        reason: v.reason.trim(),
      })
      f.set('amount', '')
      f.set('reason', '')
      setDone(r.data.status === 'pending' ? t('adjust.waiting') : t('adjust.booked'))
      onDone(r.data)
    } catch (e) {
      f.show(...failureOf(t, e, { balance_too_low: 'amount' }))
    }
  }
  const check = (v: { amount: string; reason: string }) => ({
    amount: signedCents(v.amount) === null ? t('errors.amount') : undefined,
    ...reasonCheck(t)(v),
  })
  return (
    <StaffForm
      form={f}
      onSubmit={f.onSubmit(send, check)}
      labelledBy="member-adjust"
      submit={t('adjust.submit')}
      done={done}
      doneTestId="adjust-status"
    >
      <Field
        id="adjust-amount"
        name="amount"
        label={t('adjust.amountLabel')}
        hint={
          threshold === undefined
            ? t('adjust.amountHint')
            : `${t('adjust.amountHint')} ${t('adjust.threshold', { amount: formatCents(threshold, i18n.language) })}`
        }
        inputMode="decimal"
        autoComplete="off"
        {...f.text('amount')}
      />
      <ReasonField id="adjust-reason" label={t('adjust.reasonLabel')} form={f} />
    </StaffForm>
  )
}
