import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { HttpError } from '../http/client'
import { codeText } from '../http/error-text'
import { Button } from './Button'
import { Field, FormAlert, RadioGroup, type RevealTexts } from './Field'
import s from './payout-form.module.css'
import { type FormErrors, splitServerErrors, useForm } from './useForm'
import { useIdempotencyKey } from './useIdempotencyKey'

/** What the member typed: the amount as text, the method, where to, the password. */
export interface PayoutValues {
  amount: string
  method: string
  destination: string
  password: string
}
export type PayoutField = keyof PayoutValues

/** The payout asked for: the amount parsed by the caller's `parse`, in its own unit (cents, coins). */
export interface PayoutRequest {
  amount: number
  method: string
  destination: string
  password: string
}

/** Every text of the form, already translated (the core has no text of its own). */
export interface PayoutFormTexts {
  title: string
  amount: string
  /** Under the amount: e.g. the minimum and what the typed amount is worth. */
  amountHint: (amount: string) => ReactNode
  amountInvalid: string
  belowMinimum: string
  overBalance: string
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

/** Server error codes of a payout request that have a text of their own under `withdraw.error.`. */
const PAYOUT_CODES = [
  'below_minimum',
  'insufficient_balance',
  'wrong_password',
  'idempotency_conflict',
  // a withdrawal that needs test money (booked by a development stand-in, never paid out)
  'test_money',
]

/**
 * The form's texts from a plugin namespace that has the payout keys (`withdraw.formTitle`,
 * `withdraw.amount`, `withdraw.destination.<method>`, `withdraw.error.<code>`, `method.<method>`, …):
 * `t` is that namespace's; the amount's and the destination's hints are the caller's.
 */
export function payoutFormTexts(
  t: TFunction,
  own: Pick<PayoutFormTexts, 'amountHint' | 'destinationHint'>,
): PayoutFormTexts {
  const codeKeys = Object.fromEntries(PAYOUT_CODES.map((c) => [c, `withdraw.error.${c}`]))
  return {
    ...own,
    title: t('withdraw.formTitle'),
    amount: t('withdraw.amount'),
    amountInvalid: t('withdraw.error.amount'),
    belowMinimum: t('withdraw.error.below_minimum'),
    overBalance: t('withdraw.error.insufficient_balance'),
    method: t('withdraw.method'),
    methodName: (m) => t(`method.${m}`),
    destination: (m) => t(`withdraw.destination.${m}`),
    destinationMissing: (m) => t(`withdraw.error.destination.${m}`),
    password: t('withdraw.password'),
    passwordMissing: t('withdraw.error.password'),
    reveal: { show: t('withdraw.showPassword'), hide: t('withdraw.hidePassword') },
    submit: t('withdraw.submit'),
    sending: t('withdraw.sending'),
    network: t('withdraw.error.network'),
    code: (code, fallback) => codeText(t, code, fallback, codeKeys),
  }
}

/** Where the payout refusals of the ledger belong: amount problems beside the amount, a wrong password beside it. */
export const PAYOUT_CODE_FIELDS: Readonly<Record<string, PayoutField>> = {
  below_minimum: 'amount',
  insufficient_balance: 'amount',
  wrong_password: 'password',
}

export interface PayoutFormProps {
  /** The id of the form's h2, which names the form. */
  titleId: string
  methods: readonly string[]
  texts: PayoutFormTexts
  amount: {
    /** `decimal` for money, `numeric` for whole units. */
    mode: 'decimal' | 'numeric'
    /** The typed text in the unit of `minimum` and `payable`, or null when it is not an amount. */
    parse: (text: string) => number | null
    minimum: number
    payable: number
  }
  /** Server codes that belong beside a field (the rest are the form's); default PAYOUT_CODE_FIELDS. */
  codeFields?: Readonly<Record<string, PayoutField>>
  /**
   * Sends the payout with this attempt's idempotency key (also in the request as `idempotency_key`);
   * throws the HttpError of a refusal. After it resolves the key is renewed and the amount and
   * password are cleared.
   */
  onSubmit: (request: PayoutRequest & { idempotency_key: string }, idempotencyKey: string) => Promise<void>
}

/**
 * A password-confirmed, idempotent payout form: amount, method radios, destination, password, the
 * form's alert and submit. One idempotency key per attempt: kept across a double click and a retry
 * after a network failure (the request may have been booked), renewed once the server booked it or
 * refused it. The amount is checked against the minimum and the payable balance (below the
 * minimum the submit is off). A refusal's code goes beside its field by `codeFields`, the server's field errors beside
 * theirs, anything else in the alert. It knows no plugin and no API address.
 */
export function PayoutForm({
  titleId,
  methods,
  texts,
  amount,
  codeFields = PAYOUT_CODE_FIELDS,
  onSubmit,
}: PayoutFormProps) {
  const key = useIdempotencyKey()
  const f = useForm<PayoutValues>(
    { amount: '', method: methods[0] ?? '', destination: '', password: '' },
    { clearErrorOnChange: true },
  )

  function validate(v: PayoutValues): FormErrors {
    const e: FormErrors = {}
    const n = amount.parse(v.amount)
    if (n === null || n <= 0) e.amount = texts.amountInvalid
    else if (n < amount.minimum) e.amount = texts.belowMinimum
    else if (n > amount.payable) e.amount = texts.overBalance
    if (!v.destination.trim()) e.destination = texts.destinationMissing(v.method)
    if (!v.password) e.password = texts.passwordMissing
    return e
  }

  const submit = f.onSubmit(async (v) => {
    try {
      await onSubmit(
        {
          amount: amount.parse(v.amount)!,
          method: v.method,
          destination: v.destination.trim(),
          password: v.password,
          idempotency_key: key.current,
        },
        key.current,
      )
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
        inputMode={amount.mode}
        autoComplete="off"
        hint={texts.amountHint(f.values.amount)}
        {...f.text('amount')}
      />
      <RadioGroup
        legend={texts.method}
        name="method"
        options={methods.map((m) => ({ value: m, label: texts.methodName(m) }))}
        value={f.values.method}
        onChange={(m) => f.set('method', m)}
      />
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
      <Button
        type="submit"
        size="large"
        disabled={f.busy || amount.payable < amount.minimum}
        aria-busy={f.busy}
      >
        {f.busy ? texts.sending : texts.submit}
      </Button>
    </form>
  )
}
