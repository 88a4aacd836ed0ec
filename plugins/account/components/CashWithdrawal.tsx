import { Figures, Money, PayoutForm, payoutFormTexts, TestMoneyLabel, useServices } from '@core'
import { useRef, useState } from 'react'
import { ledgerApi } from '../api'
import type { BalancesReply, Withdrawal } from '../contract'
import { useAccountPages } from '../texts'
import { parseDollars } from './amount-input'
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
  const { t } = useAccountPages()
  const { http, session } = useServices()
  const [done, setDone] = useState<Withdrawal | null>(null)
  const [version, setVersion] = useState(0)
  const doneRef = useRef<HTMLDivElement>(null)
  const { minimum_cents: minimum, methods } = balances.withdrawal
  const payable = balances.cash.payable_cents
  // test money (booked by a development stand-in) is never paid out: the rest is what can be withdrawn
  const testCents = balances.test.cash_cents
  const withdrawable = balances.withdrawable.cash_cents
  const canWithdraw = withdrawable >= minimum

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
          {
            // with test money in it, the payable balance is not all "ready to withdraw"
            label: t(testCents !== 0 ? 'withdraw.payableWithTest' : 'withdraw.payable'),
            value: <Money cents={payable} />,
            testId: 'payable-balance',
          },
          { label: t('withdraw.pending'), value: <Money cents={balances.cash.pending_cents} /> },
          ...(testCents !== 0
            ? [
                {
                  label: t('withdraw.testMoney'),
                  value: (
                    <>
                      <Money cents={testCents} /> <TestMoneyLabel />
                    </>
                  ),
                  testId: 'test-balance',
                },
                {
                  label: t('withdraw.withdrawable'),
                  value: <Money cents={withdrawable} />,
                  testId: 'withdrawable-balance',
                },
              ]
            : []),
        ]}
      />
      {testCents !== 0 ? (
        <p className={s.card} data-testid="test-money-note">
          {t(balances.withdrawal.pays_test_money ? 'withdraw.testNoteDevPayouts' : 'withdraw.testNote')}
        </p>
      ) : null}
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
          // the balances again: what is withdrawable moved too (the reply has the sums only)
          onBalances(
            await ledgerApi(http)
              .balances()
              .catch(() => ({ ...balances, ...r.balances })),
          )
          setVersion((n) => n + 1)
          void session.resync() // the header's balance
          requestAnimationFrame(() => doneRef.current?.querySelector('h2')?.focus())
        }}
      />
      <WithdrawalsList kind="cash" version={version} />
    </>
  )
}
