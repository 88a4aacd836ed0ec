import { useRef, useState } from 'react'
import { Figures, Money, PayoutForm, payoutFormTexts, useServices, useTranslation } from '../../../src/index'
import type { BalancesReply, Withdrawal } from '../contract'
import { parseDollars } from './amount-input'
import { ledgerApi } from './ledger-api'
import s from './styles'
import { WithdrawalDone } from './WithdrawalDone'
import { WithdrawalsList } from './WithdrawalsList'

/** The cash payout: the balances, the last payout done, the form, and the payouts so far. */
export function CashWithdrawal({
  balances,
  onBalances,
}: {
  balances: BalancesReply
  onBalances: (b: BalancesReply) => void
}) {
  const { t } = useTranslation('account')
  const { http, session } = useServices()
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
        onSubmit={async (request) => {
          const method = request.method as BalancesReply['withdrawal']['methods'][number]
          const r = await ledgerApi(http).withdraw({ kind: 'cash', ...request, method })
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
