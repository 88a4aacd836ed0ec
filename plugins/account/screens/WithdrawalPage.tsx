import { useRef, useState } from 'react'
import {
  Button,
  codeText,
  Field,
  FormAlert,
  type FormErrors,
  HttpError,
  LoadFailed,
  Money,
  Page,
  splitServerErrors,
  useForm,
  useLoad,
  useServices,
  useTranslation,
} from '../../../src/index'
import s from '../components/account.module.css'
import { parseDollars } from '../components/amount-input'
import { ledgerApi } from '../components/ledger-api'
import { RowsSkeleton } from '../components/Skeleton'
import { useIdempotencyKey } from '../components/useIdempotencyKey'
import { WithdrawalDone } from '../components/WithdrawalDone'
import { WithdrawalsList } from '../components/WithdrawalsList'
import type { BalancesReply, Withdrawal } from '../contract'

/** Server error codes of a payout request and their texts (account namespace). */
const CODE_KEYS = {
  below_minimum: 'account:withdraw.error.below_minimum',
  insufficient_balance: 'account:withdraw.error.insufficient_balance',
  wrong_password: 'account:withdraw.error.wrong_password',
  idempotency_conflict: 'account:withdraw.error.idempotency_conflict',
} as const
/** The field a code belongs beside (the rest are the form's). */
const CODE_FIELD: Record<string, 'amount' | 'password'> = {
  below_minimum: 'amount',
  insufficient_balance: 'amount',
  wrong_password: 'password',
}
const FIELDS = ['amount', 'method', 'destination', 'password']

/**
 * /account/withdrawal: the payable cash balance paid out to PayPal, a bank account or a gift card.
 * The member confirms with their password; one idempotency key per attempt makes a double click or
 * a retry pay once.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation('account')
  const { http } = useServices()
  const api = ledgerApi(http)
  const balances = useLoad('balances', () => api.balances())
  return (
    <Page title={t('withdraw.title')} className={s.page} testId="withdrawal-page">
      <p className={s.lead}>{t('withdraw.lead')}</p>
      {balances.status === 'error' ? (
        <LoadFailed error={balances.error} onRetry={balances.retry} what={t('withdraw.failed')} />
      ) : null}
      {!balances.data && balances.status === 'loading' ? <RowsSkeleton rows={4} /> : null}
      {balances.data ? <CashWithdrawal balances={balances.data} onBalances={balances.set} /> : null}
    </Page>
  )
}

function CashWithdrawal({
  balances,
  onBalances,
}: {
  balances: BalancesReply
  onBalances: (b: BalancesReply) => void
}) {
  const { t } = useTranslation('account')
  const { http } = useServices()
  const key = useIdempotencyKey()
  const [done, setDone] = useState<Withdrawal | null>(null)
  const [version, setVersion] = useState(0)
  const doneRef = useRef<HTMLDivElement>(null)
  const { minimum_cents: minimum, methods } = balances.withdrawal
  const payable = balances.cash.payable_cents
  const f = useForm(
    { amount: '', method: methods[0] ?? 'paypal', destination: '', password: '' },
    { clearErrorOnChange: true },
  )

  function validate(v: typeof f.values): FormErrors {
    const e: FormErrors = {}
    const cents = parseDollars(v.amount)
    if (cents === null || cents <= 0) e.amount = t('withdraw.error.amount')
    else if (cents < minimum) e.amount = t('withdraw.error.below_minimum')
    else if (cents > payable) e.amount = t('withdraw.error.insufficient_balance')
    if (!v.destination.trim()) e.destination = t(`withdraw.error.destination.${v.method}`)
    if (!v.password) e.password = t('withdraw.error.password')
    return e
  }

  const submit = f.onSubmit(async (v) => {
    try {
      const r = await ledgerApi(http).withdraw({
        kind: 'cash',
        amount: parseDollars(v.amount)!,
        method: v.method as BalancesReply['withdrawal']['methods'][number],
        destination: v.destination.trim(),
        password: v.password,
        idempotency_key: key.current,
      })
      key.renew()
      setDone(r.data)
      onBalances({ ...balances, ...r.balances })
      setVersion((n) => n + 1)
      f.set('amount', '')
      f.set('password', '')
      requestAnimationFrame(() => doneRef.current?.querySelector('h2')?.focus())
    } catch (e) {
      if (!(e instanceof HttpError) || e.kind !== 'status' || (e.status ?? 500) >= 500) {
        // the request may have been booked: keep the key, so sending again answers the first answer
        f.show({}, codeText(t, e instanceof HttpError ? e.code : undefined, t('withdraw.error.network')))
        return
      }
      key.renew() // the server refused it: nothing was booked
      const field = e.code ? CODE_FIELD[e.code] : undefined
      if (field) {
        f.show({ [field]: codeText(t, e.code, e.firstError ?? '', CODE_KEYS) })
        return
      }
      const split = splitServerErrors(e.errors, FIELDS, (msg, name) =>
        codeText(t, e.codes[name] ?? e.code, msg, CODE_KEYS),
      )
      f.show(
        split.fields,
        split.form ?? (Object.keys(split.fields).length ? null : codeText(t, e.code, e.message)),
      )
    }
  }, validate)

  const canWithdraw = payable >= minimum
  return (
    <>
      <dl className={s.totals}>
        <div className={s.total}>
          <dt>{t('withdraw.payable')}</dt>
          <dd data-testid="payable-balance">
            <Money cents={payable} />
          </dd>
        </div>
        <div className={s.total}>
          <dt>{t('withdraw.pending')}</dt>
          <dd>
            <Money cents={balances.cash.pending_cents} />
          </dd>
        </div>
      </dl>
      <div ref={doneRef}>{done ? <WithdrawalDone w={done} /> : null}</div>
      {!canWithdraw ? (
        <p className={s.card} data-testid="below-minimum">
          {t('withdraw.notYet')} <Money cents={minimum} />.
        </p>
      ) : null}
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate aria-labelledby="withdraw-form-title">
        <h2 id="withdraw-form-title">{t('withdraw.formTitle')}</h2>
        <Field
          id="amount"
          label={t('withdraw.amount')}
          inputMode="decimal"
          autoComplete="off"
          hint={
            <>
              {t('withdraw.minimum')} <Money cents={minimum} />
            </>
          }
          {...f.text('amount')}
        />
        <fieldset className={s.radios}>
          <legend>{t('withdraw.method')}</legend>
          {methods.map((m) => (
            <label key={m} className={s.radio}>
              <input
                type="radio"
                name="method"
                value={m}
                checked={f.values.method === m}
                onChange={() => f.set('method', m)}
              />
              {t(`method.${m}`)}
            </label>
          ))}
        </fieldset>
        <Field
          id="destination"
          label={t(`withdraw.destination.${f.values.method}`)}
          autoComplete={f.values.method === 'bank' ? 'off' : 'email'}
          hint={t('withdraw.holdHint', { days: balances.withdrawal.hold_days })}
          {...f.text('destination')}
        />
        <Field
          id="password"
          label={t('withdraw.password')}
          type="password"
          autoComplete="current-password"
          reveal={{ show: t('withdraw.showPassword'), hide: t('withdraw.hidePassword') }}
          {...f.text('password')}
        />
        <FormAlert text={f.alert} />
        <Button type="submit" size="large" disabled={f.busy || !canWithdraw} aria-busy={f.busy}>
          {f.busy ? t('withdraw.sending') : t('withdraw.submit')}
        </Button>
      </form>
      <WithdrawalsList kind="cash" version={version} />
    </>
  )
}
