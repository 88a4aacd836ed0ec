import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
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
import {
  type CoinBalancesReply,
  type CoinWithdrawal,
  coinApi,
  coinsToCents,
  formatCoins,
  type PayoutMethod,
} from '../components/coin-ledger'
import s from '../components/coins.module.css'

const CODE_KEYS = {
  below_minimum: 'coins:withdraw.error.below_minimum',
  insufficient_balance: 'coins:withdraw.error.insufficient_balance',
  wrong_password: 'coins:withdraw.error.wrong_password',
  idempotency_conflict: 'coins:withdraw.error.idempotency_conflict',
} as const
const CODE_FIELD: Record<string, 'amount' | 'password'> = {
  below_minimum: 'amount',
  insufficient_balance: 'amount',
  wrong_password: 'password',
}
const FIELDS = ['amount', 'method', 'destination', 'password']

/**
 * /account/withdrawal-coin: payable coins paid out as dollars at the rate of constants.json. The
 * member confirms with their password; one idempotency key per attempt makes a double click or a
 * retry pay once.
 */
export default function CoinWithdrawalPage() {
  const { t } = useTranslation('coins')
  const { http } = useServices()
  const balances = useLoad('balances', () => coinApi(http).balances())
  return (
    <Page title={t('withdraw.title')} className={s.page} testId="coin-withdrawal-page">
      <p className={s.lead}>{t('withdraw.lead')}</p>
      {balances.status === 'error' ? (
        <LoadFailed error={balances.error} onRetry={balances.retry} what={t('withdraw.failed')} />
      ) : null}
      {!balances.data && balances.status === 'loading' ? (
        <div role="status" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
          <div className={s.skeleton} />
        </div>
      ) : null}
      {balances.data ? <CoinForm balances={balances.data} onBalances={balances.set} /> : null}
    </Page>
  )
}

function CoinForm({
  balances,
  onBalances,
}: {
  balances: CoinBalancesReply
  onBalances: (b: CoinBalancesReply) => void
}) {
  const { t, i18n } = useTranslation('coins')
  const { http } = useServices()
  const lng = i18n.language
  // one key per attempt: kept for a double click and a retry after a network failure, renewed once
  // the server booked it or refused it
  const key = useRef<string | null>(null)
  key.current ??= crypto.randomUUID()
  const [done, setDone] = useState<CoinWithdrawal | null>(null)
  const doneRef = useRef<HTMLHeadingElement>(null)
  const { minimum_coins: minimum, coins_per_dollar: rate, methods } = balances.withdrawal
  const payable = balances.coin.payable
  const f = useForm(
    { amount: '', method: methods[0] ?? 'paypal', destination: '', password: '' },
    { clearErrorOnChange: true },
  )
  const coins = /^\d+$/.test(f.values.amount.trim().replace(/,/g, ''))
    ? Number(f.values.amount.trim().replace(/,/g, ''))
    : null
  const coinsText = (n: number) => t('amount', { count: n, value: formatCoins(n, lng) })

  function validate(v: typeof f.values): FormErrors {
    const e: FormErrors = {}
    const n = /^\d+$/.test(v.amount.trim().replace(/,/g, ''))
      ? Number(v.amount.trim().replace(/,/g, ''))
      : null
    if (n === null || n <= 0) e.amount = t('withdraw.error.amount')
    else if (n < minimum) e.amount = t('withdraw.error.below_minimum')
    else if (n > payable) e.amount = t('withdraw.error.insufficient_balance')
    if (!v.destination.trim()) e.destination = t(`withdraw.error.destination.${v.method}`)
    if (!v.password) e.password = t('withdraw.error.password')
    return e
  }

  const submit = f.onSubmit(async (v) => {
    try {
      const r = await coinApi(http).withdraw({
        kind: 'coin',
        amount: Number(v.amount.trim().replace(/,/g, '')),
        method: v.method as PayoutMethod,
        destination: v.destination.trim(),
        password: v.password,
        idempotency_key: key.current!,
      })
      key.current = crypto.randomUUID()
      setDone(r.data)
      onBalances({ ...balances, ...r.balances })
      f.set('amount', '')
      f.set('password', '')
      requestAnimationFrame(() => doneRef.current?.focus())
    } catch (e) {
      if (!(e instanceof HttpError) || e.kind !== 'status' || (e.status ?? 500) >= 500) {
        f.show({}, codeText(t, e instanceof HttpError ? e.code : undefined, t('withdraw.error.network')))
        return
      }
      key.current = crypto.randomUUID()
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
          <dd data-testid="coins-payable">{coinsText(payable)}</dd>
        </div>
        <div className={s.total}>
          <dt>{t('withdraw.worth')}</dt>
          <dd>
            <Money cents={coinsToCents(payable, rate)} />
          </dd>
        </div>
      </dl>
      <p data-testid="coin-rate">
        {t('withdraw.rate', { coins: formatCoins(rate, lng) })} <Money cents={100} />
      </p>
      {done ? (
        <section className={s.success} aria-labelledby="coin-done" data-testid="withdrawal-done">
          <h2 id="coin-done" ref={doneRef} tabIndex={-1}>
            {t('withdraw.done')}
          </h2>
          <p>
            {coinsText(Math.abs(done.amount))} · {t(`method.${done.method}`, { defaultValue: done.method })} ·{' '}
            {done.destination} · {t(`status.${done.status}`, { defaultValue: done.status })}
          </p>
          {done.release_at ? (
            <p data-testid="release-at">
              {t('withdraw.releaseAt', {
                date: new Date(done.release_at).toLocaleDateString(lng === 'es' ? 'es-US' : 'en-US', {
                  dateStyle: 'medium',
                }),
              })}
            </p>
          ) : null}
        </section>
      ) : null}
      {!canWithdraw ? (
        <p className={s.card} data-testid="below-minimum">
          {t('withdraw.notYet', { minimum: formatCoins(minimum, lng) })}{' '}
          <Link to="/surveys">{t('history.earn')}</Link>
        </p>
      ) : null}
      <form ref={f.ref} className={s.form} onSubmit={submit} noValidate aria-labelledby="coin-form-title">
        <h2 id="coin-form-title">{t('withdraw.formTitle')}</h2>
        <Field
          id="amount"
          label={t('withdraw.amount')}
          inputMode="numeric"
          autoComplete="off"
          hint={
            <>
              {t('withdraw.minimum', { minimum: formatCoins(minimum, lng) })}
              {coins ? (
                <>
                  {' · '}
                  {t('withdraw.youGet')} <Money cents={coinsToCents(coins, rate)} />
                </>
              ) : null}
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
      <p>
        <Link to="/account/coin/history">{t('withdraw.history')}</Link>
      </p>
    </>
  )
}
