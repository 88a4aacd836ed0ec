import { useRef, useState } from 'react'
import {
  codeText,
  LoadFailed,
  Money,
  Page,
  PayoutForm,
  type PayoutFormTexts,
  useLoad,
  useServices,
  useSession,
  useTranslation,
} from '../../../src/index'
import s from '../components/account.module.css'
import { parseDollars } from '../components/amount-input'
import { ledgerApi } from '../components/ledger-api'
import { RowsSkeleton } from '../components/Skeleton'
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
const CODE_FIELD = {
  below_minimum: 'amount',
  insufficient_balance: 'amount',
  wrong_password: 'password',
} as const

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
  const session = useSession()
  const [done, setDone] = useState<Withdrawal | null>(null)
  const [version, setVersion] = useState(0)
  const doneRef = useRef<HTMLDivElement>(null)
  const { minimum_cents: minimum, methods } = balances.withdrawal
  const payable = balances.cash.payable_cents
  const canWithdraw = payable >= minimum

  const texts: PayoutFormTexts = {
    title: t('withdraw.formTitle'),
    amount: t('withdraw.amount'),
    amountHint: () => (
      <>
        {t('withdraw.minimum')} <Money cents={minimum} />
      </>
    ),
    method: t('withdraw.method'),
    methodName: (m) => t(`method.${m}`),
    destination: (m) => t(`withdraw.destination.${m}`),
    destinationHint: t('withdraw.holdHint', { days: balances.withdrawal.hold_days }),
    destinationMissing: (m) => t(`withdraw.error.destination.${m}`),
    password: t('withdraw.password'),
    passwordMissing: t('withdraw.error.password'),
    reveal: { show: t('withdraw.showPassword'), hide: t('withdraw.hidePassword') },
    submit: t('withdraw.submit'),
    sending: t('withdraw.sending'),
    network: t('withdraw.error.network'),
    code: (code, fallback) => codeText(t, code, fallback, CODE_KEYS),
  }

  function checkAmount(text: string): string | null {
    const cents = parseDollars(text)
    if (cents === null || cents <= 0) return t('withdraw.error.amount')
    if (cents < minimum) return t('withdraw.error.below_minimum')
    if (cents > payable) return t('withdraw.error.insufficient_balance')
    return null
  }

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
      <PayoutForm
        titleId="withdraw-form-title"
        methods={methods}
        texts={texts}
        amountMode="decimal"
        checkAmount={checkAmount}
        codeFields={CODE_FIELD}
        disabled={!canWithdraw}
        onSubmit={async (v, idempotencyKey) => {
          const r = await ledgerApi(http).withdraw({
            kind: 'cash',
            amount: parseDollars(v.amount)!,
            method: v.method as BalancesReply['withdrawal']['methods'][number],
            destination: v.destination,
            password: v.password,
            idempotency_key: idempotencyKey,
          })
          setDone(r.data)
          onBalances({ ...balances, ...r.balances })
          setVersion((n) => n + 1)
          void session.resync() // the header's balance
          requestAnimationFrame(() => doneRef.current?.querySelector('h2')?.focus())
        }}
      />
      <WithdrawalsList kind="cash" version={version} />
    </>
  )
}
