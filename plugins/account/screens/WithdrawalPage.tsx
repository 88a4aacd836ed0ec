import { useRef, useState } from 'react'
import {
  Figures,
  Lead,
  LoadFailed,
  Money,
  Page,
  PayoutForm,
  payoutFormTexts,
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
      <Lead>{t('withdraw.lead')}</Lead>
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

  const texts = payoutFormTexts(t, {
    amountHint: () => (
      <>
        {t('withdraw.minimum')} <Money cents={minimum} />
      </>
    ),
    destinationHint: t('withdraw.holdHint', { days: balances.withdrawal.hold_days }),
  })

  return (
    <>
      <Figures
        items={[
          { label: t('withdraw.payable'), value: <Money cents={payable} />, testId: 'payable-balance' },
          { label: t('withdraw.pending'), value: <Money cents={balances.cash.pending_cents} /> },
        ]}
      />
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
        amount={{ mode: 'decimal', parse: parseDollars, minimum, payable }}
        codeFields={CODE_FIELD}
        onSubmit={async (v, idempotencyKey) => {
          const r = await ledgerApi(http).withdraw({
            kind: 'cash',
            amount: v.amount,
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
