import type { ReactNode } from 'react'
import { HttpError } from '../http/client'
import { Button } from './Button'
import { Field, FormAlert, type RevealTexts } from './Field'
import s from './payout-form.module.css'
import { type FormErrors, splitServerErrors, useForm } from './useForm'
import { useIdempotencyKey } from './useIdempotencyKey'

/** What the member typed: the amount as text (the caller parses it), the method, where to, the password. */
export interface PayoutValues {
  amount: string
  method: string
  destination: string
  password: string
}
export type PayoutField = keyof PayoutValues

/** Every text of the form, already translated (the core has no text of its own). */
export interface PayoutFormTexts {
  title: string
  amount: string
  /** Under the amount: e.g. the minimum and what the typed amount is worth. */
  amountHint: (amount: string) => ReactNode
  method: string
  methodName: (method: string) => string
  destination: (method: string) => string
  destinationHint: ReactNode
  destinationMissing: (method: string) => string
  password: string
  passwordMissing: string
  reveal: RevealTexts
  submit: string
  sending: string
  /** The alert when the request may not have arrived (network failure, a 5xx). */
  network: string
  /** A refusal's code as the text shown, else `fallback` (the server's message). */
  code: (code: string | undefined, fallback: string) => string
}

export interface PayoutFormProps {
  /** The id of the form's h2, which names the form. */
  titleId: string
  methods: readonly string[]
  texts: PayoutFormTexts
  /** `decimal` for money, `numeric` for whole units. */
  amountMode: 'decimal' | 'numeric'
  /** The amount's own error (unreadable, under a minimum, over the balance), or null when it is fine. */
  checkAmount: (amount: string) => string | null
  /** Server codes that belong beside a field (the rest are the form's). */
  codeFields: Readonly<Record<string, PayoutField>>
  /** Nothing can be paid yet: the submit button is off. */
  disabled?: boolean
  /**
   * Sends the payout with this attempt's idempotency key; throws the HttpError of a refusal. After it
   * resolves the key is renewed and the amount and password are cleared.
   */
  onSubmit: (values: PayoutValues, idempotencyKey: string) => Promise<void>
}

/**
 * A password-confirmed, idempotent payout form: amount, method radios, destination, password, the
 * form's alert and submit. One idempotency key per attempt: kept across a double click and a retry
 * after a network failure (the request may have been booked), renewed once the server booked it or
 * refused it. A refusal's code goes beside its field by `codeFields`, the server's field errors beside
 * theirs, anything else in the alert. It knows no plugin and no API address.
 */
export function PayoutForm({
  titleId,
  methods,
  texts,
  amountMode,
  checkAmount,
  codeFields,
  disabled = false,
  onSubmit,
}: PayoutFormProps) {
  const key = useIdempotencyKey()
  const f = useForm<PayoutValues>(
    { amount: '', method: methods[0] ?? '', destination: '', password: '' },
    { clearErrorOnChange: true },
  )

  function validate(v: PayoutValues): FormErrors {
    const e: FormErrors = {}
    const amount = checkAmount(v.amount)
    if (amount) e.amount = amount
    if (!v.destination.trim()) e.destination = texts.destinationMissing(v.method)
    if (!v.password) e.password = texts.passwordMissing
    return e
  }

  const submit = f.onSubmit(async (v) => {
    try {
      await onSubmit({ ...v, destination: v.destination.trim() }, key.current)
      key.renew()
      f.set('amount', '')
      f.set('password', '')
    } catch (e) {
      if (!(e instanceof HttpError) || e.kind !== 'status' || (e.status ?? 500) >= 500) {
        // the request may have been booked: keep the key, so sending again gets the first answer
        f.show({}, texts.code(e instanceof HttpError ? e.code : undefined, texts.network))
        return
      }
      key.renew() // the server refused it: nothing was booked
      const field = e.code ? codeFields[e.code] : undefined
      if (field) {
        f.show({ [field]: texts.code(e.code, e.firstError ?? '') })
        return
      }
      const split = splitServerErrors(e.errors, Object.keys(f.values), (msg, name) =>
        texts.code(e.codes[name] ?? e.code, msg),
      )
      f.show(
        split.fields,
        split.form ?? (Object.keys(split.fields).length ? null : texts.code(e.code, e.message)),
      )
    }
  }, validate)

  return (
    <form ref={f.ref} className={s.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.title}</h2>
      <Field
        id="amount"
        label={texts.amount}
        inputMode={amountMode}
        autoComplete="off"
        hint={texts.amountHint(f.values.amount)}
        {...f.text('amount')}
      />
      <fieldset className={s.radios}>
        <legend>{texts.method}</legend>
        {methods.map((m) => (
          <label key={m} className={s.radio}>
            <input
              type="radio"
              name="method"
              value={m}
              checked={f.values.method === m}
              onChange={() => f.set('method', m)}
            />
            {texts.methodName(m)}
          </label>
        ))}
      </fieldset>
      <Field
        id="destination"
        label={texts.destination(f.values.method)}
        autoComplete={f.values.method === 'bank' ? 'off' : 'email'}
        hint={texts.destinationHint}
        {...f.text('destination')}
      />
      <Field
        id="password"
        label={texts.password}
        type="password"
        autoComplete="current-password"
        reveal={texts.reveal}
        {...f.text('password')}
      />
      <FormAlert text={f.alert} />
      <Button type="submit" size="large" disabled={f.busy || disabled} aria-busy={f.busy}>
        {f.busy ? texts.sending : texts.submit}
      </Button>
    </form>
  )
}
